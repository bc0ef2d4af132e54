import type { Db } from '../../db/client.ts';
import { inflowAttributions, inflowVisits } from '../../db/schema/inflow.ts';
import type { AccountScope } from './inflow.repository.ts';

export type RouteHistory = {
  routeId: number;
  /** Openings of the route's URL; lineUserId null: LINE did not say who. */
  visits: { lineUserId: string | null; at: Date; wasFriend: boolean }[];
  /** Follows that came of a visit above (its index), with the friend's later registration as a member. */
  follows: {
    friendId: number;
    visit: number;
    kind: 'NEW_FRIEND' | 'UNBLOCK';
    at: Date;
    memberAt: Date | null;
  }[];
};

/**
 * A route's past (the demo world's 60 days): visits and the follows attributed to them, written as the
 * landing and the attribution would have written them at their times. Not for requests: live visits
 * go through recordRouteVisit and follows through the NEW_FRIEND subscriber.
 */
export async function importRouteHistory(db: Db, scope: AccountScope, history: RouteHistory): Promise<void> {
  if (history.visits.length === 0) return;
  const visits = await db
    .insert(inflowVisits)
    .values(
      history.visits.map((v) => ({
        ...scope,
        routeId: history.routeId,
        lineUserId: v.lineUserId,
        wasFriend: v.wasFriend,
        visitedAt: v.at,
        recordedAt: v.at,
      })),
    )
    .returning({ id: inflowVisits.id });
  if (history.follows.length === 0) return;
  await db.insert(inflowAttributions).values(
    history.follows.map((f) => ({
      ...scope,
      routeId: history.routeId,
      visitId: visits[f.visit]!.id,
      friendId: f.friendId,
      kind: f.kind,
      eventId: null,
      attributedAt: f.at,
      memberAt: f.memberAt,
    })),
  );
}
