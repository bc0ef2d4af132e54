import { and, asc, count, eq, gte, ilike, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { agencies } from '../../db/schema/agencies.ts';
import { clientActivePeriods, clients } from '../../db/schema/clients.ts';

export type AgencyRow = typeof agencies.$inferSelect;
export type NewAgencyRow = typeof agencies.$inferInsert;

export async function insertAgency(db: Db, values: NewAgencyRow): Promise<AgencyRow> {
  const [row] = await db.insert(agencies).values(values).returning();
  return row!;
}

export async function findAgency(db: Db, id: number, options: { forUpdate?: boolean } = {}) {
  const query = db.select().from(agencies).where(eq(agencies.id, id)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function updateAgencyRow(db: Db, id: number, values: Partial<NewAgencyRow>): Promise<void> {
  await db
    .update(agencies)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(agencies.id, id));
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listAgencyRows(
  db: Db,
  filter: { search?: string | undefined; page: number; limit: number },
) {
  const where = filter.search ? ilike(agencies.name, `%${escapeLike(filter.search)}%`) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(agencies)
      .where(where)
      .orderBy(asc(agencies.id))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    db.select({ n: count() }).from(agencies).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function countAgencyClients(db: Db, agencyId: number) {
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
 * The agency's clients' ACTIVE periods touching fromDay..toDay, with each client's commission:
 * monthlyFee x marginRate / 100 floored to the yen, in exact numeric arithmetic.
 */
export async function listActivePeriodsWithCommission(
  db: Db,
  input: { agencyId: number; fromDay: string; toDay: string },
) {
  return db
    .select({
      clientId: clients.id,
      companyName: clients.companyName,
      monthlyFee: clients.monthlyFee,
      commission: sql<number>`floor(${clients.monthlyFee} * ${agencies.marginRate} / 100)`.mapWith(Number),
      startDate: clientActivePeriods.startDate,
      endDate: clientActivePeriods.endDate,
    })
    .from(clientActivePeriods)
    .innerJoin(clients, eq(clients.id, clientActivePeriods.clientId))
    .innerJoin(agencies, eq(agencies.id, clients.agencyId))
    .where(
      and(
        eq(clients.agencyId, input.agencyId),
        lte(clientActivePeriods.startDate, input.toDay),
        or(isNull(clientActivePeriods.endDate), gte(clientActivePeriods.endDate, input.fromDay)),
      ),
    )
    .orderBy(asc(clients.id));
}
