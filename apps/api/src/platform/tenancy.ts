import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { agencies, clients } from '../db/schema/index.ts';

/**
 * Tenants as identity and access code sees them (login, session, "does this tenant exist"), like
 * sessions.ts does. The clients and agencies modules own the rest of those rows.
 */
export type ClientTenant = Pick<
  typeof clients.$inferSelect,
  'id' | 'companyName' | 'contractStatus' | 'agencyId'
>;
export type AgencyTenant = Pick<typeof agencies.$inferSelect, 'id' | 'name'>;

export async function findClientTenant(db: Db, id: number): Promise<ClientTenant | undefined> {
  const [row] = await db
    .select({
      id: clients.id,
      companyName: clients.companyName,
      contractStatus: clients.contractStatus,
      agencyId: clients.agencyId,
    })
    .from(clients)
    .where(eq(clients.id, id))
    .limit(1);
  return row;
}

export async function findAgencyTenant(db: Db, id: number): Promise<AgencyTenant | undefined> {
  const [row] = await db
    .select({ id: agencies.id, name: agencies.name })
    .from(agencies)
    .where(eq(agencies.id, id))
    .limit(1);
  return row;
}

/** The names of some clients (company name) and agencies, for lists that name a tenant: two batch reads. */
export async function tenantNamesOf(
  db: Db,
  ids: { clientIds: readonly (number | null)[]; agencyIds: readonly (number | null)[] },
): Promise<{ clients: Map<number, string>; agencies: Map<number, string> }> {
  const only = (list: readonly (number | null)[]) => [...new Set(list.filter((id) => id !== null))];
  const clientIds = only(ids.clientIds);
  const agencyIds = only(ids.agencyIds);
  const [clientRows, agencyRows] = await Promise.all([
    clientIds.length === 0
      ? []
      : db
          .select({ id: clients.id, name: clients.companyName })
          .from(clients)
          .where(inArray(clients.id, clientIds)),
    agencyIds.length === 0
      ? []
      : db
          .select({ id: agencies.id, name: agencies.name })
          .from(agencies)
          .where(inArray(agencies.id, agencyIds)),
  ]);
  return {
    clients: new Map(clientRows.map((r) => [r.id, r.name])),
    agencies: new Map(agencyRows.map((r) => [r.id, r.name])),
  };
}

/** The names of some agencies, by id (a list of clients names each client's agency: one read). */
export async function agencyNamesOf(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  return (await tenantNamesOf(db, { clientIds: [], agencyIds: ids })).agencies;
}

/** A table of one LINE account's rows: an id, the client's and the account's columns. */
type AccountTable = PgTable & { id: PgColumn; clientId: PgColumn; lineAccountId: PgColumn };

/**
 * Whether every id names a row of the LINE account in `table` (an id repeated counts once): the check a
 * condition or an action naming another module's rows makes before it uses them (another client's id, or
 * an unknown one, is the caller's 400).
 */
export async function areAllOfAccount(
  db: Db,
  table: AccountTable,
  scope: { clientId: number; lineAccountId: number },
  ids: readonly number[],
): Promise<boolean> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return true;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(table)
    .where(
      and(
        eq(table.clientId, scope.clientId),
        eq(table.lineAccountId, scope.lineAccountId),
        inArray(table.id, unique),
      ),
    );
  return Number(row?.n ?? 0) === unique.length;
}
