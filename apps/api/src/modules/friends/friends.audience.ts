import type { SearchFriendsFilter, SegmentConditions } from '@app/contracts';
import { and, asc, count, eq, gt, ilike, inArray, not, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { friends } from '../../db/schema/friends.ts';
import {
  countAccountFriends,
  inFriendSet,
  likePattern,
  never,
  type AccountScope,
} from './friends.repository.ts';
import { serviceUsersOf, type FriendDirectories } from './service-users.ts';
import { tagConditions } from './tags.repository.ts';

/** Who a message delivery goes to: every friend, the friends a segment finds, or friends picked by hand. */
export type Audience =
  | { kind: 'all' }
  | { kind: 'segment'; conditions: SegmentConditions }
  | { kind: 'friends'; friendIds: number[] };

/** A recipient: displayName for a personalised delivery's friend-name placeholder (decision 0040). */
export type AudienceMember = { id: number; lineUserId: string; displayName: string };

/**
 * The SQL condition of a segment's conditions over the friends table (the friends page's search: the
 * same audience and filters as searchFriends), blocked friends included unless `isFriend` says.
 */
export async function segmentWhere(
  db: Db,
  directories: FriendDirectories,
  scope: AccountScope,
  c: Omit<SearchFriendsFilter, 'page' | 'limit'>,
  now: Date,
): Promise<SQL | undefined> {
  const users = serviceUsersOf(directories);
  const { memberOnly, others } = await users.conditionSets(db, scope, c, now);
  const conditions: SQL[] = [...[...memberOnly, ...others].map(inFriendSet), ...tagConditions(scope, c)];
  if (c.memberCode) conditions.push(users.memberCodeBetween(c.memberCode[0]!, c.memberCode[1]!));
  if (c.search) conditions.push(ilike(friends.displayName, likePattern(c.search)));
  const combined =
    conditions.length === 0 ? undefined : c.condition === 'OR' ? or(...conditions) : and(...conditions);
  const isMember = users.isMember();
  const isStaff = users.isShiftStaff();
  const who = or(
    c.isMemberServiceUser ? isMember : never,
    c.isShiftServiceUser ? isStaff : never,
    c.includeNonMembers ? and(not(isMember), not(isStaff)) : never,
  );
  return and(
    eq(friends.clientId, scope.clientId),
    eq(friends.lineAccountId, scope.lineAccountId),
    c.isFriend === undefined ? undefined : eq(friends.isFriend, c.isFriend),
    who,
    combined,
  );
}

/**
 * The SQL condition of an audience over the friends table: a segment's conditions or the ids picked,
 * always friends still following the account.
 */
async function audienceWhere(
  db: Db,
  directories: FriendDirectories,
  scope: AccountScope,
  audience: Audience,
  now: Date,
): Promise<SQL | undefined> {
  const base = and(
    eq(friends.clientId, scope.clientId),
    eq(friends.lineAccountId, scope.lineAccountId),
    eq(friends.isFriend, true),
  );
  if (audience.kind === 'all') return base;
  if (audience.kind === 'friends') return and(base, inArray(friends.id, audience.friendIds));
  return and(base, await segmentWhere(db, directories, scope, audience.conditions, now));
}

/** How many friends an audience reaches at `now` (blocked friends excluded). */
export async function countAudience(
  db: Db,
  directories: FriendDirectories,
  scope: AccountScope,
  audience: Audience,
  now: Date,
): Promise<number> {
  if (audience.kind === 'all') return countAccountFriends(db, scope, true);
  const [row] = await db
    .select({ n: count() })
    .from(friends)
    .where(await audienceWhere(db, directories, scope, audience, now));
  return row?.n ?? 0;
}

/**
 * One keyset page of an audience: the following friends with an id above `afterId`, by id, at most
 * `limit`; a delivery reads its recipients page by page, never all at once.
 */
export async function readAudiencePage(
  db: Db,
  directories: FriendDirectories,
  scope: AccountScope,
  audience: Audience,
  afterId: number,
  limit: number,
  now: Date,
): Promise<AudienceMember[]> {
  return db
    .select({ id: friends.id, lineUserId: friends.lineUserId, displayName: friends.displayName })
    .from(friends)
    .where(and(await audienceWhere(db, directories, scope, audience, now), gt(friends.id, afterId)))
    .orderBy(asc(friends.id))
    .limit(limit);
}

/**
 * Which of some friends of an account a segment's conditions find at `now` (blocked friends included, as
 * the friends page's search): step delivery's segment condition, asked for the friends a step is due for.
 */
export async function friendsInSegment(
  db: Db,
  directories: FriendDirectories,
  scope: AccountScope,
  conditions: SegmentConditions,
  friendIds: number[],
  now: Date,
): Promise<Set<number>> {
  if (friendIds.length === 0) return new Set();
  const rows = await db
    .select({ id: friends.id })
    .from(friends)
    .where(and(await segmentWhere(db, directories, scope, conditions, now), inArray(friends.id, friendIds)));
  return new Set(rows.map((r) => r.id));
}
