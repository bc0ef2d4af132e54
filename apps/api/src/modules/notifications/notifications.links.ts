import type { NotificationTopic, RecipientType } from '@app/contracts';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import type { NotificationEvent } from '../../platform/domain-events.ts';
import { findServiceStoreOfAccount } from '../services/index.ts';

/**
 * Where a notice's {link} takes its reader (issue 30). A manager opens the back-office page of the
 * topic on the event's account (and shift store); a shift staff member cannot log in there, so on the
 * topics that concern staff (their reminder, their confirmed shifts, their approval, a changed shift)
 * staff get the staff mini-app, i.e. the LIFF URL of the account's shift service. The other topics are
 * managers' business (new friends, members, submissions): their link is the back office for everyone.
 */
export const staffFacingTopics: ReadonlySet<NotificationTopic> = new Set([
  'SHIFT_SUBMISSION_REMIND',
  'SHIFT_CONFIRMED',
  'SHIFT_MEMBER_STAFF_APPROVED',
  'SHIFT_EDITED',
]);

/**
 * Topics that concern a member of the member card (issue 33): the member concerned is a recipient of the
 * STAFF kind (not a back-office user), and their link is the member mini-app.
 */
export const memberFacingTopics: ReadonlySet<NotificationTopic> = new Set(['MEMBER_RANK_CHANGED']);

const backOfficePaths: Record<NotificationTopic, string> = {
  NEW_FRIEND: '/client/friends',
  LINE_UNBLOCK_EVENT: '/client/friends',
  MEMBERSHIP_REGISTRATION: '/client/members',
  SHIFT_SUBMITTED: '/client/shift',
  SHIFT_EDITED: '/client/shift',
  SHIFT_SUBMISSION_REMIND: '/client/shift',
  SHIFT_SUBMISSION_COMPLETE: '/client/shift',
  SHIFT_CONFIRMED: '/client/shift',
  SHIFT_MEMBER_STAFF_APPROVED: '/client/shift/staff',
  MEMBER_RANK_CHANGED: '/client/members',
};

/** LINE opens a LIFF app at this address (in the LINE app, or the simulator's chat). */
export const liffUrl = (liffId: string) => `https://liff.line.me/${encodeURIComponent(liffId)}`;

/** The back-office page of a topic, on the event's account (and shift store, for the shift pages). */
export function backOfficeLink(config: Config, event: NotificationEvent) {
  const path = backOfficePaths[event.topic];
  const query = new URLSearchParams({ lineAccountId: String(event.lineAccountId) });
  if (path.startsWith('/client/shift') && event.storeId) query.set('shiftStoreId', String(event.storeId));
  return `${config.appUrl}${path}?${query.toString()}`;
}

/** The staff (or member) mini-app of the event's account: its service's LIFF URL, when the service is on. */
async function staffAppLink(db: Db, event: NotificationEvent, serviceCode: 'KS-001' | 'KS-002' = 'KS-002') {
  const store = await findServiceStoreOfAccount(db, {
    serviceCode,
    clientId: event.clientId,
    lineAccountId: event.lineAccountId!,
  });
  if (!store?.liffId || store.linkStatus !== 'ACTIVE' || store.status !== 'ACTIVE') return '';
  return liffUrl(store.liffId);
}

/**
 * The link of each recipient type for one event. A staff member on a staff-facing topic gets the staff
 * mini-app, or no link at all when the account's shift service is off (never the managers' login page).
 */
export async function linksOf(
  db: Db,
  config: Config,
  event: NotificationEvent,
): Promise<Record<RecipientType, string>> {
  const manager = backOfficeLink(config, event);
  if (memberFacingTopics.has(event.topic))
    return { MANAGER: manager, STAFF: await staffAppLink(db, event, 'KS-001') };
  if (!staffFacingTopics.has(event.topic)) return { MANAGER: manager, STAFF: manager };
  return { MANAGER: manager, STAFF: await staffAppLink(db, event) };
}
