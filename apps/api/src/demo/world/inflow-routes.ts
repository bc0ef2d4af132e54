import { friendDirectories } from '../../composition.ts';
import { listScenarios } from '../../modules/automation/index.ts';
import {
  findFriendOfAccount,
  listFriendCardsOfAccount,
  listTags,
  readAudiencePage,
} from '../../modules/friends/index.ts';
import {
  createRoute,
  importRouteHistory,
  routesReport,
  type RouteHistory,
} from '../../modules/inflow/index.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { at, DAY_MS, HOUR_MS } from './clock.ts';

/**
 * 流入経路 as a shop runs them (decision 0038): 店頭POP (tagging キャンペーン興味あり), Instagram (starting
 * the welcome scenario, decision 0038's addendum: also for a friend who unblocks through it) and チラシ 12月,
 * made 60 days ago. Most demo friends came through one of them: a visit a few hours before
 * their follow (the members among them registered a day later), plus visits that led nowhere and visits
 * of friends already following, spread over the 60 days, so the chart and the funnel have data.
 */
export async function seedInflowRoutes(ctx: ServiceContext, lineAccountId: number): Promise<void> {
  if ((await routesReport({ ctx, input: { lineAccountId } })).routes.length > 0) return;
  const now = ctx.clock.now().getTime();
  const started = at(ctx, new Date(now - 60 * DAY_MS));
  const campaign = (await listTags({ ctx, input: { lineAccountId } })).tags.find(
    (t) => t.name === 'キャンペーン興味あり',
  );
  const welcome = (await listScenarios({ ctx, input: { lineAccountId } })).data.find(
    (s) => s.name === 'ウェルカムシナリオ',
  );
  const plain = { isActive: true, tagIds: [], scenarioId: null, richMenuId: null };
  const routes = [
    await createRoute({
      ctx: started,
      input: { lineAccountId, ...plain, name: '店頭POP', tagIds: campaign ? [campaign.id] : [] },
    }),
    await createRoute({
      ctx: started,
      input: { lineAccountId, ...plain, name: 'Instagram', scenarioId: welcome?.id ?? null },
    }),
    await createRoute({
      ctx: at(ctx, new Date(now - 40 * DAY_MS)),
      input: { lineAccountId, ...plain, name: 'チラシ 12月' },
    }),
  ];
  const scope = { clientId: ctx.clientId!, lineAccountId };
  // blocked friends too: some came through a route and blocked later (the report's ブロック)
  const everyone = await listFriendCardsOfAccount(ctx.db, scope, 500);
  const members = new Set(
    (
      await readAudiencePage(
        ctx.db,
        friendDirectories,
        scope,
        {
          kind: 'segment',
          conditions: {
            condition: 'AND',
            isMemberServiceUser: true,
            isShiftServiceUser: false,
            includeNonMembers: false,
          },
        },
        0,
        500,
        ctx.clock.now(),
      )
    ).map((m) => m.id),
  );
  const histories: RouteHistory[] = routes.map((r) => ({ routeId: r.id, visits: [], follows: [] }));
  for (const [index, audienceMember] of everyone.entries()) {
    if (index % 4 === 3) continue; // found the account another way
    const friend = await findFriendOfAccount(ctx.db, scope, audienceMember.id);
    if (!friend?.followedAt) continue;
    const followedAt = friend.followedAt.getTime();
    // the flyer only since it was printed, 40 days ago
    const r = index % 3 === 2 && followedAt < now - 40 * DAY_MS ? 0 : index % 3;
    const history = histories[r]!;
    history.visits.push({
      lineUserId: friend.lineUserId,
      at: new Date(followedAt - (1 + (index % 5)) * HOUR_MS),
      wasFriend: false,
    });
    history.follows.push({
      friendId: friend.id,
      visit: history.visits.length - 1,
      kind: 'NEW_FRIEND',
      at: friend.followedAt,
      memberAt: members.has(friend.id) ? new Date(followedAt + DAY_MS) : null,
    });
    // some friends open the URL again later (a visit, not a new friend)
    if (index % 5 === 0 && followedAt + 10 * DAY_MS < now) {
      history.visits.push({
        lineUserId: friend.lineUserId,
        at: new Date(followedAt + 10 * DAY_MS),
        wasFriend: true,
      });
    }
  }
  // visits that led nowhere: people who looked and did not add the account
  for (const [r, history] of histories.entries()) {
    const days = r === 2 ? 40 : 60;
    const count = [26, 41, 15][r]!;
    for (let i = 0; i < count; i += 1) {
      history.visits.push({
        lineUserId: null,
        at: new Date(now - ((i * days) / count) * DAY_MS - ((i * 7) % 11) * HOUR_MS),
        wasFriend: false,
      });
    }
  }
  for (const history of histories) await importRouteHistory(ctx.db, scope, history);
}
