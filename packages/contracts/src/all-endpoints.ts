import { agencyAreaAgencyEndpoints, masterAgencyEndpoints } from './agencies/agencies.endpoints.ts';
import {
  clientAnnouncementEndpoints,
  masterAnnouncementEndpoints,
} from './announcements/announcements.endpoints.ts';
import { auditEndpoints } from './audit/audit.endpoints.ts';
import { authEndpoints } from './auth/auth.endpoints.ts';
import {
  agencyClientEndpoints,
  clientSelfEndpoints,
  masterClientEndpoints,
} from './clients/clients.endpoints.ts';
import type { Endpoint } from './common/endpoint.ts';
import { dashboardEndpoints } from './dashboard/dashboard.endpoints.ts';
import { devEndpoints } from './dev/dev.endpoints.ts';
import { searchEndpoints } from './search/search.endpoints.ts';
import { friendEndpoints } from './friends/friends.endpoints.ts';
import { inboxEndpoints } from './friends/inbox.endpoints.ts';
import { groupChatEndpoints } from './friends/groups.endpoints.ts';
import { tagEndpoints } from './friends/tags.endpoints.ts';
import { automationEndpoints } from './automation/automation.endpoints.ts';
import { keywordReplyEndpoints } from './automation/keyword-replies.endpoints.ts';
import { scenarioEndpoints } from './automation/scenarios.endpoints.ts';
import {
  lineAccountEndpoints,
  lineWebhookEndpoints,
  masterLineAccountEndpoints,
} from './line-accounts/line-accounts.endpoints.ts';
import {
  masterPaymentEndpoints,
  paymentEndpoints,
  stripeWebhookEndpoints,
} from './payments/payments.endpoints.ts';
import { richMenuEndpoints, richMenuTapHopEndpoints } from './rich-menus/rich-menus.endpoints.ts';
import { deliveryEndpoints, trackedLinkEndpoints } from './deliveries/deliveries.endpoints.ts';
import { messageTemplateEndpoints } from './deliveries/templates.endpoints.ts';
import { inflowEndpoints, inflowLandingEndpoints } from './inflow/inflow.endpoints.ts';
import { notificationEndpoints } from './notifications/notifications.endpoints.ts';
import { memberEndpoints, memberLiffEndpoints } from './members/members.endpoints.ts';
import { memberCardEndpoints, memberCardLiffEndpoints } from './members/member-card.endpoints.ts';
import { memberCouponEndpoints, memberCouponLiffEndpoints } from './members/coupons.endpoints.ts';
import { serviceEndpoints } from './services/services.endpoints.ts';
import { liffAppEndpoints } from './services/liff-app.ts';
import { shiftLiffEndpoints } from './shift/liff.endpoints.ts';
import { shiftEndpoints } from './shift/shift.endpoints.ts';
import {
  agencyAccountEndpoints,
  agencyUserEndpoints,
  clientUserEndpoints,
  masterAccountEndpoints,
  masterUserEndpoints,
} from './users/users.endpoints.ts';
import { deliveryImageEndpoints } from './deliveries/delivery-images.endpoints.ts';

/**
 * Every endpoint of the API, by domain and area (each group lives in its domain's folder). The API's tenant-isolation test walks this table and fails
 * for an endpoint it has no entry for, and for a served route missing here: add new groups below.
 */
export const endpointGroups = {
  auth: authEndpoints,
  dev: devEndpoints,
  masterUsers: masterUserEndpoints,
  agencyUsers: agencyUserEndpoints,
  clientUsers: clientUserEndpoints,
  masterAccount: masterAccountEndpoints,
  agencyAccount: agencyAccountEndpoints,
  masterAgencies: masterAgencyEndpoints,
  agencyAreaAgency: agencyAreaAgencyEndpoints,
  masterClients: masterClientEndpoints,
  agencyClients: agencyClientEndpoints,
  clientSelf: clientSelfEndpoints,
  masterAnnouncements: masterAnnouncementEndpoints,
  clientAnnouncements: clientAnnouncementEndpoints,
  audit: auditEndpoints,
  search: searchEndpoints,
  lineAccounts: lineAccountEndpoints,
  masterLineAccounts: masterLineAccountEndpoints,
  lineWebhook: lineWebhookEndpoints,
  services: serviceEndpoints,
  friends: friendEndpoints,
  inbox: inboxEndpoints,
  groupChats: groupChatEndpoints,
  tags: tagEndpoints,
  automation: automationEndpoints,
  shift: shiftEndpoints,
  shiftLiff: shiftLiffEndpoints,
  payments: paymentEndpoints,
  masterPayments: masterPaymentEndpoints,
  stripeWebhook: stripeWebhookEndpoints,
  richMenus: richMenuEndpoints,
  members: memberEndpoints,
  memberLiff: memberLiffEndpoints,
  memberCard: memberCardEndpoints,
  memberCardLiff: memberCardLiffEndpoints,
  liffApp: liffAppEndpoints,
  dashboard: dashboardEndpoints,
  notifications: notificationEndpoints,
  deliveries: deliveryEndpoints,
  trackedLinks: trackedLinkEndpoints,
  messageTemplates: messageTemplateEndpoints,
  deliveryImages: deliveryImageEndpoints,
  memberCoupons: memberCouponEndpoints,
  memberCouponsLiff: memberCouponLiffEndpoints,
  keywordReplies: keywordReplyEndpoints,
  scenarios: scenarioEndpoints,
  inflow: inflowEndpoints,
  inflowLanding: inflowLandingEndpoints,
  richMenuTapHop: richMenuTapHopEndpoints,
} as const satisfies Record<string, Record<string, Endpoint>>;

export const allEndpoints: readonly Endpoint[] = Object.values(endpointGroups).flatMap(
  (group) => Object.values(group) as Endpoint[],
);

/** `METHOD /path` — the key of an endpoint in route tables. */
export const endpointKey = (endpoint: Pick<Endpoint, 'method' | 'path'>): string =>
  `${endpoint.method} ${endpoint.path}`;
