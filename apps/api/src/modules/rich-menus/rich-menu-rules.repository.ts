import { and, asc, count, eq, gt, inArray, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { friendRichMenus, richMenuLinkLeases, richMenuRules, richMenus } from '../../db/schema/rich-menus.ts';

type AccountScope = { clientId: number; lineAccountId: number };

export type RichMenuRuleRow = typeof richMenuRules.$inferSelect;
export type FriendMenuRow = Pick<
  typeof friendRichMenus.$inferSelect,
  'friendId' | 'richMenuId' | 'lineRichMenuId' | 'generation'
>;

const rulesOf = (scope: AccountScope) =>
  and(eq(richMenuRules.clientId, scope.clientId), eq(richMenuRules.lineAccountId, scope.lineAccountId));
const friendsOf = (scope: AccountScope) =>
  and(eq(friendRichMenus.clientId, scope.clientId), eq(friendRichMenus.lineAccountId, scope.lineAccountId));

/** The account's rules, the first one first. */
export async function listRules(db: Db, scope: AccountScope): Promise<RichMenuRuleRow[]> {
  return db
    .select()
    .from(richMenuRules)
    .where(rulesOf(scope))
    .orderBy(asc(richMenuRules.position), asc(richMenuRules.id));
}

/** What the rules of these accounts name (tag, segment), in one query (the event filter's read). */
export async function ruleConditionsOfAccounts(
  db: Db,
  lineAccountIds: number[],
): Promise<Pick<RichMenuRuleRow, 'clientId' | 'lineAccountId' | 'tagId' | 'segmentId'>[]> {
  if (lineAccountIds.length === 0) return [];
  return db
    .select({
      clientId: richMenuRules.clientId,
      lineAccountId: richMenuRules.lineAccountId,
      tagId: richMenuRules.tagId,
      segmentId: richMenuRules.segmentId,
    })
    .from(richMenuRules)
    .where(inArray(richMenuRules.lineAccountId, lineAccountIds));
}

/** The rules replaced as a whole (the caller's transaction). */
export async function replaceRules(
  tx: Db,
  scope: AccountScope,
  rules: { richMenuId: number; tagId: number | null; segmentId: number | null }[],
  now: Date,
): Promise<void> {
  await tx.delete(richMenuRules).where(rulesOf(scope));
  if (rules.length === 0) return;
  await tx
    .insert(richMenuRules)
    .values(rules.map((rule, position) => ({ ...scope, ...rule, position, createdAt: now })));
}

/** The accounts with a rule on a saved segment (the hourly evaluation goes through their friends). */
export async function accountsWithSegmentRules(db: Db): Promise<AccountScope[]> {
  return db
    .selectDistinct({ clientId: richMenuRules.clientId, lineAccountId: richMenuRules.lineAccountId })
    .from(richMenuRules)
    .where(isNotNull(richMenuRules.segmentId));
}

/** LINE's id of each menu of the account, by our id. */
export async function lineIdsOfMenus(db: Db, scope: AccountScope): Promise<Map<number, string>> {
  const rows = await db
    .select({ id: richMenus.id, lineRichMenuId: richMenus.lineRichMenuId })
    .from(richMenus)
    .where(and(eq(richMenus.clientId, scope.clientId), eq(richMenus.lineAccountId, scope.lineAccountId)));
  return new Map(rows.map((r) => [r.id, r.lineRichMenuId]));
}

/**
 * The rules must be evaluated again for these friends (of the account): a row per friend, its generation
 * raised. In the caller's transaction (an event's, a save's).
 */
export async function markFriendsPending(db: Db, scope: AccountScope, friendIds: number[]): Promise<void> {
  if (friendIds.length === 0) return;
  await db
    .insert(friendRichMenus)
    .values([...new Set(friendIds)].map((friendId) => ({ friendId, ...scope })))
    .onConflictDoUpdate({
      target: friendRichMenus.friendId,
      set: { generation: sql`${friendRichMenus.generation} + 1` },
    });
}

/** Every friend who sees a menu of this one (an edit gave it a new LINE id: they are linked again). */
export async function markMenuFriendsPending(
  db: Db,
  scope: AccountScope,
  richMenuId: number,
): Promise<number> {
  const rows = await db
    .update(friendRichMenus)
    .set({ generation: sql`${friendRichMenus.generation} + 1` })
    .where(and(friendsOf(scope), eq(friendRichMenus.richMenuId, richMenuId)))
    .returning({ friendId: friendRichMenus.friendId });
  return rows.length;
}

/**
 * Friends whose rules are still to be evaluated, in id order (at most `limit`): through the partial index of
 * the pending rows (`friend_rich_menus_pending_idx`), so a round does not pass every settled friend.
 */
export async function listPendingFriends(
  db: Db,
  scope: AccountScope,
  limit: number,
): Promise<FriendMenuRow[]> {
  return pendingFriendsQuery(db, scope, limit);
}

/** The statement of `listPendingFriends` (its test reads the plan). */
export const pendingFriendsQuery = (db: Db, scope: AccountScope, limit: number) =>
  db
    .select({
      friendId: friendRichMenus.friendId,
      richMenuId: friendRichMenus.richMenuId,
      lineRichMenuId: friendRichMenus.lineRichMenuId,
      generation: friendRichMenus.generation,
    })
    .from(friendRichMenus)
    .where(and(friendsOf(scope), gt(friendRichMenus.generation, friendRichMenus.evaluated)))
    .orderBy(asc(friendRichMenus.friendId))
    .limit(limit);

export type SettledFriend = {
  friendId: number;
  /** The generation read: a raise since keeps the friend pending. */
  generation: number;
  richMenuId: number | null;
  lineRichMenuId: string | null;
  /** Set when LINE was called for this friend. */
  linkedAt: Date | null;
};

/**
 * What was linked (or found right) for these friends, in one statement. It reaches the rows through their
 * primary key only (`friend_id = any(...)`, each row's values looked up by its id in one JSON object), with
 * no join for the planner to order: joined to a VALUES list and filtered by the account, it took the
 * account's index for a table it had not analysed yet (1 row expected, the account's 100,000 found) and
 * compared every row of the account with every row of the list, 20 to 70 s a statement in the menurule
 * bench on PostgreSQL (decision 0059, addendum 2). The ids come from the account's pending read; the
 * client still bounds the write.
 */
export async function settleFriends(db: Db, scope: AccountScope, settled: SettledFriend[]): Promise<void> {
  if (settled.length === 0) return;
  await db.execute(settleFriendsStatement(scope, settled));
}

/** The statement of `settleFriends` (its test reads the plan). */
export function settleFriendsStatement(scope: AccountScope, settled: SettledFriend[]): SQL {
  const byId = Object.fromEntries(
    settled.map((s) => [
      s.friendId,
      {
        generation: s.generation,
        richMenuId: s.richMenuId,
        lineRichMenuId: s.lineRichMenuId,
        linkedAt: s.linkedAt?.toISOString() ?? null,
      },
    ]),
  );
  const ids = `{${settled.map((s) => s.friendId).join(',')}}`;
  return sql`
    with v as (select ${JSON.stringify(byId)}::jsonb as rows)
    update ${friendRichMenus} f
    set evaluated = greatest(f.evaluated, (v.rows -> f.friend_id::text ->> 'generation')::int),
        rich_menu_id = (v.rows -> f.friend_id::text ->> 'richMenuId')::int,
        line_rich_menu_id = v.rows -> f.friend_id::text ->> 'lineRichMenuId',
        linked_at = coalesce((v.rows -> f.friend_id::text ->> 'linkedAt')::timestamptz, f.linked_at)
    from v
    where f.friend_id = any(${ids}::int[])
      and f.client_id = ${scope.clientId}`;
}

/** Friends still to be linked, and friends who see each rule's menu now. */
export async function linkFigures(db: Db, scope: AccountScope) {
  const [pending] = await db
    .select({ n: count() })
    .from(friendRichMenus)
    .where(and(friendsOf(scope), gt(friendRichMenus.generation, friendRichMenus.evaluated)));
  const linked = await db
    .select({ richMenuId: friendRichMenus.richMenuId, friends: count() })
    .from(friendRichMenus)
    .where(
      and(friendsOf(scope), isNotNull(friendRichMenus.richMenuId), isNotNull(friendRichMenus.lineRichMenuId)),
    )
    .groupBy(friendRichMenus.richMenuId)
    .orderBy(asc(friendRichMenus.richMenuId));
  return {
    pending: pending?.n ?? 0,
    linked: linked.map((r) => ({ richMenuId: r.richMenuId!, friends: r.friends })),
  };
}

/** The rules naming a tag, with their menu's name (a tag in use is not deleted, decision 0053). */
export async function rulesNamingTag(db: Db, scope: AccountScope, tagId: number) {
  return db
    .select({ position: richMenuRules.position, name: richMenus.name })
    .from(richMenuRules)
    .innerJoin(richMenus, eq(richMenus.id, richMenuRules.richMenuId))
    .where(and(rulesOf(scope), eq(richMenuRules.tagId, tagId)))
    .orderBy(asc(richMenuRules.position));
}

/** The rules naming a saved segment, with their menu's name. */
export async function rulesNamingSegment(db: Db, scope: AccountScope, segmentId: number) {
  return db
    .select({ position: richMenuRules.position, name: richMenus.name })
    .from(richMenuRules)
    .innerJoin(richMenus, eq(richMenus.id, richMenuRules.richMenuId))
    .where(and(rulesOf(scope), eq(richMenuRules.segmentId, segmentId)))
    .orderBy(asc(richMenuRules.position));
}

/**
 * Take the account's link lease for a job until a time: answers whether it is the job's now (it was free,
 * ran out, or was already this job's, a retry).
 */
export async function takeLinkLease(
  db: Db,
  lineAccountId: number,
  jobId: number,
  now: Date,
  until: Date,
): Promise<boolean> {
  const taken = await db
    .insert(richMenuLinkLeases)
    .values({ lineAccountId, jobId, lockedUntil: until })
    .onConflictDoUpdate({
      target: richMenuLinkLeases.lineAccountId,
      set: { jobId, lockedUntil: until },
      setWhere: or(lte(richMenuLinkLeases.lockedUntil, now), eq(richMenuLinkLeases.jobId, jobId)),
    })
    .returning({ jobId: richMenuLinkLeases.jobId });
  return taken.length > 0;
}

/** Give the lease back (only if it is still the job's). */
export async function releaseLinkLease(db: Db, lineAccountId: number, jobId: number): Promise<void> {
  await db
    .delete(richMenuLinkLeases)
    .where(and(eq(richMenuLinkLeases.lineAccountId, lineAccountId), eq(richMenuLinkLeases.jobId, jobId)));
}
