import {
  defaultTemplates,
  fillFriendName,
  recipientTypes,
  renderTemplate,
  type NotificationPlaceholder,
  type RecipientType,
} from '@app/contracts';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { localDay, localMinutes, pad, TOKYO } from '../../platform/dates.ts';
import type { NotificationEvent } from '../../platform/domain-events.ts';
import { enqueueJob, type JobContext } from '../../platform/jobs.ts';
import { LineError, lineGatewayFor, MULTICAST_MAX_RECIPIENTS } from '../../platform/line/line-gateway.ts';
import { listFriendCards, type FriendCard } from '../friends/index.ts';
import { channelsOf, findLineAccountOfClient } from '../line-accounts/index.ts';
import { storeNameOf } from '../services/index.ts';
import { shiftStaffDirectory, staffFactsOf } from '../shift/index.ts';
import {
  findTemplateRow,
  insertDeliveries,
  listQueuedOfBatch,
  listSettingFriendIds,
  listSettingRows,
  setDeliveryStatus,
  type AccountScope,
} from './notifications.repository.ts';
import { linksOf, memberFacingTopics } from './notifications.links.ts';

export const NOTIFICATION_PUSH_QUEUE = 'notifications.push';
/** 5s, 10s, 20s ... about 10 minutes in all: well inside the 24 hours LINE honours a retry key. */
export const NOTIFICATION_PUSH_MAX_ATTEMPTS = 8;
export const notificationPushPayloadSchema = z.object({ retryKey: z.string().uuid() });

export const skippedBlocked = 'ブロックされているため送信しませんでした';
export const failedInactive = 'LINEアカウントが有効ではないため送信できませんでした';

