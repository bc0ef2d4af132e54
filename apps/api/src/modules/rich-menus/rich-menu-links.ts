import { z } from 'zod';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import type { DomainEvent } from '../../platform/domain-events.ts';
import { AppError } from '../../platform/errors.ts';
import { enqueueJob, queueHourly, releaseDedupeKey, type JobContext } from '../../platform/jobs.ts';
import { LineError, lineGatewayFor, RICH_MENU_BULK_MAX } from '../../platform/line/line-gateway.ts';
import { savedSegmentConditions } from '../deliveries/index.ts';
import {
  friendsInSegment,
  listFriendCards,
  listTagsOfFriends,
  readAudiencePage,
  type FriendDirectories,
} from '../friends/index.ts';
import { channelsOf, findLineAccountOfClient } from '../line-accounts/index.ts';
import {
  accountsWithSegmentRules,
  lineIdsOfMenus,
  listPendingFriends,
  listRules,
  markFriendsPending,
  releaseLinkLease,
  ruleConditionsOfAccounts,
  settleFriends,
  takeLinkLease,
  type FriendMenuRow,
  type RichMenuRuleRow,
  type SettledFriend,
} from './rich-menu-rules.repository.ts';

/**
 * The rich menu per tag or saved segment (decision 0059). Three queues:
 * - `rich-menus.link` (one account): evaluates the rules for the friends marked pending and links or
 *   unlinks their menu at LINE in bulk calls of 500 users; then marks them evaluated.
 * - `rich-menus.mark-all` (one account): marks every following friend pending (a save of the rules, the
 *   hourly run of segment rules), then queues the link job.
 * - `rich-menus.segments` (hourly): a mark-all for each account with a segment rule, since a segment's
 *   answer changes with time and with data no event announces (a visit, points, a click).
 */
export const RICH_MENU_LINK_QUEUE = 'rich-menus.link';
export const RICH_MENU_MARK_ALL_QUEUE = 'rich-menus.mark-all';
export const RICH_MENU_SEGMENTS_QUEUE = 'rich-menus.segments';

export const accountPayloadSchema = z.object({
  clientId: z.number().int().positive(),
  lineAccountId: z.number().int().positive(),
});
type AccountScope = z.output<typeof accountPayloadSchema>;
/** A link job's payload: the account, and whether it is the account's one run waiting for the lease. */
export const linkPayloadSchema = accountPayloadSchema.extend({ afterLease: z.literal(true).optional() });
type LinkPayload = z.output<typeof linkPayloadSchema>;

/** Friends one round reads; bulk calls of 500 each. */
const FRIENDS_PER_ROUND = 2_000;
/**
 * Rounds one run takes before it hands over to the next run (a short job, a short lease): at most
 * 10,000 friends and 20 LINE calls a run, far under LINE's 2,000 requests a second per endpoint.
 */
const ROUNDS_PER_RUN = 5;
/** How long a rate-limited run waits when LINE names no time (Retry-After). */
const RATE_LIMIT_WAIT_MS = 1_000;
/** The key of the account's one link run waiting for the lease (given back when it starts). */
const afterLeaseKey = (lineAccountId: number) => `${RICH_MENU_LINK_QUEUE}:${lineAccountId}:after-lease`;
/** Friends one mark-all page reads (keyset pages over the following friends). */
const MARK_PAGE = 1_000;

export const queueRichMenuSegments = (db: Db, at: Date, options: { now?: boolean } = {}) =>
  queueHourly(db, RICH_MENU_SEGMENTS_QUEUE, at, options);

/** Queue the account's link job now (in the caller's transaction). */
export async function queueLinks(db: Db, scope: AccountScope, now: Date, runAt = now): Promise<void> {
  await enqueueJob(db, { queue: RICH_MENU_LINK_QUEUE, payload: scope, runAt });
}

/** Queue a mark-all of the account (a save of its rules, a menu deleted); `key` dedupes repeats. */
export async function queueMarkAll(db: Db, scope: AccountScope, now: Date, key?: string): Promise<void> {
  await enqueueJob(db, {
    queue: RICH_MENU_MARK_ALL_QUEUE,
    payload: scope,
    runAt: now,
    ...(key ? { dedupeKey: `${RICH_MENU_MARK_ALL_QUEUE}:${scope.lineAccountId}:${key}` } : {}),
  });
}

