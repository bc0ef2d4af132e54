import { and, count, desc, eq, gte, ilike, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { connectionsOf, type Db } from '../../db/client.ts';
import { friendCounts, friends, messages, type MessageMedia } from '../../db/schema/friends.ts';
import { lineAccountsForJoin } from '../line-accounts/index.ts';

export type FriendRow = typeof friends.$inferSelect;
export type NewFriendRow = typeof friends.$inferInsert;
export type MessageRow = typeof messages.$inferSelect;
export type NewMessageRow = typeof messages.$inferInsert;

export type AccountScope = { clientId: number; lineAccountId: number };

const inAccount = (scope: AccountScope) =>
  and(eq(friends.clientId, scope.clientId), eq(friends.lineAccountId, scope.lineAccountId));

export const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

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
  /** true: following; false: ブロック (followed, then blocked; not a user who only wrote). */
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
  /**
   * With `exactly`: a friend id (scalar SQL) splitting the sets' friends roughly in two. On a pool, their
   * intersection is then counted in two halves by friend id, side by side (each half reads half of the
   * first set's index and hashes half of the others'): the count is the request's one long wait.
   */
  middle?: SQL | undefined;
};

/**
 * A friend is in a set of friends (`select friend_id ...`). `is true` (the same in a WHERE) keeps it a
 * hashed test: the page walks the friends index newest first and stops at the page's end, where a join
 * would read every friend of the set and sort them.
 */
export const inFriendSet = (set: SQL): SQL => sql`(${friends.id} in (${set})) is true`;

/**
 * How many friends a LINE account has (following, ブロック, or all): the counter the friends triggers keep.
 * isFriend false counts the blocks only (followed, then blocked), not users who only wrote (未追加).
 */
