import { asc, count, eq, ilike, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { agencies } from '../../db/schema/agencies.ts';

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