const day = (value: string) => value.replaceAll('-', '/');
/** 2026/11/21 18:00 (Tokyo). */
const when = (value: string | undefined | Date) => {
  if (!value) return '';
  const instant = new Date(value);
  const minutes = localMinutes(instant, TOKYO);
  return `${day(localDay(instant, TOKYO))} ${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
};

/** The values of a topic's placeholders for one event. */
async function placeholderValues(
  db: Db,
  event: NotificationEvent,
  accountName: string,
): Promise<Partial<Record<NotificationPlaceholder, string>>> {
  const scope = { clientId: event.clientId, lineAccountId: event.lineAccountId! };
  const values: Partial<Record<NotificationPlaceholder, string>> = {
    accountName,
    dateTime: when(event.createdAt),
  };
  if (event.storeId) values.storeName = (await storeNameOf(db, event.clientId, event.storeId)) ?? '';
  const friendName = async (friendId: number) =>
    (await listFriendCards(db, scope, [friendId]))[0]?.displayName ?? '';
  const staffName = async (staffId: number) => {
    const [staff] = await staffFactsOf(db, event.clientId, [staffId]);
    return staff?.friendId ? await friendName(staff.friendId) : (staff?.helperName ?? '');
  };
  const days = (startDate: string, endDate: string) => `${day(startDate)}〜${day(endDate)}`;
  switch (event.topic) {
    case 'NEW_FRIEND':
    case 'LINE_UNBLOCK_EVENT':
      values.friendName = values.staffName = await friendName(event.payload.friendId);
      break;
    case 'MEMBERSHIP_REGISTRATION':
      values.friendName = values.staffName = await friendName(event.payload.friendId);
      values.memberCode = event.payload.memberCode;
      break;
    case 'SHIFT_SUBMITTED':
      values.friendName = await friendName(event.payload.friendId);
      values.staffName = await staffName(event.payload.staffId);
      values.period = event.payload.periodKey;
      break;
    case 'SHIFT_EDITED':
      values.staffName = await staffName(event.payload.staffId);
      values.dateTime = when(event.payload.after.startAt);
      break;
    case 'SHIFT_SUBMISSION_REMIND':
      values.period = days(event.payload.startDate, event.payload.endDate);
      values.dateTime = day(event.payload.closingDate);
      break;
    case 'SHIFT_SUBMISSION_COMPLETE':
      values.period = days(event.payload.startDate, event.payload.endDate);
      break;
    case 'SHIFT_CONFIRMED': {
      const { startAt, endAt } = event.payload;
      values.period = `${when(startAt).slice(0, 10)}〜${when(new Date(new Date(endAt).getTime() - 1)).slice(0, 10)}`;
      break;
    }
    case 'SHIFT_MEMBER_STAFF_APPROVED':
      values.friendName = await friendName(event.payload.friendId);
      values.staffName = await staffName(event.payload.staffId);
      break;
    case 'MEMBER_RANK_CHANGED':
      values.friendName = values.staffName = await friendName(event.payload.friendId);
      values.memberCode = event.payload.memberCode;
      values.rankName = event.payload.toRank ?? '';
      break;
  }
  return values;
}

/** The friends of the staff an event concerns (the staff-facing topics, decisions 0003 and 0013). */
async function staffConcerned(db: Db, event: NotificationEvent): Promise<number[]> {
  switch (event.topic) {
    case 'SHIFT_SUBMISSION_REMIND':
      return event.payload.recipients.flatMap((r) => (r.friendId ? [r.friendId] : []));
    case 'SHIFT_CONFIRMED': {
      const staff = await staffFactsOf(db, event.clientId, event.payload.staffIds);
      return staff.flatMap((s) => (s.friendId ? [s.friendId] : []));
    }
    case 'SHIFT_MEMBER_STAFF_APPROVED':
      return [event.payload.friendId];
    // the member who reached a higher rank hears of it (a lower one is the managers' business only)
    case 'MEMBER_RANK_CHANGED':
      return event.payload.direction === 'UP' ? [event.payload.friendId] : [];
    default:
      return [];
  }
}

/**
 * The store's own message of the rank a member reached upwards (decision 0050): pushed to that member in
 * place of the MEMBER_RANK_CHANGED template's text, whether or not the template is switched on.
 */
const ownMessageOf = (event: NotificationEvent) =>
  event.topic === 'MEMBER_RANK_CHANGED' && event.payload.direction === 'UP' && event.payload.message !== ''
    ? { friendId: event.payload.friendId, text: event.payload.message }
    : null;

/** A friend without a LINE name is called this (as in personalised deliveries, decision 0040). */
const NAMELESS_FRIEND = 'お客様';

/**
 * The notifications subscriber's handler: runs in the transaction that marks the event's delivery
 * done, so the log rows and their push jobs are written exactly once. Recipients are the friends of the
 * groups subscribing to the topic that existed before the event (plus the staff concerned by a
 * staff-facing topic); nothing when the template or the topic is off. A recipient who blocked the
 * account is logged SKIPPED; the others go out in LINE calls of at most 500 (one retry key each).
 */
export async function handleNotificationEvent(event: NotificationEvent, ctx: JobContext, config: Config) {
  if (!event.lineAccountId) return;
  const db = ctx.db;
  const scope: AccountScope = { clientId: event.clientId, lineAccountId: event.lineAccountId };
  const template = await findTemplateRow(db, scope, event.topic);
  const templateOn = !template || (template.isEnable && template.topicEnable);
  const own = ownMessageOf(event);
  if (!templateOn && !own) return;
  const groups = templateOn
    ? (await listSettingRows(db, scope)).filter(
        (g) => g.topics.includes(event.topic) && g.fromEventId < event.id,
      )
    : [];
  // A member-facing topic reaches its member even when no group takes it.
  const concerned = await staffConcerned(db, event);
  if (groups.length === 0 && !(memberFacingTopics.has(event.topic) && concerned.length > 0)) return;
  const members = await listSettingFriendIds(
    db,
    groups.map((g) => g.id),
  );
  const friendIds = [...new Set([...[...members.values()].flat(), ...concerned])];
  let recipients = await listFriendCards(db, scope, friendIds);
  if (recipients.length === 0) return;
  const account = await findLineAccountOfClient({ db }, event.clientId, event.lineAccountId);
  if (!account) return;
  if (own) {
    // the member who reached the rank gets the rank's own message instead of the template's text
    const member = recipients.filter((r) => r.id === own.friendId);
    if (member.length > 0)
      await queueDeliveries(
        ctx,
        event,
        scope,
        fillFriendName(own.text, member[0]!.displayName || NAMELESS_FRIEND),
        member,
      );
    recipients = recipients.filter((r) => r.id !== own.friendId);
    if (!templateOn || recipients.length === 0) return;
  }
  const values = await placeholderValues(db, event, account.displayName);
  const links = await linksOf(db, config, event);
  const content = template?.content ?? defaultTemplates[event.topic];
  const textOf = (type: RecipientType) => renderTemplate(content, { ...values, link: links[type] }).trimEnd();
  const staff = await staffFriendIds(
    db,
    event,
    recipients.map((r) => r.id),
    concerned,
  );
  for (const type of recipientTypes) {
    const ofType = recipients.filter((r) => (staff.has(r.id) ? 'STAFF' : 'MANAGER') === type);
    if (ofType.length > 0) await queueDeliveries(ctx, event, scope, textOf(type), ofType);
  }
}

/** Staff (the link of a staff-facing notice): the staff concerned and the recipients who are shift staff. */
async function staffFriendIds(db: Db, event: NotificationEvent, friendIds: number[], concerned: number[]) {
  if (memberFacingTopics.has(event.topic)) return new Set(concerned);
  const directory = await shiftStaffDirectory.listStaffOfFriends(db, event.clientId, friendIds);
  return new Set([...concerned, ...directory.flatMap((s) => (s.friendId ? [s.friendId] : []))]);
}

/** The log rows of one text's recipients and a push job per batch of at most 500 following ones. */
async function queueDeliveries(
  ctx: JobContext,
  event: NotificationEvent,
  scope: AccountScope,
  text: string,
  recipients: FriendCard[],
) {
  const db = ctx.db;
  const base = { ...scope, eventId: event.id, topic: event.topic, text, createdAt: ctx.clock.now() };
  const blocked = recipients.filter((r) => !r.isFriend);
  await insertDeliveries(
    db,
    blocked.map((r) => ({ ...base, friendId: r.id, status: 'SKIPPED', error: skippedBlocked })),
  );
  const following = recipients.filter((r) => r.isFriend);
  for (let i = 0; i < following.length; i += MULTICAST_MAX_RECIPIENTS) {
    const retryKey = randomUUID();
    await insertDeliveries(
      db,
      following
        .slice(i, i + MULTICAST_MAX_RECIPIENTS)
        .map((r) => ({ ...base, friendId: r.id, status: 'QUEUED', retryKey })),
    );
    await enqueueJob(db, {
      queue: NOTIFICATION_PUSH_QUEUE,
      payload: { retryKey },
      runAt: ctx.clock.now(),
      dedupeKey: `${NOTIFICATION_PUSH_QUEUE}:${retryKey}`,
    });
  }
}

/**
 * Send one batch (the QUEUED rows of a retry key) in one multicast. Every try sends the batch's
 * X-Line-Retry-Key, so LINE delivers it once however often we retry (409 "already accepted" counts as
 * sent). A recipient who blocked the account since is SKIPPED; LINE refusing marks the batch FAILED;
 * LINE down throws and the runner retries, until the attempts run out (FAILED, with LINE's reason).
 */
export async function pushNotificationBatch(
  input: z.output<typeof notificationPushPayloadSchema>,
  ctx: JobContext,
  config: Config,
) {
  const rows = await listQueuedOfBatch(ctx.db, input.retryKey);
  if (rows.length === 0) return;
  const first = rows[0]!;
  const scope = { clientId: first.clientId, lineAccountId: first.lineAccountId };
  const ids = rows.map((r) => r.id);
  const fail = (reason: string) =>
    setDeliveryStatus(ctx.db, ids, { status: 'FAILED', error: reason.slice(0, 500) });
  const account = await findLineAccountOfClient(ctx, scope.clientId, scope.lineAccountId);
  if (!account || account.status !== 'ACTIVE') return fail(failedInactive);
  const cards = new Map(
    (
      await listFriendCards(
        ctx.db,
        scope,
        rows.map((r) => r.friendId),
      )
    ).map((c) => [c.id, c]),
  );
  const sendable = rows.filter((r) => cards.get(r.friendId)?.isFriend);
  const gone = rows.filter((r) => !cards.get(r.friendId)?.isFriend);
  await setDeliveryStatus(
    ctx.db,
    gone.map((r) => r.id),
    { status: 'SKIPPED', error: skippedBlocked },
  );
  if (sendable.length === 0) return;
  try {
    await lineGatewayFor(config).multicastTexts(channelsOf({ config }, account).messaging, {
      to: sendable.map((r) => cards.get(r.friendId)!.lineUserId),
      texts: [first.text],
      retryKey: input.retryKey,
    });
    await setDeliveryStatus(
      ctx.db,
      sendable.map((r) => r.id),
      { status: 'SENT', error: null, sentAt: ctx.clock.now() },
    );
  } catch (error) {
    if (!(error instanceof LineError)) throw error;
    const sendableIds = sendable.map((r) => r.id);
    if (!error.isRetryable || ctx.attempt >= NOTIFICATION_PUSH_MAX_ATTEMPTS) {
      await setDeliveryStatus(ctx.db, sendableIds, { status: 'FAILED', error: error.reason.slice(0, 500) });
      return;
    }
    await setDeliveryStatus(ctx.db, sendableIds, { error: error.reason.slice(0, 500) });
    throw error;
  }
}
