import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { clients } from '../../db/schema/clients.ts';
import { lineAccounts, lineAccountServices } from '../../db/schema/line-accounts.ts';
import { stores } from '../../db/schema/stores.ts';

export type LineAccountRow = typeof lineAccounts.$inferSelect;
export type NewLineAccountRow = typeof lineAccounts.$inferInsert;
export type ServiceLinkRow = typeof lineAccountServices.$inferSelect & { storeId: number | null };

export async function findLineAccount(
  db: Db,
  clientId: number,
  id: number,
): Promise<LineAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(lineAccounts)
    .where(and(eq(lineAccounts.clientId, clientId), eq(lineAccounts.id, id)))
    .limit(1);
  return row;
}

/**
 * The webhook entry point only: LINE names the account by id in the URL, before any tenant is known.
 * The caller proves it is LINE with the account's own channel secret.
 */
export async function findLineAccountForWebhook(db: Db, id: number): Promise<LineAccountRow | undefined> {
  const [row] = await db.select().from(lineAccounts).where(eq(lineAccounts.id, id)).limit(1);
  return row;
}

/** Across clients on purpose: one LINE channel may be connected once in the whole product. */
export async function findLineAccountByChannelId(db: Db, channelId: string) {
  const [row] = await db
    .select({ id: lineAccounts.id, clientId: lineAccounts.clientId, status: lineAccounts.status })
    .from(lineAccounts)
    .where(eq(lineAccounts.channelId, channelId))
    .limit(1);
  return row;
}

export async function listLineAccounts(db: Db, clientId: number): Promise<LineAccountRow[]> {
  return db
    .select()
    .from(lineAccounts)
    .where(eq(lineAccounts.clientId, clientId))
    .orderBy(asc(lineAccounts.id));
}

export async function insertLineAccount(db: Db, values: NewLineAccountRow): Promise<LineAccountRow> {
  const [row] = await db.insert(lineAccounts).values(values).returning();
  return row!;
}

export async function updateLineAccount(
  db: Db,
  clientId: number,
  id: number,
  values: Partial<NewLineAccountRow>,
): Promise<LineAccountRow | undefined> {
  const [row] = await db
    .update(lineAccounts)
    .set(values)
    .where(and(eq(lineAccounts.clientId, clientId), eq(lineAccounts.id, id)))
    .returning();
  return row;
}

/** Service links of the given accounts (all of one client), with the store each link created. */
export async function listServiceLinks(
  db: Db,
  clientId: number,
  lineAccountIds: number[],
): Promise<ServiceLinkRow[]> {
  if (lineAccountIds.length === 0) return [];
  const rows = await db
    .select({ link: lineAccountServices, storeId: stores.id })
    .from(lineAccountServices)
    .leftJoin(stores, eq(stores.lineAccountServiceId, lineAccountServices.id))
    .where(
      and(
        eq(lineAccountServices.clientId, clientId),
        inArray(lineAccountServices.lineAccountId, lineAccountIds),
      ),
    )
    .orderBy(asc(lineAccountServices.serviceCode));
  return rows.map((r) => ({ ...r.link, storeId: r.storeId }));
}

/** Master search over every client's LINE accounts. */
export async function searchLineAccounts(
  db: Db,
  filter: {
    search?: string | undefined;
    status?: 'ACTIVE' | 'INACTIVE' | undefined;
    clientId?: number | undefined;
  },
  page: { limit: number; offset: number },
) {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(lineAccounts.status, filter.status));
  if (filter.clientId !== undefined) conditions.push(eq(lineAccounts.clientId, filter.clientId));
  if (filter.search) {
    const pattern = `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      or(
        ilike(lineAccounts.displayName, pattern),
        ilike(lineAccounts.title, pattern),
        ilike(lineAccounts.basicId, pattern),
        ilike(lineAccounts.channelId, pattern),
        ilike(clients.companyName, pattern),
      )!,
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [total] = await db
    .select({ n: count() })
    .from(lineAccounts)
    .innerJoin(clients, eq(clients.id, lineAccounts.clientId))
    .where(where);
  const rows = await db
    .select({ account: lineAccounts, companyName: clients.companyName })
    .from(lineAccounts)
    .innerJoin(clients, eq(clients.id, lineAccounts.clientId))
    .where(where)
    .orderBy(desc(lineAccounts.createdAt), desc(lineAccounts.id))
    .limit(page.limit)
    .offset(page.offset);
  return { rows, total: total?.n ?? 0 };
}