type RichMenuEvent = DomainEvent<
  'FRIEND_TAGGED' | 'FRIEND_TAG_REMOVED' | 'NEW_FRIEND' | 'LINE_UNBLOCK_EVENT'
>;

/**
 * Whether an event may change a friend's menu under the account's rules: FRIEND_TAGGED, FRIEND_TAG_REMOVED
 * when a rule names the tag or names a segment (whose conditions may name it); NEW_FRIEND,
 * LINE_UNBLOCK_EVENT when the account has any rule.
 */
function concernsRules(event: RichMenuEvent, rules: Pick<RichMenuRuleRow, 'tagId' | 'segmentId'>[]): boolean {
  if (rules.length === 0) return false;
  if (event.topic === 'FRIEND_TAGGED' || event.topic === 'FRIEND_TAG_REMOVED') {
    const { tagId } = event.payload;
    return rules.some((r) => r.tagId === tagId || r.segmentId !== null);
  }
  return true;
}

/**
 * The subscriber's filter (decision 0062): of a batch of events, those that concern the rules of their
 * account, read in one query. Most accounts have no rule, and a keyword rule's tag makes no job here.
 */
export async function richMenuEventsToHandle(events: RichMenuEvent[], db: Db): Promise<number[]> {
  const accountIds = [...new Set(events.flatMap((e) => (e.lineAccountId === null ? [] : [e.lineAccountId])))];
  const rules = await ruleConditionsOfAccounts(db, accountIds);
  return events
    .filter((e) =>
      concernsRules(
        e,
        rules.filter((r) => r.clientId === e.clientId && r.lineAccountId === e.lineAccountId),
      ),
    )
    .map((e) => e.id);
}

/** The friends of an event that concerns the rules are evaluated again: marked pending, the link job queued. */
export async function handleRichMenuEvent(
  event: DomainEvent<'FRIEND_TAGGED' | 'FRIEND_TAG_REMOVED' | 'NEW_FRIEND' | 'LINE_UNBLOCK_EVENT'>,
  ctx: JobContext,
): Promise<void> {
  if (event.lineAccountId === null) return;
  const scope = { clientId: event.clientId, lineAccountId: event.lineAccountId };
  if (!concernsRules(event, await listRules(ctx.db, scope))) return;
  const friendIds =
    event.topic === 'FRIEND_TAGGED' || event.topic === 'FRIEND_TAG_REMOVED'
      ? event.payload.friendIds
      : [event.payload.friendId];
  await markFriendsPending(ctx.db, scope, friendIds);
  await queueLinks(ctx.db, scope, ctx.clock.now());
}

/** Every following friend of the account pending, page by page, then the link job. */
export async function markAllPending(
  scope: AccountScope,
  job: JobContext,
  directories: FriendDirectories,
): Promise<void> {
  const now = job.clock.now();
  let afterId = 0;
  for (;;) {
    const page = await readAudiencePage(job.db, directories, scope, { kind: 'all' }, afterId, MARK_PAGE, now);
    if (page.length === 0) break;
    await markFriendsPending(
      job.db,
      scope,
      page.map((f) => f.id),
    );
    afterId = page[page.length - 1]!.id;
    if (page.length < MARK_PAGE) break;
  }
  await queueLinks(job.db, scope, now);
}

/** The hourly run: a mark-all of each account with a segment rule; the next hour's run first. */
export async function markSegmentAccounts(job: JobContext): Promise<void> {
  const now = job.clock.now();
  await queueRichMenuSegments(job.db, now);
  const slot = Math.floor(now.getTime() / 3_600_000);
  for (const scope of await accountsWithSegmentRules(job.db))
    await queueMarkAll(job.db, scope, now, `hour-${slot}`);
}

/**
 * Which rule's menu each friend should see: the first rule they match (a tag they carry, a saved segment
 * that finds them now); none for a friend no rule finds. A segment whose conditions are no longer valid
 * finds nobody (as a step's segment condition, decision 0054).
 */
