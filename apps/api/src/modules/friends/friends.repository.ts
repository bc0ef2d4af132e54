import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { friendCounts, friends, lineAccounts, messages } from '../../db/schema/index.ts';

export type FriendRow = typeof friends.$inferSelect;
export type NewFriendRow = typeof friends.$inferInsert;
export type MessageRow = typeof messages.$inferSelect;
export type NewMessageRow = typeof messages.$inferInsert;

export type AccountScope = { clientId: number; lineAccountId: number };

const inAccount = (scope: AccountScope) =>
  and(eq(friends.clientId, scope.clientId), eq(friends.lineAccountId, scope.lineAccountId));

const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function findFriend(db: Db, scope: AccountScope, id: number): Promise<FriendRow | undefined> {
  const [row] = await db
    .select()
    .from(friends)
    .where(and(inAccount(scope), eq(friends.id, id)))
    .limit(1);
  return row;
}

export async function findFriendByLineUserId(
  db: Db,
  scope: AccountScope,
  lineUserId: string,
): Promise<FriendRow | undefined> {
  const [row] = await db
    .select()
    .from(friends)
    .where(and(inAccount(scope), eq(friends.lineUserId, lineUserId)))
    .limit(1);
  return row;
}

export async function insertFriend(db: Db, values: NewFriendRow): Promise<FriendRow> {
  const [row] = await db.insert(friends).values(values).returning();
  return row!;
}

export async function updateFriend(
  db: Db,
  scope: AccountScope,
  id: number,
  values: Partial<NewFriendRow>,
): Promise<FriendRow | undefined> {
  const [row] = await db
    .update(friends)
    .set(values)
    .where(and(inAccount(scope), eq(friends.id, id)))
    .returning();
  return row;
}

export type FriendFilter = {
  search?: string | undefined;
  isFriend?: boolean | undefined;
  /** Who may be listed at all (service users / non-members); undefined: everyone. */
  audience?: SQL | undefined;
  /** Extra conditions combined with AND or OR. */
  conditions?: SQL[];
  combine?: 'AND' | 'OR';
  /**
   * Sets of friends (`select friend_id ...`, friends of this account only) whose combination (by
   * `combine`) is exactly what the filter keeps: the total is then their size, read from their indexes
   * without visiting the friends.
   */
  exactly?: SQL[] | undefined;
};

/**
 * A friend is in a set of friends (`select friend_id ...`). `is true` (the same in a WHERE) keeps it a
 * hashed test: the page walks the friends index newest first and stops at the page's end, where a join
 * would read every friend of the set and sort them.
 */
export const inFriendSet = (set: SQL): SQL => sql`(${friends.id} in (${set})) is true`;

