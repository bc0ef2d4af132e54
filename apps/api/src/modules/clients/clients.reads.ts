import { QueryBuilder } from 'drizzle-orm/pg-core';
import { clients } from '../../db/schema/clients.ts';

/**
 * What other modules may join of the clients table, handed out at the door (decision 0025): a read-only
 * subquery PostgreSQL flattens into the caller's statement (an agency's scope, the master's LINE account
 * search by company name), so the statement stays one and the table stays the clients module's.
 */
export const clientsForJoin = new QueryBuilder()
  .select({ id: clients.id, agencyId: clients.agencyId, companyName: clients.companyName })
  .from(clients)
  .as('client');
