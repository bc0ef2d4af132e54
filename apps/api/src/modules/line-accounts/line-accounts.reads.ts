import { QueryBuilder } from 'drizzle-orm/pg-core';
import { lineAccounts } from '../../db/schema/line-accounts.ts';

/**
 * What other modules may join of the LINE accounts table, handed out at the door (decision 0025): a
 * read-only subquery PostgreSQL flattens into the caller's statement (the services' store look-up, a
 * friend counter's client), so the join stays one statement and the table stays this module's.
 * No secret is among its columns.
 */
export const lineAccountsForJoin = new QueryBuilder()
  .select({
    id: lineAccounts.id,
    clientId: lineAccounts.clientId,
    displayName: lineAccounts.displayName,
    status: lineAccounts.status,
    loginChannelId: lineAccounts.loginChannelId,
  })
  .from(lineAccounts)
  .as('line_account');
