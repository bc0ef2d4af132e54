import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { lineAccountServices, stores } from '../../db/schema/stores.ts';

export type ServiceLink = typeof lineAccountServices.$inferSelect;
export type StoreRow = typeof stores.$inferSelect;

type AccountScope = { clientId: number; lineAccountId: number };

export type ServiceLinkWithStore = ServiceLink & { storeId: number | null };

/** Service links of the given accounts (all of one client), with the store each link created. */
export async function listServiceLinks(
  db: Db,
  clientId: number,
  lineAccountIds: number[],
): Promise<ServiceLinkWithStore[]> {
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

export async function findServiceLink(
  db: Db,
  scope: AccountScope,
  serviceCode: string,
): Promise<ServiceLink | undefined> {
  const [row] = await db
    .select()
    .from(lineAccountServices)
    .where(
      and(
        eq(lineAccountServices.clientId, scope.clientId),
        eq(lineAccountServices.lineAccountId, scope.lineAccountId),
        eq(lineAccountServices.serviceCode, serviceCode),
      ),
    )
    .limit(1);
  return row;
}

export async function insertServiceLink(
  db: Db,
  values: AccountScope & { serviceCode: string; liffId: string | null },
): Promise<ServiceLink> {
  const [row] = await db
    .insert(lineAccountServices)
    .values({ ...values, status: 'ACTIVE' })
    .returning();
  return row!;
}

export async function updateServiceLink(
  db: Db,
  scope: AccountScope,
  id: number,
  values: Partial<typeof lineAccountServices.$inferInsert>,
): Promise<ServiceLink> {
  const [row] = await db
    .update(lineAccountServices)
    .set(values)
    .where(
      and(
        eq(lineAccountServices.clientId, scope.clientId),
        eq(lineAccountServices.lineAccountId, scope.lineAccountId),
        eq(lineAccountServices.id, id),
      ),
    )
    .returning();
  return row!;
}

export async function findStoreOfLink(
  db: Db,
  clientId: number,
  linkId: number,
): Promise<StoreRow | undefined> {
  const [row] = await db
    .select()
    .from(stores)
    .where(and(eq(stores.clientId, clientId), eq(stores.lineAccountServiceId, linkId)))
    .limit(1);
  return row;
}

export async function insertStore(db: Db, values: typeof stores.$inferInsert): Promise<StoreRow> {
  const [row] = await db.insert(stores).values(values).returning();
  return row!;
}

export async function updateStore(
  db: Db,
  clientId: number,
  id: number,
  values: Partial<typeof stores.$inferInsert>,
) {
  await db
    .update(stores)
    .set(values)
    .where(and(eq(stores.clientId, clientId), eq(stores.id, id)));
}
