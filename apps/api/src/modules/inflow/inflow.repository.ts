import { and, asc, desc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { inflowAttributions, inflowRouteDays, inflowRoutes, inflowVisits } from '../../db/schema/inflow.ts';

export type AccountScope = { clientId: number; lineAccountId: number };
export type InflowRouteRow = typeof inflowRoutes.$inferSelect;
export type InflowVisitRow = typeof inflowVisits.$inferSelect;

const ofAccount = (scope: AccountScope) =>
  and(
    eq(inflowRoutes.clientId, scope.clientId),
    eq(inflowRoutes.lineAccountId, scope.lineAccountId),
    isNull(inflowRoutes.deletedAt),
  );

export async function listRoutes(db: Db, scope: AccountScope): Promise<InflowRouteRow[]> {
  return db.select().from(inflowRoutes).where(ofAccount(scope)).orderBy(asc(inflowRoutes.id));
}

export async function findRoute(
  db: Db,
  scope: AccountScope,
  routeId: number,
): Promise<InflowRouteRow | undefined> {
  const [row] = await db
    .select()
    .from(inflowRoutes)
    .where(and(ofAccount(scope), eq(inflowRoutes.id, routeId)));
  return row;
}

/** A route by its public slug (not deleted); the landing checks on/off itself. */
export async function findRouteBySlug(db: Db, slug: string): Promise<InflowRouteRow | undefined> {
  const [row] = await db
    .select()
    .from(inflowRoutes)
    .where(and(eq(inflowRoutes.slug, slug), isNull(inflowRoutes.deletedAt)));
  return row;
}

export async function insertRoute(db: Db, values: typeof inflowRoutes.$inferInsert): Promise<InflowRouteRow> {
  const [row] = await db.insert(inflowRoutes).values(values).returning();
  return row!;
}

export async function updateRoute(
  db: Db,
  scope: AccountScope,
  routeId: number,
  values: Partial<typeof inflowRoutes.$inferInsert>,
): Promise<InflowRouteRow | undefined> {
  const [row] = await db
    .update(inflowRoutes)
    .set(values)
    .where(and(ofAccount(scope), eq(inflowRoutes.id, routeId)))
    .returning();
  return row;
}

export async function insertVisit(db: Db, values: typeof inflowVisits.$inferInsert): Promise<void> {
  await db.insert(inflowVisits).values(values);
}

/**
 * The user's last visit of a live route of the account in [from, to], made while not following: the
 * touch a follow is attributed to (a friend's visit is a visit, never a follow's cause).
 */
export async function lastVisitOf(
  db: Db,
  scope: AccountScope,
  lineUserId: string,
  window: { from: Date; to: Date; recordedBefore: Date },
): Promise<InflowVisitRow | undefined> {
  const [row] = await db
    .select({ visit: inflowVisits })
    .from(inflowVisits)
    .innerJoin(inflowRoutes, eq(inflowRoutes.id, inflowVisits.routeId))
    .where(
      and(
        eq(inflowVisits.clientId, scope.clientId),
        eq(inflowVisits.lineAccountId, scope.lineAccountId),
        eq(inflowVisits.lineUserId, lineUserId),
        eq(inflowVisits.wasFriend, false),
        gte(inflowVisits.visitedAt, window.from),
        lte(inflowVisits.visitedAt, window.to),
        lte(inflowVisits.recordedAt, window.recordedBefore),
        isNull(inflowRoutes.deletedAt),
      ),
    )
    .orderBy(desc(inflowVisits.visitedAt), desc(inflowVisits.id))
    .limit(1);
  return row?.visit;
}

/** One attribution per domain event and per visit: a re-run of the handler writes nothing twice. */
export async function insertAttribution(
  db: Db,
  values: typeof inflowAttributions.$inferInsert,
): Promise<boolean> {
  const rows = await db
    .insert(inflowAttributions)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: inflowAttributions.id });
  return rows.length > 0;
}

/** A friend registered as a member: their latest attribution (the route that brought them) is marked. */
export async function markMember(db: Db, scope: AccountScope, friendId: number, at: Date): Promise<void> {
  const [latest] = await db
    .select({ id: inflowAttributions.id })
    .from(inflowAttributions)
    .where(
      and(
        eq(inflowAttributions.clientId, scope.clientId),
        eq(inflowAttributions.lineAccountId, scope.lineAccountId),
        eq(inflowAttributions.friendId, friendId),
        isNull(inflowAttributions.memberAt),
      ),
    )
    .orderBy(desc(inflowAttributions.attributedAt), desc(inflowAttributions.id))
    .limit(1);
  if (latest) {
    await db.update(inflowAttributions).set({ memberAt: at }).where(eq(inflowAttributions.id, latest.id));
  }
}

/** The route a friend came through: their first follow's attribution (else their first unblock's). */
export async function friendRouteOf(db: Db, scope: AccountScope, friendId: number) {
  const [row] = await db
    .select({ id: inflowRoutes.id, name: inflowRoutes.name, at: inflowAttributions.attributedAt })
    .from(inflowAttributions)
    .innerJoin(inflowRoutes, eq(inflowRoutes.id, inflowAttributions.routeId))
    .where(
      and(
        eq(inflowAttributions.clientId, scope.clientId),
        eq(inflowAttributions.lineAccountId, scope.lineAccountId),
        eq(inflowAttributions.friendId, friendId),
        isNull(inflowRoutes.deletedAt),
      ),
    )
    .orderBy(
      sql`case when ${inflowAttributions.kind} = 'NEW_FRIEND' then 0 else 1 end`,
      asc(inflowAttributions.attributedAt),
    )
    .limit(1);
  return row;
}

export type RouteFigureRow = {
  routeId: number;
  visits: number;
  uniqueVisitors: number;
  newFriends: number;
  unblocked: number;
  blockedLater: number;
  members: number;
};

export type RouteDayRow = { routeId: number; day: string; visits: number; newFriends: number };

/**
 * Each route's figures from a Japan day on (null: all time), and its visits and new friends per day: one
 * read of the daily roll-up (decision 0058), which the triggers keep exactly equal to counting the rows
 * (visits, attributions and the friends' state; inflow.rollup.test compares the two on random data).
 */
export async function routeFigures(
  db: Db,
  routeIds: number[],
  fromDay: string | null,
): Promise<{ figures: Map<number, RouteFigureRow>; days: RouteDayRow[] }> {
  const figures = new Map<number, RouteFigureRow>();
  const days: RouteDayRow[] = [];
  if (routeIds.length === 0) return { figures, days };
  for (const routeId of routeIds) {
    figures.set(routeId, {
      routeId,
      visits: 0,
      uniqueVisitors: 0,
      newFriends: 0,
      unblocked: 0,
      blockedLater: 0,
      members: 0,
    });
  }
  const rows = await db
    .select()
    .from(inflowRouteDays)
    .where(
      and(
        inArray(inflowRouteDays.routeId, routeIds),
        fromDay === null ? undefined : gte(inflowRouteDays.day, fromDay),
      ),
    );
  for (const r of rows) {
    const f = figures.get(r.routeId)!;
    f.visits += r.visits;
    f.uniqueVisitors += r.anonymous + r.visitors;
    f.newFriends += r.newFriends;
    f.unblocked += r.unblocks;
    f.blockedLater += r.blocked;
    f.members += r.members;
    if (r.visits !== 0 || r.newFriends !== 0) {
      days.push({ routeId: r.routeId, day: r.day, visits: r.visits, newFriends: r.newFriends });
    }
  }
  return { figures, days };
}
