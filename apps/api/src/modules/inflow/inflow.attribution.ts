import { INFLOW_ATTRIBUTION_DAYS } from '@app/contracts';
import type { DomainEvent } from '../../platform/domain-events.ts';
import type { JobContext } from '../../platform/jobs.ts';
import { enrolInScenario } from '../automation/index.ts';
import { addTagsToFriend } from '../friends/index.ts';
import { queueFriendRichMenuLink } from '../rich-menus/index.ts';
import { findRoute, insertAttribution, lastVisitOf, markMember } from './inflow.repository.ts';

const WINDOW_MS = INFLOW_ATTRIBUTION_DAYS * 86_400_000;

/**
 * NEW_FRIEND / LINE_UNBLOCK_EVENT: the follow goes to the route of the user's LAST visit within the window
 * before it (last touch, decision 0038), and that route's actions run on the friend, for a new friend and
 * an unblock alike (its tags, its scenario, its rich menu). A follow with no visit in the window is
 * nobody's, and so is a visit recorded after the follow (a friend's later visit). Written in the event's
 * transaction: a re-run finds the event's row and does nothing, so each action runs once.
 */
export async function attributeFollow(
  event: DomainEvent<'NEW_FRIEND' | 'LINE_UNBLOCK_EVENT'>,
  ctx: JobContext,
): Promise<void> {
  if (event.lineAccountId === null) return;
  const scope = { clientId: event.clientId, lineAccountId: event.lineAccountId };
  const at = ctx.clock.now();
  const visit = await lastVisitOf(ctx.db, scope, event.payload.lineUserId, {
    from: new Date(at.getTime() - WINDOW_MS),
    to: at,
    // only a visit recorded before the follow was (the database's clock orders the two)
    recordedBefore: event.createdAt,
  });
  if (!visit) return;
  const route = await findRoute(ctx.db, scope, visit.routeId);
  if (!route) return;
  const inserted = await insertAttribution(ctx.db, {
    ...scope,
    routeId: route.id,
    visitId: visit.id,
    friendId: event.payload.friendId,
    kind: event.topic === 'NEW_FRIEND' ? 'NEW_FRIEND' : 'UNBLOCK',
    eventId: event.id,
    attributedAt: at,
  });
  if (!inserted) return;
  // The route's actions on the friend it brought: tags (only the account's own; a deleted tag is skipped).
  if (route.tagIds.length > 0) {
    await addTagsToFriend(ctx.db, scope, event.payload.friendId, route.tagIds, at);
  }
  // Its scenario (the automation door: only if on; a friend is in a scenario once; a deleted one is skipped).
  if (route.scenarioId !== null) {
    const { lineUserId, friendId } = event.payload;
    await enrolInScenario(ctx.db, { ...scope, scenarioId: route.scenarioId, friendId, lineUserId }, at);
  }
  // Its rich menu: LINE's per-user link is a call, so a job queued here (exactly when this commits, once
  // per event), linked by the rich-menus module; a menu deleted by then is skipped.
  if (route.richMenuId !== null) {
    await queueFriendRichMenuLink(
      ctx.db,
      { ...scope, friendId: event.payload.friendId, richMenuId: route.richMenuId },
      at,
      `inflow-${event.id}`,
    );
  }
}

/** MEMBERSHIP_REGISTRATION: the registration counts for the route that last brought the friend. */
export async function attributeMembership(
  event: DomainEvent<'MEMBERSHIP_REGISTRATION'>,
  ctx: JobContext,
): Promise<void> {
  if (event.lineAccountId === null) return;
  const scope = { clientId: event.clientId, lineAccountId: event.lineAccountId };
  await markMember(ctx.db, scope, event.payload.friendId, ctx.clock.now());
}
