import { and, count, eq, gte, sql } from 'drizzle-orm';
import { friends, messages } from '../../db/schema/friends.ts';
import { requireClientId, tenantScopeOf, type ServiceContext } from '../../platform/context.ts';
import { addDays, TOKYO, tokyoDay, zonedInstant } from '../../platform/dates.ts';
import { clientsForJoin } from '../clients/index.ts';
import { getLineAccountRowOrThrow } from '../line-accounts/index.ts';

/** Friends who followed a LINE account in the caller's scope since `since` (one query). */
export async function countFriendsFollowedSince({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { since: Date };
}): Promise<number> {
  const scope = tenantScopeOf(ctx);
  const recent = gte(friends.followedAt, input.since);
  const query =
    'agencyId' in scope
      ? ctx.db
          .select({ n: count() })
          .from(friends)
          .innerJoin(clientsForJoin, eq(clientsForJoin.id, friends.clientId))
          .where(and(recent, eq(clientsForJoin.agencyId, scope.agencyId)))
      : ctx.db
          .select({ n: count() })
          .from(friends)
          .where(and(recent, 'clientId' in scope ? eq(friends.clientId, scope.clientId) : undefined));
  const [row] = await query;
  return row?.n ?? 0;
}

export type AccountFriendFigures = {
  friends: number;
  blocked: number;
  daily: { date: string; newFriends: number; blocks: number; friends: number }[];
  sentThisMonth: number;
};

const tokyoDayOf = (column: typeof friends.followedAt | typeof friends.unfollowedAt) =>
  sql<string>`to_char(${column} at time zone 'Asia/Tokyo', 'YYYY-MM-DD')`;

/**
 * One LINE account's friend figures for the client dashboard (four queries): friends and blocked now,
 * follows and blocks per Asia/Tokyo day of the last `days` days with the friends at each day's end
 * (counted back from now), and the messages the account sent this month. Another client's account: 404.
 */
export async function accountFriendFigures({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { lineAccountId: number; days: number };
}): Promise<AccountFriendFigures> {
  const clientId = requireClientId(ctx);
  const account = await getLineAccountRowOrThrow(ctx, clientId, input.lineAccountId);
  const inAccount = and(eq(friends.clientId, clientId), eq(friends.lineAccountId, account.id));
  const now = ctx.clock.now();
  const today = tokyoDay(now);
  const firstDay = addDays(today, -(input.days - 1));
  const since = zonedInstant(firstDay, 0, TOKYO);
  const monthStart = zonedInstant(`${today.slice(0, 7)}-01`, 0, TOKYO);

  const [totals] = await ctx.db
    .select({
      friends: sql<number>`count(*) filter (where ${friends.isFriend})`.mapWith(Number),
      // blocked: followed once and left; a user who only wrote (never followed) is neither
      blocked:
        sql<number>`count(*) filter (where not ${friends.isFriend} and ${friends.unfollowedAt} is not null)`.mapWith(
          Number,
        ),
    })
    .from(friends)
    .where(inAccount);
  const follows = await ctx.db
    .select({ day: tokyoDayOf(friends.followedAt), n: count() })
    .from(friends)
    .where(and(inAccount, gte(friends.followedAt, since)))
    .groupBy(sql`1`);
  const blocks = await ctx.db
    .select({ day: tokyoDayOf(friends.unfollowedAt), n: count() })
    .from(friends)
    .where(and(inAccount, eq(friends.isFriend, false), gte(friends.unfollowedAt, since)))
    .groupBy(sql`1`);
  const [sent] = await ctx.db
    .select({ n: count() })
    .from(messages)
    .where(
      and(
        eq(messages.clientId, clientId),
        eq(messages.lineAccountId, account.id),
        eq(messages.source, 'system'),
        eq(messages.delivery, 'SENT'),
        gte(messages.sentAt, monthStart),
      ),
    );

  const followsOn = new Map(follows.map((r) => [r.day, r.n]));
  const blocksOn = new Map(blocks.map((r) => [r.day, r.n]));
  const daily: AccountFriendFigures['daily'] = [];
  let atEnd = totals?.friends ?? 0;
  for (let day = today; day >= firstDay; day = addDays(day, -1)) {
    const newFriends = followsOn.get(day) ?? 0;
    const blockCount = blocksOn.get(day) ?? 0;
    daily.unshift({ date: day, newFriends, blocks: blockCount, friends: Math.max(atEnd, 0) });
    atEnd = atEnd - newFriends + blockCount;
  }
  return {
    friends: totals?.friends ?? 0,
    blocked: totals?.blocked ?? 0,
    daily,
    sentThisMonth: sent?.n ?? 0,
  };
}
