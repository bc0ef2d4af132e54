import { and, asc, count, countDistinct, desc, eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryClicks, deliveryLinks, friends, messageDeliveries } from '../../db/schema/index.ts';
import { createClientWithUsers, createLineAccountRow } from '../../testing/factories.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { inTransaction } from '../../db/client.ts';
import {
  clickedFriendsOf,
  clickedFriendsQuery,
  clickFiguresOf,
  insertClick,
  linkFiguresOf,
} from './deliveries.repository.ts';

/**
 * The delivery click report reads the roll-up that a statement trigger keeps (decision 0058). It must be
 * exactly what counting the clicks said before (the queries below are the report's queries before the
 * roll-up): per delivery and per link, taps and distinct named friends, and the friends who clicked,
 * latest first, for any clicks (named, anonymous, repeated, several writers at once on PostgreSQL).
 */
let t: TestApp;
let scope: { clientId: number; lineAccountId: number };
let serial = 0;
const now = Date.now();

beforeAll(async () => {
  t = await createTestApp();
  const owner = await createClientWithUsers(t.app, t.db);
  const account = await createLineAccountRow(t.db, owner.client.id);
  scope = { clientId: owner.client.id, lineAccountId: account.id };
});
afterAll(async () => {
  await t?.close();
});

async function counted(deliveryIds: number[]) {
  const totals = await t.db
    .select({
      deliveryId: deliveryClicks.deliveryId,
      clicks: count(),
      friends: countDistinct(deliveryClicks.friendId),
    })
    .from(deliveryClicks)
    .where(inArray(deliveryClicks.deliveryId, deliveryIds))
    .groupBy(deliveryClicks.deliveryId);
  const links = await t.db
    .select({
      deliveryId: deliveryLinks.deliveryId,
      url: deliveryLinks.url,
      clicks: count(deliveryClicks.id),
      friends: countDistinct(deliveryClicks.friendId),
    })
    .from(deliveryLinks)
    .leftJoin(deliveryClicks, eq(deliveryClicks.linkId, deliveryLinks.id))
    .where(inArray(deliveryLinks.deliveryId, deliveryIds))
    .groupBy(deliveryLinks.id, deliveryLinks.deliveryId, deliveryLinks.url)
    .orderBy(asc(deliveryLinks.id));
  const clicked = [];
  for (const deliveryId of deliveryIds) {
    const last = sql<Date>`max(${deliveryClicks.clickedAt})`;
    const rows = await t.db
      .select({
        id: friends.id,
        displayName: friends.displayName,
        links: countDistinct(deliveryClicks.linkId),
        lastClickedAt: last,
      })
      .from(deliveryClicks)
      .innerJoin(friends, eq(friends.id, deliveryClicks.friendId))
      .where(
        and(
          eq(deliveryClicks.deliveryId, deliveryId),
          eq(friends.clientId, scope.clientId),
          eq(friends.lineAccountId, scope.lineAccountId),
        ),
      )
      .groupBy(friends.id, friends.displayName)
      .orderBy(desc(last), asc(friends.id))
      .limit(4);
    clicked.push(rows.map((r) => ({ ...r, lastClickedAt: new Date(r.lastClickedAt).toISOString() })));
  }
  return {
    totals: deliveryIds.map((id) => {
      const r = totals.find((x) => x.deliveryId === id);
      return { clicks: Number(r?.clicks ?? 0), friends: Number(r?.friends ?? 0) };
    }),
    links: links.map((l) => ({ ...l, clicks: Number(l.clicks), friends: Number(l.friends) })),
    clicked,
  };
}

async function rolledUp(deliveryIds: number[]) {
  const totals = await clickFiguresOf(t.db, deliveryIds);
  const clicked = [];
  for (const deliveryId of deliveryIds) {
    const rows = await clickedFriendsOf(t.db, scope, deliveryId, 4);
    clicked.push(rows.map((r) => ({ ...r, lastClickedAt: r.lastClickedAt.toISOString() })));
  }
  return {
    totals: deliveryIds.map((id) => totals.get(id) ?? { clicks: 0, friends: 0 }),
    links: await linkFiguresOf(t.db, deliveryIds),
    clicked,
  };
}

const click = fc.record({
  delivery: fc.nat(1),
  link: fc.nat(2),
  // 0-4 friends of the account, 5 a friend id nobody has, null an anonymous tap
  friend: fc.option(fc.nat(5), { freq: 3 }),
  second: fc.integer({ min: 0, max: 50_000 }),
});

describe('the delivery click roll-up', () => {
  it('answers exactly what counting the clicks answers', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(click, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 10 }),
        async (rounds) => {
          const run = (serial += 1);
          const deliveries = await t.db
            .insert(messageDeliveries)
            .values(
              [0, 1].map((i) => ({
                ...scope,
                title: `配信${run}-${i}`,
                status: 'SENT' as const,
                messages: [],
                audience: { type: 'ALL' as const },
              })),
            )
            .returning({ id: messageDeliveries.id });
          const links = await t.db
            .insert(deliveryLinks)
            .values(
              deliveries.flatMap((d, i) =>
                [0, 1, 2].map((k) => ({
                  deliveryId: d.id,
                  url: `https://shop.example.jp/${k}`,
                  token: `r${String(run).padStart(5, '0')}d${i}l${k}xxxxxx`.slice(0, 16),
                })),
              ),
            )
            .returning({ id: deliveryLinks.id, deliveryId: deliveryLinks.deliveryId });
          const people = await t.db
            .insert(friends)
            .values(
              [0, 1, 2, 3, 4].map((i) => ({
                ...scope,
                lineUserId: `Uclickrollup${run}x${i}`,
                displayName: `友だち${i}`,
              })),
            )
            .returning({ id: friends.id });
          const friendIds = [...people.map((p) => p.id), people[4]!.id + 1_000_000];
          for (const round of rounds) {
            await Promise.all(
              round.map((c) => {
                const link = links[c.delivery * 3 + c.link]!;
                return insertClick(t.db, {
                  linkId: link.id,
                  deliveryId: link.deliveryId,
                  friendId: c.friend === null ? null : friendIds[c.friend]!,
                  clickedAt: new Date(now - c.second * 1000),
                });
              }),
            );
          }
          const ids = deliveries.map((d) => d.id);
          expect(await rolledUp(ids)).toEqual(await counted(ids));
        },
      ),
      { numRuns: 30 },
    );
  });
});

describe('the clicked friends read', () => {
  it("reads the delivery's last-click index in its order: no sort of every clicked friend", async () => {
    // With sorts priced out, the planner sorts only when no index gives the order; the ORDER BY must
    // match the index as written (NULLS LAST), or the report sorts 100,000 friends to show 100.
    const query = clickedFriendsQuery(t.db, scope, 1, 100).toSQL();
    const text = query.sql.replace(/\$(\d+)/g, (_, n: string) => String(Number(query.params[Number(n) - 1])));
    const plan = await inTransaction(t.db, async (tx) => {
      await tx.execute(sql`set local enable_sort = off`);
      await tx.execute(sql`set local enable_seqscan = off`);
      const result: unknown = await tx.execute(sql.raw(`explain ${text}`));
      const { rows } = result as { rows: { 'QUERY PLAN': string }[] };
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('delivery_click_friends_last_idx');
    expect(plan).not.toMatch(/\bSort\b/);
  });
});