export async function desiredMenus(
  db: Db,
  directories: FriendDirectories,
  scope: AccountScope,
  rules: RichMenuRuleRow[],
  friendIds: number[],
  now: Date,
): Promise<Map<number, number>> {
  const desired = new Map<number, number>();
  if (rules.length === 0 || friendIds.length === 0) return desired;
  const tagsOf = new Map<number, Set<number>>();
  if (rules.some((r) => r.tagId !== null))
    for (const { friendId, id } of await listTagsOfFriends(db, friendIds))
      tagsOf.set(friendId, (tagsOf.get(friendId) ?? new Set()).add(id));
  const segmentIds = [...new Set(rules.flatMap((r) => (r.segmentId === null ? [] : [r.segmentId])))];
  const conditions = await savedSegmentConditions(db, scope, segmentIds);
  const inSegment = new Map<number, Set<number>>();
  for (const segmentId of segmentIds) {
    const found = conditions.get(segmentId);
    if (!found) continue;
    try {
      inSegment.set(segmentId, await friendsInSegment(db, directories, scope, found, friendIds, now));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
  for (const friendId of friendIds) {
    const rule = rules.find((r) =>
      r.tagId !== null
        ? (tagsOf.get(friendId)?.has(r.tagId) ?? false)
        : (inSegment.get(r.segmentId!)?.has(friendId) ?? false),
    );
    if (rule) desired.set(friendId, rule.richMenuId);
  }
  return desired;
}

type Call = { lineRichMenuId: string | null; friends: SettledFriend[]; userIds: string[] };

/** One round's plan: the friends already right, and the bulk calls (link to a menu, or unlink). */
function planRound(
  pending: FriendMenuRow[],
  cards: Map<number, { lineUserId: string; isFriend: boolean }>,
  desired: Map<number, number>,
  lineIds: Map<number, string>,
): { unchanged: SettledFriend[]; calls: Call[] } {
  const unchanged: SettledFriend[] = [];
  const byTarget = new Map<string | null, Call>();
  for (const row of pending) {
    const keep: SettledFriend = {
      friendId: row.friendId,
      generation: row.generation,
      richMenuId: row.richMenuId,
      lineRichMenuId: row.lineRichMenuId,
      linkedAt: null,
    };
    const card = cards.get(row.friendId);
    // A friend who blocked is not linked now: following again marks them pending (NEW_FRIEND, unblock).
    if (!card?.isFriend) {
      unchanged.push(keep);
      continue;
    }
    const want = desired.get(row.friendId) ?? null;
    const wantLine = want === null ? null : (lineIds.get(want) ?? null);
    if (wantLine === row.lineRichMenuId) {
      unchanged.push({ ...keep, richMenuId: wantLine === null ? null : want });
      continue;
    }
    // Nothing of ours is linked and no rule wants one: leave the user's link as it is (a scenario's or a
    // tap's richMenu.switch, decision 0036) rather than unlink what we did not link.
    if (wantLine === null && row.lineRichMenuId === null) {
      unchanged.push({ ...keep, richMenuId: null });
      continue;
    }
    const call = byTarget.get(wantLine) ?? { lineRichMenuId: wantLine, friends: [], userIds: [] };
    call.friends.push({ ...keep, richMenuId: wantLine === null ? null : want, lineRichMenuId: wantLine });
    call.userIds.push(card.lineUserId);
    byTarget.set(wantLine, call);
  }
  const calls: Call[] = [];
  for (const call of byTarget.values())
    for (let i = 0; i < call.userIds.length; i += RICH_MENU_BULK_MAX)
      calls.push({
        lineRichMenuId: call.lineRichMenuId,
        friends: call.friends.slice(i, i + RICH_MENU_BULK_MAX),
        userIds: call.userIds.slice(i, i + RICH_MENU_BULK_MAX),
      });
  return { unchanged, calls };
}

/**
 * The link job of one account: rounds of pending friends, each evaluated, linked or unlinked at LINE in
 * bulk, then settled. At least once: a crash repeats a call (a link is idempotent at LINE), never loses a
 * friend (a friend stays pending until settled). A 429 hands over to a later run (Retry-After); LINE
 * down is the job's retry with backoff; LINE refusing a call (400) settles those friends unchanged with a
 * log line, so one bad call does not stop the account. One run of an account at a time (its lease): a run
 * that finds another at work makes sure one run of the account waits for it (one per account, its key),
 * and stops.
 */
export async function runRichMenuLinks(
  payload: LinkPayload,
  job: JobContext,
  config: Config,
  directories: FriendDirectories,
): Promise<void> {
  const scope = { clientId: payload.clientId, lineAccountId: payload.lineAccountId };
  // The waiting run gives its key back before it reads anything: a run that finds the lease held from now
  // on queues the next waiting run, and one that found the key taken until now is covered by this one.
  if (payload.afterLease) await releaseDedupeKey(job.db, job.jobId);
  const account = await findLineAccountOfClient(job, scope.clientId, scope.lineAccountId);
  // An account disconnected or paused: its friends stay pending for its next save or hour.
  if (!account || account.status !== 'ACTIVE') return;
  // Another run of the account at work: one run follows it (however many runs find it at work, each
  // second), rather than repeat its calls. Its friends were marked before this run was queued, so the
  // waiting run, which reads after giving its key back, sees them.
  await underLinkLease(
    job,
    scope.lineAccountId,
    {
      queue: RICH_MENU_LINK_QUEUE,
      payload: { ...scope, afterLease: true },
      dedupeKey: afterLeaseKey(scope.lineAccountId),
    },
    () => linkRounds(scope, job, config, directories, account),
  );
}

/** How long a run holds its account's lease at most: the job runner's lease (a crashed run's runs out). */
const LINK_LEASE_MS = 60_000;
/** When a run that found the account's lease held tries again. */
const LEASE_BUSY_WAIT_MS = 1_000;

/**
 * Run `work` under the account's link lease (one link job of an account at a time: rule runs and single
 * friend links alike), giving it back after. When another job holds it, `work` does not run and the
 * follow-up job is queued a second later instead (its dedupe key says how many such follow-ups may wait).
 */
export async function underLinkLease(
  job: JobContext,
  lineAccountId: number,
  followUp: { queue: string; payload: unknown; dedupeKey: string },
  work: () => Promise<void>,
): Promise<void> {
  const start = job.clock.now();
  const until = new Date(start.getTime() + LINK_LEASE_MS);
  if (!(await takeLinkLease(job.db, lineAccountId, job.jobId, start, until))) {
    await enqueueJob(job.db, { ...followUp, runAt: new Date(start.getTime() + LEASE_BUSY_WAIT_MS) });
    return;
  }
  try {
    await work();
  } finally {
    await releaseLinkLease(job.db, lineAccountId, job.jobId);
  }
}

/** The rounds of one run, under the account's lease. */
async function linkRounds(
  scope: AccountScope,
  job: JobContext,
  config: Config,
  directories: FriendDirectories,
  account: NonNullable<Awaited<ReturnType<typeof findLineAccountOfClient>>>,
): Promise<void> {
  const channel = channelsOf({ config }, account).messaging;
  const line = lineGatewayFor(config);
  const rules = await listRules(job.db, scope);
  const lineIds = await lineIdsOfMenus(job.db, scope);
  const now = job.clock.now();
  for (let round = 0; round < ROUNDS_PER_RUN; round++) {
    const pending = await listPendingFriends(job.db, scope, FRIENDS_PER_ROUND);
    if (pending.length === 0) return;
    const ids = pending.map((p) => p.friendId);
    const cards = new Map((await listFriendCards(job.db, scope, ids)).map((c) => [c.id, c]));
    const following = ids.filter((id) => cards.get(id)?.isFriend);
    const desired = await desiredMenus(job.db, directories, scope, rules, following, now);
    const { unchanged, calls } = planRound(pending, cards, desired, lineIds);
    await settleFriends(job.db, scope, unchanged);
    for (const call of calls) {
      try {
        if (call.lineRichMenuId === null) await line.unlinkRichMenuFromUsers(channel, call.userIds);
        else await line.linkRichMenuToUsers(channel, call.userIds, call.lineRichMenuId);
      } catch (error) {
        if (!(error instanceof LineError)) throw error;
        if (error.status === 429) {
          const retryAfter = Number(error.headers?.get('retry-after'));
          const waitMs =
            Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : RATE_LIMIT_WAIT_MS;
          await queueLinks(job.db, scope, now, new Date(job.clock.now().getTime() + waitMs));
          return;
        }
        if (error.isRetryable) throw error;
        job.log.warn({ err: error, lineAccountId: scope.lineAccountId }, 'rich menu link refused by LINE');
        await settleFriends(
          job.db,
          scope,
          call.friends.map((f) => {
            const before = pending.find((p) => p.friendId === f.friendId)!;
            return { ...f, richMenuId: before.richMenuId, lineRichMenuId: before.lineRichMenuId };
          }),
        );
        continue;
      }
      const linkedAt = job.clock.now();
      await settleFriends(
        job.db,
        scope,
        call.friends.map((f) => ({ ...f, linkedAt })),
      );
    }
  }
  // More may be pending: the next run follows at once.
  await queueLinks(job.db, scope, now);
}
