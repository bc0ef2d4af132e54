import { and, count, eq, gte, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { friends, inflowAttributions, inflowRoutes, inflowVisits } from '../../db/schema/index.ts';
import { createClientWithUsers, createLineAccountRow } from '../../testing/factories.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { markMember, routeFigures, type AccountScope } from './inflow.repository.ts';

/**
 * The route report reads the daily roll-up that statement triggers keep (decision 0058). Its figures must
 * be exactly what counting the rows said before (the queries below are the report's queries before the
 * roll-up), for any mix of visits, follows, unblocks, member registrations and blocks, written one by one
 * or many in one statement, and (on PostgreSQL) several writers at once.
 */
let t: TestApp;
let scope: AccountScope;
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

/** The report's counting before the roll-up (decision 0038's two grouped reads and the daily counts). */
async function counted(routeIds: number[], since: Date) {
  const visits = await t.db
    .select({
      routeId: inflowVisits.routeId,
      visits: sql<number>`count(*)::int`,
      unique: sql<number>`count(distinct coalesce(${inflowVisits.lineUserId}, 'visit:' || ${inflowVisits.id}))::int`,
    })
    .from(inflowVisits)
    .where(
      and(
        eq(inflowVisits.clientId, scope.clientId),
        inArray(inflowVisits.routeId, routeIds),
        gte(inflowVisits.visitedAt, since),
      ),
    )
    .groupBy(inflowVisits.routeId);
  const follows = await t.db
    .select({
      routeId: inflowAttributions.routeId,
      newFriends: sql<number>`count(*) filter (where ${inflowAttributions.kind} = 'NEW_FRIEND')::int`,
      unblocked: sql<number>`count(*) filter (where ${inflowAttributions.kind} = 'UNBLOCK')::int`,
      blockedLater: sql<number>`count(distinct ${inflowAttributions.friendId}) filter (where not ${friends.isFriend})::int`,
      members: sql<number>`count(distinct ${inflowAttributions.friendId}) filter (where ${inflowAttributions.memberAt} is not null)::int`,
    })
    .from(inflowAttributions)
    .innerJoin(friends, eq(friends.id, inflowAttributions.friendId))
    .where(
      and(
        eq(inflowAttributions.clientId, scope.clientId),
        inArray(inflowAttributions.routeId, routeIds),
        gte(inflowAttributions.attributedAt, since),
      ),
    )
    .groupBy(inflowAttributions.routeId);
  const visitDay = sql<string>`to_char(${inflowVisits.visitedAt} at time zone 'Asia/Tokyo', 'YYYY-MM-DD')`;
  const followDay = sql<string>`to_char(${inflowAttributions.attributedAt} at time zone 'Asia/Tokyo', 'YYYY-MM-DD')`;
  const dailyVisits = await t.db
    .select({ routeId: inflowVisits.routeId, day: visitDay, n: count() })
    .from(inflowVisits)
    .where(and(inArray(inflowVisits.routeId, routeIds), gte(inflowVisits.visitedAt, since)))
    .groupBy(inflowVisits.routeId, visitDay);
  const dailyFollows = await t.db
    .select({ routeId: inflowAttributions.routeId, day: followDay, n: count() })
    .from(inflowAttributions)
    .innerJoin(friends, eq(friends.id, inflowAttributions.friendId))
    .where(
      and(
        inArray(inflowAttributions.routeId, routeIds),
        eq(inflowAttributions.kind, 'NEW_FRIEND'),
        gte(inflowAttributions.attributedAt, since),
      ),
    )
    .groupBy(inflowAttributions.routeId, followDay);
  return routeIds.map((routeId) => {
    const v = visits.find((r) => r.routeId === routeId);
    const a = follows.find((r) => r.routeId === routeId);
    return {
      figures: {
        routeId,
        visits: Number(v?.visits ?? 0),
        uniqueVisitors: Number(v?.unique ?? 0),
        newFriends: Number(a?.newFriends ?? 0),
        unblocked: Number(a?.unblocked ?? 0),
        blockedLater: Number(a?.blockedLater ?? 0),
        members: Number(a?.members ?? 0),
      },
      visitsByDay: Object.fromEntries(
        dailyVisits.filter((r) => r.routeId === routeId).map((r) => [r.day, Number(r.n)]),
      ),
      followsByDay: Object.fromEntries(
        dailyFollows.filter((r) => r.routeId === routeId).map((r) => [r.day, Number(r.n)]),
      ),
    };
  });
}

/** The roll-up's answer in the same shape. */
async function rolledUp(routeIds: number[], fromDay: string) {
  const { figures, days } = await routeFigures(t.db, routeIds, fromDay);
  return routeIds.map((routeId) => ({
    figures: figures.get(routeId)!,
    visitsByDay: Object.fromEntries(
      days.filter((d) => d.routeId === routeId && d.visits !== 0).map((d) => [d.day, d.visits]),
    ),
    followsByDay: Object.fromEntries(
      days.filter((d) => d.routeId === routeId && d.newFriends !== 0).map((d) => [d.day, d.newFriends]),
    ),
  }));
}

const when = fc
  .record({ day: fc.integer({ min: -70, max: 1 }), minute: fc.integer({ min: 0, max: 1439 }) })
  .map(({ day, minute }) => new Date(now.getTime() + day * DAY + minute * 60_000 - 720 * 60_000));
const op = fc.oneof(
  fc.record({
    kind: fc.constant('visits' as const),
    rows: fc.array(fc.record({ route: fc.nat(1), user: fc.option(fc.nat(5), { freq: 3 }), at: when }), {
      minLength: 1,
      maxLength: 4,
    }),
  }),
  fc.record({
    kind: fc.constant('follows' as const),
    rows: fc.array(
      fc.record({
        route: fc.nat(1),
        friend: fc.nat(4),
        unblock: fc.boolean(),
        at: when,
        member: fc.boolean(),
      }),
      { minLength: 1, maxLength: 3 },
    ),
  }),
  fc.record({ kind: fc.constant('member' as const), friend: fc.nat(4), at: when }),
  fc.record({ kind: fc.constant('flip' as const), friend: fc.nat(4) }),
);

describe('the route report roll-up', () => {
  it('answers exactly what counting the rows answers, for any writes and any period', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(op, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 8 }),
        fc.array(fc.integer({ min: 1, max: 75 }), { minLength: 1, maxLength: 3 }),
        async (rounds, periods) => {
          const run = (serial += 1);
          const routes = await t.db
            .insert(inflowRoutes)
            .values([0, 1].map((i) => ({ ...scope, name: `経路${i}`, slug: `rollup${run}x${i}` })))
            .returning({ id: inflowRoutes.id });
          const routeIds = routes.map((r) => r.id);
          const people = await t.db
            .insert(friends)
            .values(
              [0, 1, 2, 3, 4].map((i) => ({
                ...scope,
                lineUserId: `Urollup${run}x${i}`,
                displayName: `友だち${i}`,
                isFriend: i !== 4,
              })),
            )
            .returning({ id: friends.id });
          // a friend who is gone: their attributions count nowhere
          const goneFriendId = people[4]!.id + 1_000_000;
          const friendIds = [...people.slice(0, 4).map((p) => p.id), goneFriendId];
          for (const round of rounds) {
            // the ops of a round run at the same time (on PostgreSQL, on several connections)
            await Promise.all(
              round.map(async (o) => {
                if (o.kind === 'visits') {
                  await t.db.insert(inflowVisits).values(
                    o.rows.map((r) => ({
                      ...scope,
                      routeId: routeIds[r.route]!,
                      lineUserId: r.user === null ? null : `Urollup${run}x${r.user}`,
                      visitedAt: r.at,
                    })),
                  );
                } else if (o.kind === 'follows') {
                  await t.db.insert(inflowAttributions).values(
                    o.rows.map((r) => ({
                      ...scope,
                      routeId: routeIds[r.route]!,
                      visitId: 10_000_000 + (serial += 1),
                      friendId: friendIds[r.friend]!,
                      kind: r.unblock ? ('UNBLOCK' as const) : ('NEW_FRIEND' as const),
                      attributedAt: r.at,
                      memberAt: r.member ? r.at : null,
                    })),
                  );
                } else if (o.kind === 'member') {
                  await markMember(t.db, scope, friendIds[o.friend]!, o.at);
                } else if (o.friend < 4) {
                  await t.db
                    .update(friends)
                    .set({ isFriend: sql`not ${friends.isFriend}` })
                    .where(eq(friends.id, friendIds[o.friend]!));
                }
              }),
            );
          }
          for (const days of periods) {
            const since = new Date(now.getTime() - (days - 1) * DAY);
            since.setUTCHours(-9, 0, 0, 0); // the start of a Japan day, as the report's period
            const fromDay = new Date(since.getTime() + 9 * 3_600_000).toISOString().slice(0, 10);
            expect(await rolledUp(routeIds, fromDay)).toEqual(await counted(routeIds, since));
          }
        },
      ),
      { numRuns: 25 },
    );
  });
});
