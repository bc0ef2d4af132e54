import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { lineAccounts } from '../../db/schema/line-accounts.ts';
import { FeedCache } from '../../platform/feed-cache.ts';
import { clientsForJoin } from '../clients/index.ts';

export type LineAccountRow = typeof lineAccounts.$inferSelect;
export type NewLineAccountRow = typeof lineAccounts.$inferInsert;

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
/** The kind of the change feed's `l:<id>` (migration `line_account_cache_notify`). */
export const LINE_ACCOUNT_CACHE_KIND = 'l';

export async function findLineAccountForWebhook(db: Db, id: number): Promise<LineAccountRow | undefined> {
  const [row] = await db.select().from(lineAccounts).where(eq(lineAccounts.id, id)).limit(1);
  return row;
}

/** Up to `limit` active accounts across clients, lowest id first: the webhook's warm-up at start. */
export async function listActiveLineAccountsForWebhook(db: Db, limit: number): Promise<LineAccountRow[]> {
  return db
    .select()
    .from(lineAccounts)
    .where(eq(lineAccounts.status, 'ACTIVE'))
    .orderBy(asc(lineAccounts.id))
    .limit(limit);
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
  FeedCache.forget(LINE_ACCOUNT_CACHE_KIND, id);
  const [row] = await db
    .update(lineAccounts)
    .set(values)
    .where(and(eq(lineAccounts.clientId, clientId), eq(lineAccounts.id, id)))
    .returning();
  return row;
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
        ilike(clientsForJoin.companyName, pattern),
      )!,
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [total] = await db
    .select({ n: count() })
    .from(lineAccounts)
    .innerJoin(clientsForJoin, eq(clientsForJoin.id, lineAccounts.clientId))
    .where(where);
  const rows = await db
    .select({ account: lineAccounts, companyName: clientsForJoin.companyName })
    .from(lineAccounts)
    .innerJoin(clientsForJoin, eq(clientsForJoin.id, lineAccounts.clientId))
    .where(where)
    .orderBy(desc(lineAccounts.createdAt), desc(lineAccounts.id))
    .limit(page.limit)
    .offset(page.offset);
  return { rows, total: total?.n ?? 0 };
}
