import { and, count, countDistinct, eq, gte } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { friends, richMenus, richMenuTapDays, richMenuTaps } from '../../db/schema/index.ts';
import { createClientWithUsers, createLineAccountRow } from '../../testing/factories.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { tapFiguresSince } from './rich-menu-taps.ts';

/**
 * The tap report reads the daily roll-up that statement triggers keep (decision 0058), plus the first
 * day of the period live. Its figures must be exactly what counting the taps said before (the query
 * below is the report's query before the roll-up), for any taps, named or not, written one by one or
 * many at once (on PostgreSQL by several writers at once), friends deleted, and any period.
 */
let t: TestApp;
let scope: { clientId: number; lineAccountId: number };
let serial = 0;
const DAY = 86_400_000;
const now = new Date();

beforeAll(async () => {
  t = await createTestApp();
  const owner = await createClientWithUsers(t.app, t.db);
  const account = await createLineAccountRow(t.db, owner.client.id);
  scope = { clientId: owner.client.id, lineAccountId: account.id };
});
afterAll(async () => {
  await t?.close();
});

async function counted(richMenuId: number, since: Date) {
  const rows = await t.db
    .select({
      areaIndex: richMenuTaps.areaIndex,
      taps: count(),
      friends: countDistinct(richMenuTaps.friendId),
    })
    .from(richMenuTaps)
    .where(
      and(
        eq(richMenuTaps.clientId, scope.clientId),
        eq(richMenuTaps.lineAccountId, scope.lineAccountId),
        eq(richMenuTaps.richMenuId, richMenuId),
        gte(richMenuTaps.tappedAt, since),
      ),
    )
    .groupBy(richMenuTaps.areaIndex);
  return [0, 1, 2].map((i) => {
    const r = rows.find((x) => x.areaIndex === i);
    return { areaIndex: i, taps: Number(r?.taps ?? 0), friends: Number(r?.friends ?? 0) };
  });
}

async function rolledUp(richMenuId: number, since: Date) {
  const rows = await tapFiguresSince(t.db, scope, richMenuId, since);
  return [0, 1, 2].map((i) => {
    const r = rows.find((x) => x.areaIndex === i);
    return { areaIndex: i, taps: r?.taps ?? 0, friends: r?.friends ?? 0 };
  });
}

const when = fc
  .integer({ min: -95 * 24 * 60, max: 24 * 60 })
  .map((minutes) => new Date(now.getTime() + minutes * 60_000 + (minutes % 7) * 1_000));
const op = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('taps' as const),
      rows: fc.array(fc.record({ area: fc.nat(2), friend: fc.option(fc.nat(4), { freq: 4 }), at: when }), {
        minLength: 1,
        maxLength: 5,
      }),
    }),
    weight: 6,
  },
  { arbitrary: fc.record({ kind: fc.constant('unfriend' as const), friend: fc.nat(4) }), weight: 1 },
);
// periods: the report's 7 / 30 / 90 days, and any instant (a Japan midnight among them)
const since = fc.oneof(
  fc.constantFrom(7, 30, 90).map((days) => new Date(now.getTime() - days * DAY)),
  when,
  when.map((d) => new Date(Math.floor((d.getTime() + 9 * 3_600_000) / DAY) * DAY - 9 * 3_600_000)),
);

describe('the rich menu tap roll-up', () => {
  it('answers exactly what counting the taps answers, for any taps and any period', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(op, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 8 }),
        fc.array(since, { minLength: 1, maxLength: 4 }),
        async (rounds, periods) => {
          const run = (serial += 1);
          const [menu] = await t.db
            .insert(richMenus)
            .values({
              ...scope,
              lineRichMenuId: `richmenu-rollup-${run}`,
              name: 'メニュー',
              width: 2500,
              height: 843,
              chatBarText: 'メニュー',
              areas: [],
              imageType: 'image/png',
              image: Buffer.from([0]),
            })
            .returning({ id: richMenus.id });
          const people = await t.db
            .insert(friends)
            .values(
              [0, 1, 2, 3, 4].map((i) => ({
                ...scope,
                lineUserId: `Utaprollup${run}x${i}`,
                displayName: `友だち${i}`,
              })),
            )
            .returning({ id: friends.id });
          const gone = new Set<number>();
          for (const round of rounds) {
            // a round's taps at the same time (on PostgreSQL, several connections), then its deletes
            await Promise.all(
              round.map(async (o) => {
                if (o.kind !== 'taps') return;
                const rows = o.rows.filter((r) => r.friend === null || !gone.has(r.friend));
                if (rows.length === 0) return;
                await t.db.insert(richMenuTaps).values(
                  rows.map((r) => ({
                    ...scope,
                    richMenuId: menu!.id,
                    areaIndex: r.area,
                    friendId: r.friend === null ? null : people[r.friend]!.id,
                    tappedAt: r.at,
                  })),
                );
              }),
            );
            for (const o of round) {
              if (o.kind !== 'unfriend' || gone.has(o.friend)) continue;
              gone.add(o.friend);
              // a deleted friend's taps go with them (the cascade)
              await t.db.delete(friends).where(eq(friends.id, people[o.friend]!.id));
            }
          }
          for (const at of periods) {
            expect(await rolledUp(menu!.id, at)).toEqual(await counted(menu!.id, at));
          }
          // a deleted menu takes its taps and leaves no day rows
          await t.db.delete(richMenus).where(eq(richMenus.id, menu!.id));
          expect(
            await t.db.select().from(richMenuTapDays).where(eq(richMenuTapDays.richMenuId, menu!.id)),
          ).toEqual([]);
        },
      ),
      { numRuns: 25 },
    );
  });
});
