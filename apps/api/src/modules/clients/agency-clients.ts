import { and, asc, count, eq, gte, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { clientActivePeriods, clients } from '../../db/schema/clients.ts';

/** An agency's clients, for the agencies module (its detail and commission report), at this door. */

/** How many clients an agency has, and how many of them are ACTIVE (one query). */
export async function countClientsOfAgency(db: Db, agencyId: number) {
  const [row] = await db
    .select({
      all: count(),
      active: sql<number>`count(*) filter (where ${clients.contractStatus} = 'ACTIVE')`.mapWith(Number),
    })
    .from(clients)
    .where(and(eq(clients.agencyId, agencyId)));
  return { all: row?.all ?? 0, active: row?.active ?? 0 };
}

/**
 * The agency's clients' ACTIVE periods touching fromDay..toDay, with each client's commission at the
 * agency's margin rate (numeric(5,2) text, e.g. '15.00'): monthlyFee x marginRate / 100 floored to the
 * yen, in exact numeric arithmetic.
 */
export async function listActivePeriodsOfAgency(
  db: Db,
  input: { agencyId: number; marginRate: string; fromDay: string; toDay: string },
) {
  return db
    .select({
      clientId: clients.id,
      companyName: clients.companyName,
      monthlyFee: clients.monthlyFee,
      commission: sql<number>`floor(${clients.monthlyFee} * ${input.marginRate}::numeric / 100)`.mapWith(
        Number,
      ),
      startDate: clientActivePeriods.startDate,
      endDate: clientActivePeriods.endDate,
    })
    .from(clientActivePeriods)
    .innerJoin(clients, eq(clients.id, clientActivePeriods.clientId))
    .where(
      and(
        eq(clients.agencyId, input.agencyId),
        lte(clientActivePeriods.startDate, input.toDay),
        or(isNull(clientActivePeriods.endDate), gte(clientActivePeriods.endDate, input.fromDay)),
      ),
    )
    .orderBy(asc(clients.id));
}
