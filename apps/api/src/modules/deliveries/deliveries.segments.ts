import { friendMessages } from '@app/contracts';
import { and, eq, gte, sql, type SQL } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { deliveryClicks, messageDeliveries, stepClicks } from '../../db/schema/deliveries.ts';
import { badRequest } from '../../platform/errors.ts';
import { friendsForJoin, type ClickDirectory } from '../friends/index.ts';
import { areAllOfAccount } from '../../platform/tenancy.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The segment builder's クリックしたURL / 配信 conditions (issue 32): friends with a click of the account's
 * tracked links named to them (decision 0035: a click names a friend only through a recipient token; an
 * anonymous click matches nobody, a test send's is not recorded). One set per delivery named (any of its
 * links), and one for "any link in the last N days" (counted back from `now`, the injectable clock): a
 * delivery's link or a scenario step's (decision 0060), whichever the friend tapped.
 */
export const clickDirectory: ClickDirectory = {
  clickSets: async (db, scope, c, now) => {
    const deliveryIds = [...new Set(c.clickedDeliveries ?? [])];
    if (!(await areAllOfAccount(db, messageDeliveries, scope, deliveryIds))) {
      throw badRequest(friendMessages.unknownDelivery);
    }
    // Every set joins the account's deliveries, so it could find nobody else's clicks.
    const clicked = (where: SQL): SQL =>
      sql`select ${deliveryClicks.friendId} as friend_id from ${deliveryClicks} join ${messageDeliveries} on ${messageDeliveries.id} = ${deliveryClicks.deliveryId} where ${messageDeliveries.clientId} = ${scope.clientId} and ${messageDeliveries.lineAccountId} = ${scope.lineAccountId} and ${deliveryClicks.friendId} is not null and ${where}`;
    const sets = deliveryIds.map((id) => clicked(sql`${deliveryClicks.deliveryId} = ${id}`));
    if (c.clickedWithinDays !== undefined) {
      const since = new Date(now.getTime() - c.clickedWithinDays * DAY_MS);
      // a step's click names a friend of the step's account: joined to the account's friends all the same
      const stepClicked = new QueryBuilder()
        .select({ friendId: stepClicks.friendId })
        .from(stepClicks)
        .innerJoin(friendsForJoin, eq(friendsForJoin.id, stepClicks.friendId))
        .where(
          and(
            eq(friendsForJoin.clientId, scope.clientId),
            eq(friendsForJoin.lineAccountId, scope.lineAccountId),
            gte(stepClicks.clickedAt, since),
          ),
        );
      sets.push(
        sql`${clicked(sql`${deliveryClicks.clickedAt} >= ${since.toISOString()}`)} union all ${stepClicked.getSQL()}`,
      );
    }
    return sets;
  },
};
