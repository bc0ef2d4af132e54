import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/env.ts';
import { friendDirectories, lineAccountServiceLinks, segmentUses } from '../composition.ts';
import { authRoutes, clientSessionRoutes } from '../modules/auth/auth.routes.ts';
import {
  agencyClientRoutes,
  clientAreaRoutes,
  masterClientRoutes,
} from '../modules/clients/clients.routes.ts';
import {
  agencyDashboardRoutes,
  clientDashboardRoutes,
  masterDashboardRoutes,
} from '../modules/dashboard/dashboard.routes.ts';
import { devRoutes } from '../modules/dev/dev.routes.ts';
import { memberLiffRoutes, memberRoutes } from '../modules/members/members.routes.ts';
import { shiftRoutes } from '../modules/shift/shift.routes.ts';
import { agencyAreaAgencyRoutes, masterAgencyRoutes } from '../modules/agencies/agencies.routes.ts';
import {
  clientAnnouncementRoutes,
  masterAnnouncementRoutes,
} from '../modules/announcements/announcements.routes.ts';
import { masterAuditRoutes } from '../modules/audit/audit.routes.ts';
import { searchMasterRoutes } from '../modules/search/search.routes.ts';
import { agencyUserRoutes, clientUserRoutes, masterUserRoutes } from '../modules/users/users.routes.ts';
import { friendRoutes } from '../modules/friends/friends.routes.ts';
import { automationRoutes } from '../modules/automation/automation.routes.ts';
import { keywordReplyRoutes } from '../modules/automation/keyword-replies.routes.ts';
import { scenarioStarter } from '../modules/automation/scenario-starter.ts';
import { scenarioRoutes } from '../modules/automation/scenarios.routes.ts';
import { inflowLandingRoutes, inflowRoutes } from '../modules/inflow/inflow.routes.ts';
import { lineAccountRoutes } from '../modules/line-accounts/line-accounts.routes.ts';
import { lineWebhookRoutes } from '../modules/line-webhook/line-webhook.routes.ts';
import { deliveryRoutes, trackedLinkRoutes } from '../modules/deliveries/deliveries.routes.ts';
import { deliveryImageRoutes, deliveryMediaRoutes } from '../modules/deliveries/delivery-images.routes.ts';
import { notificationRoutes } from '../modules/notifications/notifications.routes.ts';
import { richMenuRoutes, richMenuTapHopRoutes } from '../modules/rich-menus/rich-menus.routes.ts';
import { serviceRoutes } from '../modules/services/services.routes.ts';
import {
  masterPaymentRoutes,
  paymentRoutes,
  stripeWebhookRoutes,
} from '../modules/payments/payments.routes.ts';

/**
 * One scope per API area of SPEC.md 7. Paths come whole from the contracts (they carry the area prefix);
 * access is declared per endpoint and checked centrally.
 */
export async function registerAreas(app: FastifyInstance, config: Config): Promise<void> {
  // /auth/api/v1/session
  await app.register(async (area) => authRoutes(area, config.rateLimits));
  // /client/api/v1
  await app.register(async (area) => {
    clientSessionRoutes(area);
    clientAreaRoutes(area);
    clientUserRoutes(area);
    clientAnnouncementRoutes(area);
    clientDashboardRoutes(area);
  });
  // /master/api/v1
  await app.register(async (area) => {
    masterUserRoutes(area);
    masterAgencyRoutes(area);
    masterClientRoutes(area);
    masterAnnouncementRoutes(area);
    masterAuditRoutes(area);
    masterDashboardRoutes(area);
  });
  // /agency/api/v1
  await app.register(async (area) => {
    agencyAreaAgencyRoutes(area);
    agencyClientRoutes(area);
    agencyUserRoutes(area);
    agencyDashboardRoutes(area);
  });
  // /search/api/v1/master
  await app.register(async (area) => searchMasterRoutes(area));
  // LINE accounts (client and master areas, master search), services, friends and the friend search
  await app.register(async (area) => {
    lineAccountRoutes(area, lineAccountServiceLinks);
    serviceRoutes(area);
    friendRoutes(area, friendDirectories);
    richMenuRoutes(area);
    notificationRoutes(area);
    deliveryRoutes(area, friendDirectories, segmentUses);
    automationRoutes(area);
    deliveryImageRoutes(area);
    keywordReplyRoutes(area, scenarioStarter);
    scenarioRoutes(area);
    inflowRoutes(area);
  });
  // /liff/api/v1/inflow/:slug: a route's public landing (流入経路)
  await app.register(async (scope) => inflowLandingRoutes(scope));
  // /liff/api/v1/rich-menu-tap/:key: the tap hop of rich menus' uri areas (decision 0049 addendum)
  await app.register(async (scope) => richMenuTapHopRoutes(scope));
  // payments of LINE accounts (client area) and the operator's prices (master area)
  await app.register(async (area) => {
    paymentRoutes(area);
    masterPaymentRoutes(area);
  });
  // /payment/webhook/stripe: Stripe's calls, in their own scope (raw body for the signature)
  await app.register(async (scope) => stripeWebhookRoutes(scope));
  await app.register(async (scope) => trackedLinkRoutes(scope));
  await app.register(async (scope) => deliveryMediaRoutes(scope));
  // /line/webhook/{lineAccountId}: LINE's calls, in their own scope (raw body for the signature)
  await app.register(async (scope) => lineWebhookRoutes(scope));
  // /shift/api/v1: the shift service's back-office calls and its mini-app
  await app.register(async (area) => shiftRoutes(area));
  // the member service (KS-001): /client/api/v1 member calls and /member-liff/api/v1 for its mini-app
  await app.register(async (area) => {
    memberRoutes(area);
    memberLiffRoutes(area);
  });
  // /dev/api/v1: development tools, only while mail stays in the database
  if (config.devMailbox) await app.register(async (area) => devRoutes(area));
}
