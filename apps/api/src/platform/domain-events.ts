import { type domainTopics, type notificationTopics, staffShiftStatuses } from '@app/contracts';
import { and, eq, max, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { domainEvents } from '../db/schema/index.ts';

/**
 * The domain events: one topic, one payload type, shared by the writer (`recordDomainEvent`) and every
 * subscriber (platform/events.ts `subscribe`). A wrong or missing field is a type error where the event
 * is recorded, and "who reacts to X" is find-references on the topic. docs/architecture.md lists each
 * topic's publishers and subscribers (checked by platform/domain-events.test.ts).
 *
 * The topics are SPEC.md 4's notification topics and those only modules react to (`domainTopics`); a new
 * topic adds its payload here and its value to the database enum (a migration).
 */
export type DomainTopic = (typeof domainTopics)[number];

const id = z.number().int().positive();
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const instant = z.string().datetime({ offset: true });
const periodKey = z.string().min(1);
const shiftTimes = z.object({ startAt: instant, endAt: instant, isRest: z.boolean() });

/**
 * A friend who followed the account (NEW_FRIEND) or unblocked it (LINE_UNBLOCK_EVENT), with the follow
 * event's reply token and LINE's time of the event (a reply is free while the token lasts, about a minute).
 */
const friendFollowed = z.object({
  friendId: id,
  lineUserId: z.string(),
  displayName: z.string(),
  replyToken: z.string().nullish(),
  lineTimestamp: instant.nullish(),
});

export const domainEventPayloads = {
  NEW_FRIEND: friendFollowed,
  LINE_UNBLOCK_EVENT: friendFollowed,
  /** A friend registered as a member in the member card mini-app. */
  MEMBERSHIP_REGISTRATION: z.object({ memberId: id, friendId: id, memberCode: z.string() }),
  /** Staff sent their requests for a period (isChange: they replaced earlier ones). */
  SHIFT_SUBMITTED: z.object({
    staffId: id,
    friendId: id,
    periodKey,
    isChange: z.boolean(),
    shiftIds: z.array(id),
  }),
  /** The store changed the times of a shift. */
  SHIFT_EDITED: z.object({
    shiftId: id,
    staffId: id,
    status: z.enum(staffShiftStatuses),
    before: shiftTimes,
    after: shiftTimes,
  }),
  /** A reminder of a period's closing, to the staff who have not sent their requests. */
  SHIFT_SUBMISSION_REMIND: z.object({
    periodKey,
    startDate: isoDay,
    endDate: isoDay,
    closingDate: isoDay,
    reminder: z.number().int().positive(),
    recipients: z.array(z.object({ staffId: id, friendId: id.nullable() })),
  }),
  /** Every approved staff member on LINE has sent requests for the period (once per period). */
  SHIFT_SUBMISSION_COMPLETE: z.object({ periodKey, startDate: isoDay, endDate: isoDay }),
  /** A draft range was approved: its shifts are published. */
  SHIFT_CONFIRMED: z.object({
    startAt: instant,
    endAt: instant,
    shiftIds: z.array(id),
    staffIds: z.array(id),
  }),
  /** A staff member on LINE was approved by the store. */
  SHIFT_MEMBER_STAFF_APPROVED: z.object({ staffId: id, friendId: id }),
  /** A member's rank changed (a ledger row, a reversal, or the hourly recount as points age out). */
  MEMBER_RANK_CHANGED: z.object({
    memberId: id,
    friendId: id,
    memberCode: z.string(),
    fromRank: z.string().nullable(),
    toRank: z.string().nullable(),
    direction: z.enum(['UP', 'DOWN']),
    /** The message of the rank reached upwards ('' = the notification template's text; decision 0050). */
    message: z.string().default(''),
    /**
     * Upwards: every rank the member reached by this change, the lowest first (a jump from the first rank
     * to the third reached the second too; the first rank, everyone's start, is never reached). Scenarios
     * started by a rank react to it (ランクに到達した時).
     */
    reachedRanks: z.array(z.string()).default([]),
  }),
  /**
   * Tags newly put on friends of an account (a tag already on a friend is not added again): by hand, in
   * bulk, by an automation action or an inflow route. One event per tag and up to 1,000 friends.
   */
  FRIEND_TAGGED: z.object({ tagId: id, friendIds: z.array(id).min(1) }),
  /**
   * Tags taken off friends of an account (a tag the friend did not have is not "removed"): by hand, in
   * bulk or by an automation action. One event per tag and up to 1,000 friends (the rich menu per tag,
   * decision 0059). A deleted tag records nothing: no rule or scenario can name a tag in use (0053).
   */
  FRIEND_TAG_REMOVED: z.object({ tagId: id, friendIds: z.array(id).min(1) }),
} as const satisfies Record<DomainTopic, z.ZodType>;

export type DomainEventPayload<T extends DomainTopic> = z.output<(typeof domainEventPayloads)[T]>;

type DomainEventRow = typeof domainEvents.$inferSelect;

/** A recorded event of one of the topics T, as a subscriber receives it: switch on `topic` to narrow. */
export type DomainEvent<T extends DomainTopic = DomainTopic> = {
  [K in T]: Omit<DomainEventRow, 'topic' | 'payload'> & { topic: K; payload: DomainEventPayload<K> };
}[T];

/** An event of a notification topic (SPEC.md 4), as the notifications subscriber receives it. */
export type NotificationEvent = DomainEvent<(typeof notificationTopics)[number]>;

/** An event to record: its topic decides the payload's type. */
export type NewDomainEvent = {
  [K in DomainTopic]: {
    topic: K;
    clientId: number;
    lineAccountId?: number | null;
    storeId?: number | null;
    payload: DomainEventPayload<K>;
  };
}[DomainTopic];

/**
 * Record a domain event in the transaction of its cause, for its subscribers (platform/events.ts).
 * Recording never sends anything by itself.
 */
export async function recordDomainEvent(db: Db, event: NewDomainEvent): Promise<void> {
  await db.insert(domainEvents).values({
    topic: event.topic,
    clientId: event.clientId,
    lineAccountId: event.lineAccountId ?? null,
    storeId: event.storeId ?? null,
    payload: event.payload,
  });
}

/**
 * A stored row as its topic's typed event. The payload is checked against the topic's schema: a row that
 * does not match (written by hand, or by an older version) fails its delivery loudly instead of reaching a
 * subscriber half-filled.
 */
export function toDomainEvent(row: DomainEventRow): DomainEvent {
  const payload: unknown = domainEventPayloads[row.topic].parse(row.payload);
  return { ...row, payload } as DomainEvent;
}

/** The id of the last recorded event (0 when none): a watermark for "events from now on". */
export async function latestDomainEventId(db: Db): Promise<number> {
  const [row] = await db.select({ id: max(domainEvents.id) }).from(domainEvents);
  return row?.id ?? 0;
}

/** Whether a store already recorded SHIFT_SUBMISSION_COMPLETE for a period (it is recorded once). */
export async function hasSubmissionCompleteEvent(
  db: Db,
  scope: { clientId: number; storeId: number },
  key: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: domainEvents.id })
    .from(domainEvents)
    .where(
      and(
        eq(domainEvents.clientId, scope.clientId),
        eq(domainEvents.storeId, scope.storeId),
        eq(domainEvents.topic, 'SHIFT_SUBMISSION_COMPLETE'),
        sql`${domainEvents.payload} ->> 'periodKey' = ${key}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}
