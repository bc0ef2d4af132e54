import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { friends, lineAccounts } from '../../db/schema/index.ts';
import { createClientWithUsers } from '../../testing/factories.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { inFriendSet, listFriends, listFriendsOfSets, type AccountScope } from './friends.repository.ts';

/**
 * The friend search's page over sets of friends (member conditions) is read two ways: by index probes per
 * friend, newest first, when matches are common (listFriendsOfSets), and by the sets' hashed test otherwise
 * (listFriends). Both must give the same friends, in the same order, with the same total.
 */
let t: TestApp;
let scope: AccountScope;

beforeAll(async () => {
  t = await createTestApp();
  const owner = await createClientWithUsers(t.app, t.db);
  const [account] = await t.db
    .insert(lineAccounts)
    .values({
      clientId: owner.client.id,
      channelId: `sets-${Date.now()}`,
      channelSecretEncrypted: 'x',
      displayName: 'セット店',
      botId: 'Usets',
    })
    .returning();
  scope = { clientId: owner.client.id, lineAccountId: account!.id };
  // 60 friends, three at a time followed at the same moment (the order's tie-break on id matters)
  await t.db.insert(friends).values(
    Array.from({ length: 60 }, (_, i) => ({
      clientId: scope.clientId,
      lineAccountId: scope.lineAccountId,
      lineUserId: `Usets${i}`,
      displayName: `友だち${i + 1}`,
      createdAt: new Date(Date.UTC(2026, 10, 1, 0, Math.floor(i / 3))),
    })),
  );
});
afterAll(async () => {
  await t?.close();
});

/** Friends whose number (友だちN) is divisible by `by`, or exactly `n`. */
const setOf = (test: SQL): SQL =>
  sql`select id as friend_id from friends where line_account_id = ${scope.lineAccountId} and ${test}`;
const number = sql`substring(display_name from 4)::int`;
const divisibleBy = (by: number) => setOf(sql`${number} % ${by} = 0`);
const only = (n: number) => setOf(sql`${number} = ${n}`);

describe('friend search over sets of friends', () => {
  it('reads the same pages by probes as by the hashed test, for AND and OR', async () => {
    const cases: [SQL[], 'AND' | 'OR', number][] = [
      [[divisibleBy(2), divisibleBy(3)], 'AND', 10],
      [[divisibleBy(2), divisibleBy(3)], 'OR', 40],
      [[divisibleBy(5)], 'AND', 12],
      [[divisibleBy(4), divisibleBy(6), divisibleBy(10)], 'OR', 22],
      [[divisibleBy(2), only(7)], 'AND', 0],
    ];
    for (const [sets, combine, expected] of cases) {
      for (const page of [1, 2, 3, 7]) {
        const window = { limit: 7, offset: (page - 1) * 7 };
        const probed = await listFriendsOfSets(t.db, scope, sets, combine, window);
        const hashed = await listFriends(t.db, scope, { conditions: sets.map(inFriendSet), combine }, window);
        expect(probed, `${combine} page ${page}`).toBeDefined();
        expect(probed!.total).toBe(expected);
        expect(hashed.total).toBe(expected);
        expect(probed!.rows.map((r) => r.id)).toEqual(hashed.rows.map((r) => r.id));
        expect(probed!.rows.length).toBe(Math.max(0, Math.min(7, expected - window.offset)));
      }
    }
  });

  it('leaves rare matches to the hashed test (a page would walk most friends)', async () => {
    // one match among 60 friends: a page of 500 would walk 30,000 friends' worth of probes
    const rare = await listFriendsOfSets(t.db, scope, [only(42)], 'AND', { limit: 500, offset: 0 });
    expect(rare).toBeUndefined();
    const answer = await listFriends(
      t.db,
      scope,
      { conditions: [inFriendSet(only(42))], exactly: [only(42)] },
      { limit: 500, offset: 0 },
    );
    expect(answer.total).toBe(1);
    expect(answer.rows.map((r) => r.displayName)).toEqual(['友だち42']);
  });
});