export async function countAccountFriends(db: Db, scope: AccountScope, isFriend?: boolean): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${friendCounts.n}), 0)::int` })
    .from(friendCounts)
    .innerJoin(lineAccountsForJoin, eq(lineAccountsForJoin.id, friendCounts.lineAccountId))
    .where(
      and(
        eq(friendCounts.lineAccountId, scope.lineAccountId),
        eq(lineAccountsForJoin.clientId, scope.clientId),
        isFriend === undefined ? undefined : eq(friendCounts.isFriend, isFriend),
        isFriend === false ? eq(friendCounts.hasFollowed, true) : undefined,
      ),
    );
  return row?.n ?? 0;
}

/**
 * The size of sets of friends (each friend once in each) combined: AND their intersection, OR their
 * union. Written as probes rather than INTERSECT/UNION (which hash every member of every set): AND counts
 * the first set's friends found in each other set; OR of two sets is both sizes less the intersection's;
 * OR of more adds up, set by set, the friends no earlier set holds. Each term is its own statement so that
 * PostgreSQL's pool runs them side by side (on one connection, as PGlite has, they simply run in turn).
 */
async function countCombinedSets(db: Db, sets: SQL[], combine: 'AND' | 'OR', middle?: SQL): Promise<number> {
  const within = (set: SQL, alias: string, outer: string) =>
    sql`exists (select 1 from (${set}) as ${sql.raw(alias)} where ${sql.raw(alias)}.friend_id = ${sql.raw(outer)}.friend_id)`;
  const countOf = async (query: SQL) => {
    const [row] = await db.select({ n: sql<number>`(${query})::int` }).from(sql`(select 1) as one`);
    return row?.n ?? 0;
  };
  const part = (of: SQL[]) =>
    countOf(
      sql`select count(*) from (${of[0]!}) as s0${
        of.length > 1
          ? sql` where ${sql.join(
              of.slice(1).map((set, i) => within(set, `s${i + 1}`, 's0')),
              sql` and `,
            )}`
          : sql``
      }`,
    );
  const half = (set: SQL, test: SQL) =>
    sql`select part.friend_id from (${set}) as part where part.friend_id ${test}`;
  // a hashed intersection's two halves by friend id, on two connections (the bounds come from an index)
  const intersection = async (of: SQL[]) => {
    if (of.length < 2 || !middle || connectionsOf(db) < 2) return part(of);
    const counts = await Promise.all(
      [sql`<= coalesce(${middle}, 0)`, sql`> coalesce(${middle}, 0)`].map((test) =>
        part(of.map((set) => half(set, test))),
      ),
    );
    return counts.reduce((sum, n) => sum + n, 0);
  };
  if (combine === 'AND') return intersection(sets);
  if (sets.length === 2) {
    // |A ∪ B| = |A| + |B| - |A ∩ B|: the intersection hashes the smaller set (PostgreSQL 15 hashes the
    // inner side of an anti-join, so "B not in A" hashed all of A: 20-30% slower on the bench's sets of
    // 33,334 and 10,000), and the two sizes are plain index counts beside it
    const [a, b, both] = await Promise.all([part([sets[0]!]), part([sets[1]!]), intersection(sets)]);
    return Math.max(0, a + b - both);
  }
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

/**
 * When a list's total is estimated (issue 31): the account has more than `exactUpTo` friends (`friends`:
 * all of them, from the counter, read beside the account's check). Below, every total is exact.
 */
export type TotalPolicy = { friends: number; exactUpTo: number };

/**
 * An estimated total is the share of matches among the account's newest `size` friends times its
 * friends, when at least `minHits` of them match; with fewer (rare matches: the share says little, and
 * an exact count of few matches is cheap next to the page's own walk) the total is counted exactly.
 */
export type TotalSample = { size: number; minHits: number };
export const totalSample: TotalSample = { size: 2000, minHits: 50 };

/**
 * A filtered list (not sets only) of a large account counts its matches exactly up to this many (or up to
 * the policy's threshold when lower): a count that stops there costs little; only beyond it is the total
 * estimated.
 */
export const EXACT_MATCHES_CAP = 10_000;

/** A count rounded to two significant figures (an estimate says no more than that). */
export const roughly = (n: number) => {
  if (n < 100) return Math.round(n);
  const unit = 10 ** (Math.floor(Math.log10(n)) - 1);
  return Math.round(n / unit) * unit;
};

/**
 * The account's newest `size` friends (as a table named `friends`, so that conditions written over the
 * friends table apply to it), and how many of them `test` keeps.
 */
async function sampleHits(
  db: Db,
  scope: AccountScope,
  test: SQL,
  size: number,
): Promise<{ size: number; hits: number }> {
  const newest = db
    .select()
    .from(friends)
    .where(inAccount(scope))
    .orderBy(desc(friends.createdAt), desc(friends.id))
    .limit(size);
  const [row] = await db
    .select({
      size: sql<number>`count(*)::int`,
      hits: sql<number>`(count(*) filter (where ${test}))::int`,
    })
    .from(sql`(${newest}) as ${friends}`);
  return { size: row?.size ?? 0, hits: row?.hits ?? 0 };
}

/** The estimate from a sample, or undefined when the sample says too little (see TotalSample). */
function estimateFrom(
  sampled: { size: number; hits: number },
  policy: TotalPolicy,
  sample: TotalSample,
): number | undefined {
  if (sampled.size === 0 || sampled.hits < sample.minHits) return undefined;
  return Math.max(sampled.hits, roughly((sampled.hits / sampled.size) * policy.friends));
}

/** Whether a list of this account estimates its total (more friends than the policy counts exactly). */
const estimates = (policy: TotalPolicy | undefined): policy is TotalPolicy =>
  !!policy && policy.friends > policy.exactUpTo;

/**
 * How far the friend search's page walks the newest friends testing each one by index probes (see
 * listFriendsOfSets): alongside the count, `perRow` friends per friend the page reaches (it bets that one
 * friend in 50 matches); once the total is known, as far as the page is likely to lie, up to `limit`.
 */
export type ProbeWalk = { perRow: number; limit: number };
const probeWalk: ProbeWalk = { perRow: 50, limit: 5000 };

/**
 * A walk of the friends index newest first (the newest `within` only, when given) that tests each friend
 * with index probes (`offset 0` keeps each test a per-friend probe, where the planner would hash every set
 * whole: 16-19 ms for sets of 33,000 and 10,000 friends against 0.5-2 ms).
 */
const probesOf = (sets: SQL[], combine: 'AND' | 'OR', id: SQL | typeof friends.id) => {
  const probes = sets.map(
    (set) => sql`exists (select 1 from (${set}) as probe where probe.friend_id = ${id} offset 0)`,
  );
  return (combine === 'OR' ? or(...probes) : and(...probes))!;
};

function pageByProbes(
  db: Db,
  scope: AccountScope,
  sets: SQL[],
  combine: 'AND' | 'OR',
  page: { limit: number; offset: number },
  within?: number,
): Promise<FriendRow[]> {
  const newestFirst = [desc(friends.createdAt), desc(friends.id)];
  const tested = (id: SQL | typeof friends.id) => probesOf(sets, combine, id);
  if (within === undefined)
    return db
      .select()
      .from(friends)
      .where(and(inAccount(scope), tested(friends.id)))
      .orderBy(...newestFirst)
      .limit(page.limit)
      .offset(page.offset);
  const newest = db
    .select()
    .from(friends)
    .where(inAccount(scope))
    .orderBy(...newestFirst)
    .limit(within)
    .as('newest');
  return db
    .select()
    .from(newest)
    .where(tested(sql`${newest.id}`))
    .orderBy(desc(newest.createdAt), desc(newest.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** How a page of sets of friends was read (for the tests; the answer is the same). */
export type SetsRead = 'newest' | 'probes' | 'hashed';

/**
 * A page of the friends that sets of friends combined (AND/OR) hold, when they are the whole filter, and
 * their total (counted from the sets' indexes). Three ways to the page, the cheapest that is exact:
 * - `newest`: alongside the count, the newest few friends tested by probes. Exact when it fills the page,
 *   or when the total says no match lies further (common matches: the count is all the wait);
 * - `probes`: the same walk unbounded, when the total says the page lies among the newest few thousand;
 * - `hashed`: rare matches, the sets' hashed test (it reads each set once instead of probing most friends).
 */
export async function listFriendsOfSets<V = undefined>(
  db: Db,
  scope: AccountScope,
  sets: SQL[],
  combine: 'AND' | 'OR',
  page: { limit: number; offset: number },
  options: {
    walk?: ProbeWalk;
    view?: PageView<V>;
    middle?: SQL | undefined;
    policy?: TotalPolicy | undefined;
    sample?: TotalSample;
  } = {},
): Promise<{
  rows: FriendRow[];
  total: number;
  totalIsEstimate: boolean;
  read: SetsRead;
  view: V | undefined;
}> {
  const { walk = probeWalk, view, middle, policy, sample = totalSample } = options;
  const reach = page.offset + page.limit;
  const viewOf = (rows: FriendRow[]) => (view ? view(rows) : Promise.resolve(undefined));
  // a large account: the share of matches among its newest friends, where the exact count would be the wait
  const estimated = estimates(policy)
    ? sampleHits(db, scope, probesOf(sets, combine, friends.id), sample.size).then((s) =>
        estimateFrom(s, policy, sample),
      )
    : Promise.resolve(undefined);
  const counted = async () => {
    const estimate = await estimated;
    if (estimate !== undefined) return { total: estimate, totalIsEstimate: true };
    return { total: await countCombinedSets(db, sets, combine, middle), totalIsEstimate: false };
  };
  const [{ total, totalIsEstimate }, all, newest] = await Promise.all([
    counted(),
    policy ? policy.friends : countAccountFriends(db, scope),
    // a full page from the newest friends is the page whatever the total: its view is read at once,
    // while the count still runs (the count is then all the wait)
    pageByProbes(db, scope, sets, combine, page, Math.min(walk.limit, reach * walk.perRow)).then(
      async (rows) => ({ rows, view: rows.length === page.limit ? await viewOf(rows) : undefined }),
    ),
  ]);
  if (newest.rows.length === page.limit) return { ...newest, total, totalIsEstimate, read: 'newest' };
  const answer = async (rows: FriendRow[], read: SetsRead) => ({
    rows,
    total,
    totalIsEstimate,
    read,
    view: await viewOf(rows),
  });
  // an exact total says when no match lies past the newest friends walked
  if (!totalIsEstimate) {
    if (total === 0 || page.offset >= total) return answer([], 'newest');
    if (page.offset + newest.rows.length === total) return answer(newest.rows, 'newest');
  }
  if ((reach * all) / Math.max(total, 1) <= walk.limit)
    return answer(await pageByProbes(db, scope, sets, combine, page), 'probes');
  const rows = await db
    .select()
    .from(friends)
    .where(and(inAccount(scope), (combine === 'OR' ? or : and)(...sets.map(inFriendSet))))
    .orderBy(desc(friends.createdAt), desc(friends.id))
    .limit(page.limit)
    .offset(page.offset);
  return answer(rows, 'hashed');
}

/**
 * What a caller makes of a page's friends (their views: members, staff, tags), read as soon as the page
 * is known, side by side with the count when the page does not wait for it.
 */
export type PageView<V> = (rows: FriendRow[]) => Promise<V>;

export async function listFriends<V = undefined>(
  db: Db,
  scope: AccountScope,
  filter: FriendFilter,
  page: { limit: number; offset: number },
  view?: PageView<V>,
  policy?: TotalPolicy,
  sample: TotalSample = totalSample,
): Promise<{ rows: FriendRow[]; total: number; totalIsEstimate: boolean; view: V | undefined }> {
  const conditions = [...(filter.conditions ?? [])];
  if (filter.search) conditions.push(ilike(friends.displayName, likePattern(filter.search)));
  const combined =
    conditions.length === 0 ? undefined : filter.combine === 'OR' ? or(...conditions) : and(...conditions);
  const where = and(
    inAccount(scope),
    filter.isFriend !== undefined ? eq(friends.isFriend, filter.isFriend) : undefined,
    // ブロック: followed, then blocked (a user who only wrote and never followed is not one)
    filter.isFriend === false ? isNotNull(friends.followedAt) : undefined,
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
    // the sets are the whole filter: their size is the total, and the page is read from them alone
    const combine = filter.combine ?? 'AND';
    const { read: _read, ...answer } = await listFriendsOfSets(db, scope, filter.exactly, combine, page, {
      view,
      middle: filter.middle,
      policy,
      sample,
    });
    return answer;
  }
  const counted = async () => {
    if (!combined && !filter.audience)
      return { total: await countAccountFriends(db, scope, filter.isFriend), totalIsEstimate: false };
    if (estimates(policy)) {
      // a count that stops past `cap` matches (rare names: exact, and as cheap as the trigram index makes
      // it) beside the sample (common ones: estimated)
      const cap = Math.min(policy.exactUpTo, EXACT_MATCHES_CAP);
      const upToCap = db
        .select({ one: sql`1` })
        .from(friends)
        .where(where)
        .limit(cap + 1)
        .as('up_to_cap');
      const [[capped], sampled] = await Promise.all([
        db.select({ n: count() }).from(upToCap),
        sampleHits(db, scope, where!, sample.size),
      ]);
      if ((capped?.n ?? 0) <= cap) return { total: capped?.n ?? 0, totalIsEstimate: false };
      const estimate = estimateFrom(sampled, policy, sample);
      if (estimate !== undefined) return { total: estimate, totalIsEstimate: true };
    }
    const [total] = await db.select({ n: count() }).from(friends).where(where);
    return { total: total?.n ?? 0, totalIsEstimate: false };
  };
  const [{ total, totalIsEstimate }, { rows, viewed }] = await Promise.all([
    counted(),
    newestFirst().then(async (rows) => ({ rows, viewed: view ? await view(rows) : undefined })),
  ]);
  return { rows, total, totalIsEstimate, view: viewed };
}

/** A SQL condition that is never true: for filters on data no service has recorded yet. */
export const never = sql`false`;

// ---- messages ----

export async function insertMessage(db: Db, values: NewMessageRow): Promise<MessageRow> {
  const [row] = await db.insert(messages).values(values).returning();
  return row!;
}

/** A message of the account by LINE's message id (the unsend event names it). */
export async function findMessageByLineId(
  db: Db,
  scope: AccountScope,
  lineMessageId: string,
): Promise<MessageRow | undefined> {
  const [row] = await db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.lineAccountId, scope.lineAccountId),
        eq(messages.clientId, scope.clientId),
        eq(messages.lineMessageId, lineMessageId),
      ),
    )
    .limit(1);
  return row;
}

/** The outbox job reads its message by id alone: the job payload was written by this server. */
/**
 * An answer from the chat takes the reply token of the friend's newest message within `window` of now
 * (either side: LINE's clock and ours differ a little) that still holds one: the token is cleared there
 * (locked in the answer's transaction), so one token answers once. undefined: none fresh enough (the
 * answer is pushed).
 */
export async function claimReplyToken(
  db: Db,
  scope: AccountScope,
  friendId: number,
  now: Date,
  windowMs: number,
): Promise<string | undefined> {
  const [row] = await db
    .select({ id: messages.id, replyToken: messages.replyToken })
    .from(messages)
    .where(
      and(
        eq(messages.friendId, friendId),
        eq(messages.lineAccountId, scope.lineAccountId),
        eq(messages.source, 'user'),
        isNotNull(messages.replyToken),
        gte(messages.lineTimestamp, new Date(now.getTime() - windowMs)),
        lte(messages.lineTimestamp, new Date(now.getTime() + windowMs)),
      ),
    )
    .orderBy(desc(messages.lineTimestamp), desc(messages.id))
    .limit(1)
    .for('update');
  if (!row?.replyToken) return undefined;
  await db.update(messages).set({ replyToken: null }).where(eq(messages.id, row.id));
  return row.replyToken;
}

/**
 * An automatic answer (応答メッセージ) replies with the event's token: the message that carried it no longer
 * offers it to the chat, whose answer then goes as a push at once instead of a refused reply first.
 */
export async function clearReplyToken(
  db: Db,
  scope: AccountScope,
  input: { friendId: number; replyToken: string; lineTimestamp: Date | null },
): Promise<void> {
  await db
    .update(messages)
    .set({ replyToken: null })
    .where(
      and(
        // the friend's chat index, from the event's time on: a few rows whatever the account's size
        eq(messages.friendId, input.friendId),
        eq(messages.lineAccountId, scope.lineAccountId),
        eq(messages.clientId, scope.clientId),
        input.lineTimestamp ? gte(messages.lineTimestamp, input.lineTimestamp) : undefined,
        eq(messages.replyToken, input.replyToken),
      ),
    );
}

export async function findMessageForDelivery(db: Db, id: number): Promise<MessageRow | undefined> {
  const [row] = await db.select().from(messages).where(eq(messages.id, id)).limit(1);
  return row;
}

/** Set a message's media only while its status is still `expected` (a fetch job's last write). */
export async function updateMessageMediaIf(
  db: Db,
  scope: AccountScope,
  id: number,
  expected: MessageMedia['status'],
  media: MessageMedia,
): Promise<void> {
  await db
    .update(messages)
    .set({ media })
    .where(
      and(
        eq(messages.clientId, scope.clientId),
        eq(messages.lineAccountId, scope.lineAccountId),
        eq(messages.id, id),
        sql`${messages.media}->>'status' = ${expected}`,
      ),
    );
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
    .orderBy(desc(messages.lineTimestamp), desc(messages.id))
    .limit(page.limit)
    .offset(page.offset);
  return { rows, total: total?.n ?? 0 };
}
