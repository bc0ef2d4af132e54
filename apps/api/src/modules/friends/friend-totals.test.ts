import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { friends } from '../../db/schema/index.ts';
import { createClientWithUsers, createLineAccountRow } from '../../testing/factories.ts';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';
import { listFriendsOfSets, roughly, type AccountScope } from './friends.repository.ts';

/**
 * Issue 31: above FRIEND_TOTAL_EXACT_UP_TO friends in the account a filtered list's total is estimated
 * (the share of matches among the newest 2,000 friends, at least 50 of them) and says so
 * (`totalIsEstimate`); at or below it, or with too few matches (a name search: at most the threshold,
 * counted exactly; sets: fewer than 50 in the sample), it is exact.
 */
const C = '/client/api/v1';
let small: TestApp; // the default threshold (50,000): every total here is exact
let large: TestApp; // FRIEND_TOTAL_EXACT_UP_TO=50: an account of 300 friends is "large"

type Account = { scope: AccountScope; cookie: string };
async function accountOf(t: TestApp, count: number): Promise<Account> {
  const owner = await createClientWithUsers(t.app, t.db);
  const account = await createLineAccountRow(t.db, owner.client.id);
  const scope = { clientId: owner.client.id, lineAccountId: account.id };
  // 友だち1..N; 山田 on every third friend (100 of 300), 佐藤 on friends 1, 2, 3 only (the oldest)
  await t.db.insert(friends).values(
    Array.from({ length: count }, (_, i) => ({
      clientId: scope.clientId,
      lineAccountId: scope.lineAccountId,
      lineUserId: `Utotal${i}`,
      displayName: `${i % 3 === 0 ? '山田' : '鈴木'} 友だち${i + 1}${i < 3 ? ' 佐藤' : ''}`,
      createdAt: new Date(Date.UTC(2026, 10, 1, 0, i)),
    })),
  );
  return { scope, cookie: owner.owner.cookie };
}

let exactAccount: Account;
let estimatedAccount: Account;
beforeAll(async () => {
  small = await createTestApp();
  large = await createTestApp({ FRIEND_TOTAL_EXACT_UP_TO: '50' });
  exactAccount = await accountOf(small, 300);
  estimatedAccount = await accountOf(large, 300);
});
afterAll(async () => {
  await small?.close();
  await large?.close();
});

const list = (t: TestApp, a: Account, query: Record<string, string>) =>
  call(t.app, 'GET', `${C}/line-account/${a.scope.lineAccountId}/friends`, { cookie: a.cookie, query });

describe('estimated totals of large accounts', () => {
  it('a name search of a large account says its total is an estimate; a small account counts exactly', async () => {
    const exact = await list(small, exactAccount, { search: '山田', limit: '20' });
    expect(exact.statusCode).toBe(200);
    expect(exact.json().pagination).toEqual({
      currentPage: 1,
      totalPages: 5,
      itemsPerPage: 20,
      totalItems: 100,
      totalIsEstimate: false,
    });
    const estimated = await list(large, estimatedAccount, { search: '山田', limit: '20' });
    expect(estimated.statusCode).toBe(200);
    // the sample is the whole account here (300 < 2,000): the share times the friends is the count
    expect(estimated.json().pagination).toEqual({
      currentPage: 1,
      totalPages: 5,
      itemsPerPage: 20,
      totalItems: 100,
      totalIsEstimate: true,
    });
    // the page itself is exact: the newest 20 山田
    expect(estimated.json().data).toHaveLength(20);
    expect(estimated.json().data[0].displayName).toBe('山田 友だち298');
  });

  it('few matches (at most the threshold), and the unfiltered list, count exactly even in a large account', async () => {
    const rare = await list(large, estimatedAccount, { search: '佐藤' });
    expect(rare.json().pagination).toMatchObject({ totalItems: 3, totalIsEstimate: false });
    expect(rare.json().data).toHaveLength(3);
    const all = await list(large, estimatedAccount, {});
    expect(all.json().pagination).toMatchObject({ totalItems: 300, totalIsEstimate: false });
    const following = await list(large, estimatedAccount, { isFriend: 'true' });
    expect(following.json().pagination).toMatchObject({ totalItems: 300, totalIsEstimate: false });
  });

  it('the friend search over sets of a large account estimates from the newest friends; exact below', async () => {
    const { scope } = estimatedAccount;
    const setOf = (test: SQL): SQL =>
      sql`select id as friend_id from friends where line_account_id = ${scope.lineAccountId} and ${test}`;
    const number = sql`substring(display_name from '友だち([0-9]+)')::int`;
    const divisibleBy = (by: number) => setOf(sql`${number} % ${by} = 0`);
    const page = { limit: 10, offset: 0 };
    const sets = [divisibleBy(2), divisibleBy(3)]; // AND: 50 of 300; OR: 200
    for (const [combine, expected] of [
      ['AND', 50],
      ['OR', 200],
    ] as const) {
      const exact = await listFriendsOfSets(large.db, scope, sets, combine, page, {
        policy: { friends: 300, exactUpTo: 300 },
      });
      expect(exact).toMatchObject({ total: expected, totalIsEstimate: false });
      // a sample of the newest 120 friends (numbers 181..300): AND 20 hits, OR 80
      const estimated = await listFriendsOfSets(large.db, scope, sets, combine, page, {
        policy: { friends: 300, exactUpTo: 100 },
        sample: { size: 120, minHits: 10 },
      });
      expect(estimated).toMatchObject({ total: expected, totalIsEstimate: true });
      expect(estimated.rows.map((r) => r.id)).toEqual(exact.rows.map((r) => r.id));
      // too few hits in the sample: exact after all
      const few = await listFriendsOfSets(large.db, scope, sets, combine, page, {
        policy: { friends: 300, exactUpTo: 100 },
        sample: { size: 120, minHits: 81 },
      });
      expect(few).toMatchObject({ total: expected, totalIsEstimate: false });
    }
    // a page past the estimate's end reads what is there (none), still flagged
    const past = await listFriendsOfSets(
      large.db,
      scope,
      sets,
      'AND',
      { limit: 10, offset: 60 },
      {
        policy: { friends: 300, exactUpTo: 100 },
        sample: { size: 120, minHits: 10 },
      },
    );
    expect(past).toMatchObject({ rows: [], totalIsEstimate: true });
  });

  it('rounds an estimate to two significant figures', () => {
    expect([7, 99, 100, 1234, 33_417, 999_949, 1_000_000].map(roughly)).toEqual([
      7, 99, 100, 1200, 33_000, 1_000_000, 1_000_000,
    ]);
  });
});
