import { and, count, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { ContractStatus } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { clientActivePeriods, clients, contactPersons } from '../../db/schema/clients.ts';
import { agencyNamesOf } from '../../platform/tenancy.ts';

export type ClientRow = typeof clients.$inferSelect;
export type NewClientRow = typeof clients.$inferInsert;
export type ContactPersonRow = typeof contactPersons.$inferSelect;
export type NewContactPersonRow = typeof contactPersons.$inferInsert;

/** Which clients a call may reach: an agency's own, or (master) every client. */
export type ClientScope = { agencyId: number } | { all: true };

const scopeFilter = (scope: ClientScope): SQL | undefined =>
  'agencyId' in scope ? eq(clients.agencyId, scope.agencyId) : undefined;

export async function findClient(db: Db, id: number): Promise<ClientRow | undefined> {
  const [row] = await db.select().from(clients).where(eq(clients.id, id)).limit(1);
  return row;
}

export async function findClientForUpdate(db: Db, scope: ClientScope, id: number) {
  const [row] = await db
    .select()
    .from(clients)
    .where(and(eq(clients.id, id), scopeFilter(scope)))
    .limit(1)
    .for('update');
  return row;
}

export async function insertClient(db: Db, values: NewClientRow): Promise<ClientRow> {
  const [row] = await db.insert(clients).values(values).returning();
  return row!;
}

export async function updateClientRow(db: Db, id: number, values: Partial<NewClientRow>): Promise<void> {
  await db
    .update(clients)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(clients.id, id));
}

export async function insertContactPerson(db: Db, values: NewContactPersonRow): Promise<void> {
  await db.insert(contactPersons).values(values);
}

export async function upsertContactPerson(db: Db, values: NewContactPersonRow): Promise<void> {
  const { clientId: _clientId, ...rest } = values;
  await db
    .insert(contactPersons)
    .values(values)
    .onConflictDoUpdate({ target: contactPersons.clientId, set: { ...rest, updatedAt: sql`now()` } });
}

export async function findContactPerson(db: Db, clientId: number) {
  const [row] = await db.select().from(contactPersons).where(eq(contactPersons.clientId, clientId)).limit(1);
  return row;
}

const detailColumns = { client: clients, contact: contactPersons };

export type ClientDetailRow = {
  client: ClientRow;
  contact: ContactPersonRow | null;
  agencyName: string | null;
};

/** Each client's agency name (the agencies are the platform's tenants: platform/tenancy.ts), one read. */
async function withAgencyNames(
  db: Db,
  rows: Omit<ClientDetailRow, 'agencyName'>[],
): Promise<ClientDetailRow[]> {
  const names = await agencyNamesOf(
    db,
    rows.flatMap((r) => (r.client.agencyId === null ? [] : [r.client.agencyId])),
  );
  return rows.map((r) => ({
    ...r,
    agencyName: r.client.agencyId === null ? null : (names.get(r.client.agencyId) ?? null),
  }));
}

export async function findClientDetail(
  db: Db,
  scope: ClientScope,
  id: number,
): Promise<ClientDetailRow | undefined> {
  const [row] = await db
    .select(detailColumns)
    .from(clients)
    .leftJoin(contactPersons, eq(contactPersons.clientId, clients.id))
    .where(and(eq(clients.id, id), scopeFilter(scope)))
    .limit(1);
  return row ? (await withAgencyNames(db, [row]))[0] : undefined;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export type ClientListFilter = {
  search?: string | undefined;
  status?: ContractStatus | undefined;
  agencyId?: number | undefined;
  page: number;
  limit: number;
};

/** Search: company name and kana, contact person's names (either order) and kana, contact e-mail. */
export async function listClientRows(db: Db, scope: ClientScope, filter: ClientListFilter) {
  const pattern = filter.search ? `%${escapeLike(filter.search)}%` : undefined;
  const where = and(
    scopeFilter(scope),
    filter.status ? eq(clients.contractStatus, filter.status) : undefined,
    filter.agencyId !== undefined ? eq(clients.agencyId, filter.agencyId) : undefined,
    pattern
      ? or(
          ilike(clients.companyName, pattern),
          ilike(clients.companyNameKana, pattern),
          ilike(sql`${contactPersons.lastName} || ${contactPersons.firstName}`, pattern),
          ilike(sql`${contactPersons.lastName} || ' ' || ${contactPersons.firstName}`, pattern),
          ilike(sql`${contactPersons.firstName} || ' ' || ${contactPersons.lastName}`, pattern),
          ilike(
            sql`coalesce(${contactPersons.lastNameKana}, '') || coalesce(${contactPersons.firstNameKana}, '')`,
            pattern,
          ),
          ilike(contactPersons.email, pattern),
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(detailColumns)
      .from(clients)
      .leftJoin(contactPersons, eq(contactPersons.clientId, clients.id))
      .where(where)
      .orderBy(desc(clients.id))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    db
      .select({ n: count() })
      .from(clients)
      .leftJoin(contactPersons, eq(contactPersons.clientId, clients.id))
      .where(where),
  ]);
  return { rows: await withAgencyNames(db, rows), total: total?.n ?? 0 };
}

/** Open an ACTIVE period on `day` unless one is open. */
export async function openActivePeriod(db: Db, clientId: number, day: string): Promise<void> {
  const [open] = await db
    .select({ id: clientActivePeriods.id })
    .from(clientActivePeriods)
    .where(and(eq(clientActivePeriods.clientId, clientId), isNull(clientActivePeriods.endDate)))
    .limit(1);
  if (!open) await db.insert(clientActivePeriods).values({ clientId, startDate: day });
}

/** Close the open ACTIVE period; `day` is its last active day. */
export async function closeActivePeriod(db: Db, clientId: number, day: string): Promise<void> {
  await db
    .update(clientActivePeriods)
    .set({ endDate: day })
    .where(and(eq(clientActivePeriods.clientId, clientId), isNull(clientActivePeriods.endDate)));
}