/** How many friends a LINE account has (of an isFriend, or all): the counter the friends triggers keep. */
export async function countAccountFriends(db: Db, scope: AccountScope, isFriend?: boolean): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${friendCounts.n}), 0)::int` })
    .from(friendCounts)
    .innerJoin(lineAccounts, eq(lineAccounts.id, friendCounts.lineAccountId))
    .where(
      and(
        eq(friendCounts.lineAccountId, scope.lineAccountId),
        eq(lineAccounts.clientId, scope.clientId),
        isFriend === undefined ? undefined : eq(friendCounts.isFriend, isFriend),
      ),
    );
  return row?.n ?? 0;
}

/**
 * The size of sets of friends (each friend once in each) combined: AND their intersection, OR their
 * union. Written as probes rather than INTERSECT/UNION (which hash every member of every set): AND counts
 * the first set's friends found in each other set; OR adds up, set by set, the friends no earlier set
 * holds, each term its own statement so that PostgreSQL's pool runs them side by side (on one connection,
 * as PGlite has, they simply run in turn).
 */
async function countCombinedSets(db: Db, sets: SQL[], combine: 'AND' | 'OR'): Promise<number> {
  const within = (set: SQL, alias: string, outer: string) =>
    sql`exists (select 1 from (${set}) as ${sql.raw(alias)} where ${sql.raw(alias)}.friend_id = ${sql.raw(outer)}.friend_id)`;
  const countOf = async (query: SQL) => {
    const [row] = await db.select({ n: sql<number>`(${query})::int` }).from(sql`(select 1) as one`);
    return row?.n ?? 0;
  };
  if (combine === 'AND')
    return countOf(
      sql`select count(*) from (${sets[0]!}) as s0${
        sets.length > 1
          ? sql` where ${sql.join(
              sets.slice(1).map((set, i) => within(set, `s${i + 1}`, 's0')),
              sql` and `,
            )}`
          : sql``
      }`,
    );
  const terms = await Promise.all(
    sets.map((set, i) => {
      const earlier = sets.slice(0, i).map((other, j) => sql`not ${within(other, `e${j}`, `s${i}`)}`);
      return countOf(
        sql`select count(*) from (${set}) as ${sql.raw(`s${i}`)}${earlier.length ? sql` where ${sql.join(earlier, sql` and `)}` : sql``}`,
      );
    }),
  );
  return terms.reduce((sum, n) => sum + n, 0);
}

/** How many friends the probing page may walk before the sets' hashed test is cheaper (see below). */
const PROBE_WALK_LIMIT = 5000;

/** The sets' combined size and the account's friends (what tells how common a match is). */
async function countSetsAndAccount(db: Db, scope: AccountScope, sets: SQL[], combine: 'AND' | 'OR') {
  const [total, all] = await Promise.all([
    countCombinedSets(db, sets, combine),
    countAccountFriends(db, scope),
  ]);
  return { total, all };
}

/** Whether the page is likely among the newest PROBE_WALK_LIMIT friends (matches common enough). */
const probesFit = (total: number, all: number, page: { limit: number; offset: number }) =>
  ((page.offset + page.limit) * all) / total <= PROBE_WALK_LIMIT;

/**
 * A walk of the friends index newest first that tests each friend with index probes (`offset 0` keeps
 * each test a per-friend probe, where the planner would hash every set whole: 16-19 ms for sets of 33,000
 * and 10,000 friends against 0.5-2 ms).
 */
function pageByProbes(
  db: Db,
  scope: AccountScope,
  sets: SQL[],
  combine: 'AND' | 'OR',
  page: { limit: number; offset: number },
): Promise<FriendRow[]> {
  const probes = sets.map(
    (set) => sql`exists (select 1 from (${set}) as probe where probe.friend_id = ${friends.id} offset 0)`,
  );
  return db
    .select()
    .from(friends)
    .where(and(inAccount(scope), combine === 'OR' ? or(...probes) : and(...probes)))
    .orderBy(desc(friends.createdAt), desc(friends.id))
    .limit(page.limit)
    .offset(page.offset);
}

/**
 * A page of the friends that sets of friends combined (AND/OR) hold, when they are the whole filter: the
 * total first (from the sets' indexes), then the page by probes when it is likely among the newest few
 * thousand friends. Rare matches: undefined (listFriends then uses the sets' hashed test, which reads the
 * sets once instead of probing most friends).
 */
export async function listFriendsOfSets(
  db: Db,
  scope: AccountScope,
  sets: SQL[],
  combine: 'AND' | 'OR',
  page: { limit: number; offset: number },
): Promise<{ rows: FriendRow[]; total: number } | undefined> {
  const { total, all } = await countSetsAndAccount(db, scope, sets, combine);
  if (total === 0 || page.offset >= total) return { rows: [], total };
  if (!probesFit(total, all, page)) return undefined;
  return { rows: await pageByProbes(db, scope, sets, combine, page), total };
}

export async function listFriends(
  db: Db,
  scope: AccountScope,
  filter: FriendFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: FriendRow[]; total: number }> {
  const conditions = [...(filter.conditions ?? [])];
  if (filter.search) conditions.push(ilike(friends.displayName, likePattern(filter.search)));
  const combined =
    conditions.length === 0 ? undefined : filter.combine === 'OR' ? or(...conditions) : and(...conditions);
  const where = and(
    inAccount(scope),
    filter.isFriend !== undefined ? eq(friends.isFriend, filter.isFriend) : undefined,
    filter.audience,
    combined,
  );
  const newestFirst = () =>
    db
      .select()
      .from(friends)
      .where(where)
      .orderBy(desc(friends.createdAt), desc(friends.id))
      .limit(page.limit)
      .offset(page.offset);
  if (filter.exactly?.length) {
    // the sets are the whole filter: their size is the total, counted once; the page by probes or hashed
    const combine = filter.combine ?? 'AND';
    const { total, all } = await countSetsAndAccount(db, scope, filter.exactly, combine);
    if (total === 0 || page.offset >= total) return { rows: [], total };
    const rows = probesFit(total, all, page)
      ? await pageByProbes(db, scope, filter.exactly, combine, page)
      : await newestFirst();
    return { rows, total };
  }
  const counted = async () => {
    if (!combined && !filter.audience) return countAccountFriends(db, scope, filter.isFriend);
    const [total] = await db.select({ n: count() }).from(friends).where(where);
    return total?.n ?? 0;
  };
  const [total, rows] = await Promise.all([counted(), newestFirst()]);
  return { rows, total };
}

/** A SQL condition that is never true: for filters on data no service has recorded yet. */
export const never = sql`false`;

// ---- messages ----

export async function insertMessage(db: Db, values: NewMessageRow): Promise<MessageRow> {
  const [row] = await db.insert(messages).values(values).returning();
  return row!;
}

/** The outbox job reads its message by id alone: the job payload was written by this server. */
export async function findMessageForDelivery(db: Db, id: number): Promise<MessageRow | undefined> {
  const [row] = await db.select().from(messages).where(eq(messages.id, id)).limit(1);
  return row;
}

export async function updateMessage(
  db: Db,
  scope: AccountScope,
  id: number,
  values: Partial<NewMessageRow>,
): Promise<void> {
  await db
    .update(messages)
    .set(values)
    .where(
      and(
        eq(messages.clientId, scope.clientId),
        eq(messages.lineAccountId, scope.lineAccountId),
        eq(messages.id, id),
      ),
    );
}

export async function listMessages(
  db: Db,
  scope: AccountScope & { friendId: number },
  page: { limit: number; offset: number },
): Promise<{ rows: MessageRow[]; total: number }> {
  const where = and(
    eq(messages.clientId, scope.clientId),
    eq(messages.lineAccountId, scope.lineAccountId),
    eq(messages.friendId, scope.friendId),
  );
  const [total] = await db.select({ n: count() }).from(messages).where(where);
  const rows = await db
    .select()
    .from(messages)
    .where(where)
    .orderBy(desc(messages.id))
    .limit(page.limit)
    .offset(page.offset);
  return { rows, total: total?.n ?? 0 };
}
