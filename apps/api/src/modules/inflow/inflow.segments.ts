import { friendMessages } from '@app/contracts';
import { inArray, sql } from 'drizzle-orm';
import { inflowAttributions, inflowRoutes } from '../../db/schema/inflow.ts';
import { badRequest } from '../../platform/errors.ts';
import type { InflowDirectory } from '../friends/index.ts';
import { areAllOfAccount } from '../../platform/tenancy.ts';

/**
 * The segment builder's 流入経路 condition (issue 32): the friends of the account with a follow or an
 * unblock credited to one of the routes (decision 0038's attribution). A route switched off or deleted
 * still names the friends it brought (a saved segment keeps its meaning); another account's is refused.
 */
export const inflowDirectory: InflowDirectory = {
  routeSet: async (db, scope, routeIds) => {
    const ids = [...new Set(routeIds)];
    if (!(await areAllOfAccount(db, inflowRoutes, scope, ids))) throw badRequest(friendMessages.unknownRoute);
    return sql`select distinct ${inflowAttributions.friendId} as friend_id from ${inflowAttributions} where ${inflowAttributions.clientId} = ${scope.clientId} and ${inflowAttributions.lineAccountId} = ${scope.lineAccountId} and ${inArray(inflowAttributions.routeId, ids)}`;
  },
};
