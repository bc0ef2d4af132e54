import { QueryBuilder } from 'drizzle-orm/pg-core';
import { stores } from '../../db/schema/stores.ts';

/**
 * What other modules may join of the stores table, handed out at the door (decision 0025): a read-only
 * subquery PostgreSQL flattens into the caller's statement (the member store of an account, a store's
 * client), so the join stays one statement and the table stays the services module's.
 */
export const storesForJoin = new QueryBuilder()
  .select({
    id: stores.id,
    clientId: stores.clientId,
    lineAccountId: stores.lineAccountId,
    serviceCode: stores.serviceCode,
  })
  .from(stores)
  .as('store');
