import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { friends } from '../../db/schema/index.ts';
import { createClientWithUsers, createLineAccountRow } from '../../testing/factories.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import {
  inFriendSet,
  listFriends,
  listFriendsOfSets,
  type AccountScope,
  type ProbeWalk,
  type SetsRead,
} from './friends.repository.ts';

/**
 * The friend search's page over sets of friends (member conditions) is read one of three ways
 * (listFriendsOfSets): the newest friends tested by probes alongside the count, the same walk unbounded, or
 * the sets' hashed test. Each must give the friends the plain hashed filter gives (listFriends), in the
 * same order, with the same total.
 */
let t: TestApp;
let scope: AccountScope;

beforeAll(async () => {
  t = await createTestApp();
  const owner = await createClientWithUsers(t.app, t.db);
  const account = await createLineAccountRow(t.db, owner.client.id);
  scope = { clientId: owner.client.id, lineAccountId: account.id };
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
const halfway = sql`(select (min(id) + max(id)) / 2 from friends where display_name like '友だち%')`;

// The walks tried: the product's, one so short that the page needs the unbounded walk, and one that
// leaves every page to the hashed test.
const walks: [string, ProbeWalk | undefined][] = [
  ['default', undefined],
  ['short first walk', { perRow: 1, limit: 1000 }],
  ['no walk', { perRow: 1, limit: 1 }],
];

describe('friend search over sets of friends', () => {
  it('reads the same pages as the hashed filter, whichever way it reads them, for AND and OR', async () => {
    const cases: [SQL[], 'AND' | 'OR', number][] = [
      [[divisibleBy(2), divisibleBy(3)], 'AND', 10],
      [[divisibleBy(2), divisibleBy(3)], 'OR', 40],
      [[divisibleBy(5)], 'AND', 12],
      [[divisibleBy(4), divisibleBy(6), divisibleBy(10)], 'OR', 22],
      [[divisibleBy(2), only(7)], 'AND', 0],
      [[only(7), only(59)], 'OR', 2],
    ];
    const reads = new Map<string, Set<SetsRead>>(walks.map(([name]) => [name, new Set()]));
    for (const [sets, combine, expected] of cases) {
      for (const page of [1, 2, 3, 7]) {
        const window = { limit: 7, offset: (page - 1) * 7 };
        const hashed = await listFriends(t.db, scope, { conditions: sets.map(inFriendSet), combine }, window);
        expect(hashed.total).toBe(expected);
        expect(hashed.rows.length).toBe(Math.max(0, Math.min(7, expected - window.offset)));
        for (const [name, walk] of walks) {
          const read = await listFriendsOfSets(t.db, scope, sets, combine, window, { walk });
          expect(read.total, `${combine} page ${page}, ${name}`).toBe(expected);
          expect(
            read.rows.map((r) => r.id),
            `${combine} page ${page}, ${name}`,
          ).toEqual(hashed.rows.map((r) => r.id));
          reads.get(name)!.add(read.read);
        }
        // the count in two halves by friend id (on PostgreSQL's pool; PGlite counts at once): any middle,
        // even one past every friend, or none at all (null: no members), adds up to the same total
        for (const middle of [halfway, sql`(select min(id) from friends)`, sql`null::int`]) {
          const split = await listFriendsOfSets(t.db, scope, sets, combine, window, { middle });
          expect(split.total, `${combine} page ${page}, split`).toBe(expected);
          expect(split.rows.map((r) => r.id)).toEqual(hashed.rows.map((r) => r.id));
        }
      }
    }
    // every way was taken: the newest walk with the product's settings, then each fallback
    expect([...reads.get('default')!]).toEqual(['newest']);
    expect(reads.get('short first walk')).toContain('probes');
    expect(reads.get('no walk')).toContain('hashed');
  });

  it('leaves rare matches to the hashed test (a page would walk most friends)', async () => {
    // one match, older than the 30 newest friends: a page of 500 would walk 30,000 friends' worth of probes
    const page = { limit: 500, offset: 0 };
    const rare = await listFriendsOfSets(t.db, scope, [only(7)], 'AND', page, {
      walk: { perRow: 1, limit: 30 },
    });
    expect(rare.read).toBe('hashed');
    expect(rare.total).toBe(1);
    expect(rare.rows.map((r) => r.displayName)).toEqual(['友だち7']);
    // the friend search's own path (exactly these sets) answers the same
    const answer = await listFriends(
      t.db,
      scope,
      { conditions: [inFriendSet(only(7))], exactly: [only(7)] },
      page,
    );
    expect(answer.total).toBe(1);
    expect(answer.rows.map((r) => r.displayName)).toEqual(['友だち7']);
  });
});
