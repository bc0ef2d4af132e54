import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { friendCounts, friends } from '../../db/schema/index.ts';
import { createClientWithUsers, createLineAccountRow } from '../../testing/factories.ts';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';

/**
 * The friends list's totalItems comes from friend_counts, which statement triggers on friends keep
 * (migration list_counts, decision 0019). Whoever writes and however many at once, it must stay what a
 * count of the rows says. On PostgreSQL (TEST_DATABASE_URL) the writes below run on several connections
 * at the same time.
 */
let t: TestApp;
let owner: Awaited<ReturnType<typeof createClientWithUsers>>;
let other: Awaited<ReturnType<typeof createClientWithUsers>>;
const accounts: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  owner = await createClientWithUsers(t.app, t.db);
  other = await createClientWithUsers(t.app, t.db);
  for (const [i, clientId] of [owner.client.id, owner.client.id, other.client.id].entries()) {
    const row = await createLineAccountRow(t.db, clientId, { displayName: `店${i}` });
    accounts.push(row.id);
  }
});
afterAll(async () => {
  await t?.close();
});

const clientOf = (i: number) => (i === 2 ? other.client.id : owner.client.id);

/** The counters against a count of the rows, for every account. */
async function expectCountersRight() {
  const hasFollowed = sql<boolean>`${friends.followedAt} is not null`;
  const counted = await t.db
    .select({ lineAccountId: friends.lineAccountId, isFriend: friends.isFriend, hasFollowed, n: count() })
    .from(friends)
    .groupBy(friends.lineAccountId, friends.isFriend, hasFollowed);
  const kept = await t.db.select().from(friendCounts);
  const of = (rows: typeof kept, accountId: number, isFriend: boolean, followed: boolean) =>
    rows.find((r) => r.lineAccountId === accountId && r.isFriend === isFriend && r.hasFollowed === followed)
      ?.n ?? 0;
  for (const accountId of accounts)
    for (const isFriend of [true, false])
      for (const followed of [true, false]) {
        const where = `account ${accountId} isFriend ${isFriend} followed ${followed}`;
        expect(of(kept, accountId, isFriend, followed), where).toBe(
          of(counted, accountId, isFriend, followed),
        );
      }
}

const listTotal = async (accountIndex: number, query: Record<string, string> = {}) => {
  const response = await call(t.app, 'GET', `/client/api/v1/line-account/${accounts[accountIndex]}/friends`, {
    cookie: (accountIndex === 2 ? other : owner).owner.cookie,
    query: { limit: '1', ...query },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().pagination.totalItems as number;
};

describe('friend counters', () => {
  it('stay exact under concurrent single and bulk inserts, blocks, unblocks and deletes', async () => {
    let serial = 0;
    const one = (i: number) =>
      t.db.insert(friends).values({
        clientId: clientOf(i),
        lineAccountId: accounts[i]!,
        lineUserId: `U${i}-${serial++}`,
        displayName: `友だち${serial}`,
      });
    const bulk = (i: number, n: number) =>
      t.db.insert(friends).values(
        Array.from({ length: n }, () => ({
          clientId: clientOf(i),
          lineAccountId: accounts[i]!,
          lineUserId: `U${i}-${serial++}`,
          displayName: `友だち${serial}`,
          isFriend: serial % 3 !== 0,
          // most followed once; some only wrote (未追加)
          followedAt: serial % 4 === 0 ? null : new Date(),
        })),
      );
    await Promise.all([
      ...Array.from({ length: 30 }, (_, k) => one(k % 3)),
      bulk(0, 40),
      bulk(1, 25),
      bulk(2, 10),
    ]);
    await expectCountersRight();

    // blocks and unblocks at the same time (one statement moving many rows, others moving one)
    const rows = await t.db
      .select({ id: friends.id })
      .from(friends)
      .where(eq(friends.lineAccountId, accounts[0]!));
    await Promise.all([
      t.db
        .update(friends)
        .set({ isFriend: false })
        .where(and(eq(friends.lineAccountId, accounts[0]!), sql`${friends.id} % 2 = 0`)),
      ...rows
        .slice(0, 10)
        .map((r) => t.db.update(friends).set({ isFriend: true }).where(eq(friends.id, r.id))),
      ...rows
        .slice(10, 20)
        .map((r) => t.db.update(friends).set({ managerNotes: 'メモ' }).where(eq(friends.id, r.id))),
      // users who only wrote follow at last
      ...rows
        .slice(20, 25)
        .map((r) => t.db.update(friends).set({ followedAt: new Date() }).where(eq(friends.id, r.id))),
    ]);
    await expectCountersRight();

    await Promise.all([t.db.delete(friends).where(eq(friends.lineAccountId, accounts[1]!)), one(1), one(0)]);
    await expectCountersRight();
  });

  it('give the friends list its totals, per isFriend, and only for the account of the caller', async () => {
    // a user who only wrote (never followed) is neither a friend nor a block
    await t.db.insert(friends).values([
      { clientId: clientOf(0), lineAccountId: accounts[0]!, lineUserId: 'U-only-wrote', isFriend: false },
      {
        clientId: clientOf(0),
        lineAccountId: accounts[0]!,
        lineUserId: 'U-blocked',
        isFriend: false,
        followedAt: new Date(),
      },
    ]);
    for (const i of [0, 1, 2]) {
      const [all] = await t.db
        .select({ n: count() })
        .from(friends)
        .where(eq(friends.lineAccountId, accounts[i]!));
      const [following] = await t.db
        .select({ n: count() })
        .from(friends)
        .where(and(eq(friends.lineAccountId, accounts[i]!), eq(friends.isFriend, true)));
      expect(await listTotal(i)).toBe(all!.n);
      expect(await listTotal(i, { isFriend: 'true' })).toBe(following!.n);
      const [blocked] = await t.db
        .select({ n: count() })
        .from(friends)
        .where(
          and(
            eq(friends.lineAccountId, accounts[i]!),
            eq(friends.isFriend, false),
            sql`${friends.followedAt} is not null`,
          ),
        );
      if (i === 0) expect(blocked!.n).toBeLessThan(all!.n - following!.n);
      expect(await listTotal(i, { isFriend: 'false' })).toBe(blocked!.n);
    }
    // another client's account is not found, whatever its counters say
    const response = await call(t.app, 'GET', `/client/api/v1/line-account/${accounts[2]}/friends`, {
      cookie: owner.owner.cookie,
    });
    expect(response.statusCode).toBe(404);
  });
});
