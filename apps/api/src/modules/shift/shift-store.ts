import { shiftMessages, type ShiftStore } from '@app/contracts';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { lineAccountServices, lineAccounts, stores } from '../../db/schema/index.ts';
import { requireClientId, type ServiceContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';

export const SHIFT_SERVICE_CODE = 'KS-002';

/** Every shift repository call is scoped by both: the tenant and the store. */
export type StoreScope = { clientId: number; storeId: number };

/** A shift store with what the services need from its LINE account. */
export type ShiftStoreRow = {
  id: number;
  clientId: number;
  name: string;
  status: (typeof stores.$inferSelect)['status'];
  timeZone: string;
  lineAccountId: number;
  lineAccountName: string;
  loginChannelId: string | null;
  liffId: string | null;
  linkStatus: (typeof lineAccountServices.$inferSelect)['status'];
  createdAt: Date;
};

const storeColumns = {
  id: stores.id,
  clientId: stores.clientId,
  name: stores.name,
  status: stores.status,
  timeZone: stores.timeZone,
  lineAccountId: stores.lineAccountId,
  lineAccountName: lineAccounts.displayName,
  loginChannelId: lineAccounts.loginChannelId,
  liffId: lineAccountServices.liffId,
  linkStatus: lineAccountServices.status,
  createdAt: stores.createdAt,
};

const baseQuery = (db: Db) =>
  db
    .select(storeColumns)
    .from(stores)
    .innerJoin(lineAccounts, eq(lineAccounts.id, stores.lineAccountId))
    .innerJoin(lineAccountServices, eq(lineAccountServices.id, stores.lineAccountServiceId));

/** The shift store of a client, or undefined (missing, another client's, or not a shift store). */
export async function findShiftStore(
  db: Db,
  clientId: number,
  storeId: number,
): Promise<ShiftStoreRow | undefined> {
  const [row] = await baseQuery(db)
    .where(
      and(eq(stores.id, storeId), eq(stores.clientId, clientId), eq(stores.serviceCode, SHIFT_SERVICE_CODE)),
    )
    .limit(1);
  return row;
}

/** For the mini-app, which has no tenant yet: the store's own client comes with the row. */
export async function findShiftStoreById(db: Db, storeId: number): Promise<ShiftStoreRow | undefined> {
  const [row] = await baseQuery(db)
    .where(and(eq(stores.id, storeId), eq(stores.serviceCode, SHIFT_SERVICE_CODE)))
    .limit(1);
  return row;
}

export async function listShiftStores(db: Db, clientId: number, page: number, limit: number) {
  const where = and(eq(stores.clientId, clientId), eq(stores.serviceCode, SHIFT_SERVICE_CODE));
  const rows = await baseQuery(db)
    .where(where)
    .orderBy(asc(stores.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const [total] = await db.select({ n: count() }).from(stores).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** The store a back-office request acts on; another client's store answers 404 like a missing one. */
export async function loadStore(ctx: ServiceContext, storeId: number): Promise<ShiftStoreRow> {
  const store = await findShiftStore(ctx.db, requireClientId(ctx), storeId);
  if (!store) throw notFound(shiftMessages.storeNotFound);
  return store;
}

export const scopeOf = (store: ShiftStoreRow): StoreScope => ({
  clientId: store.clientId,
  storeId: store.id,
});

export function toStoreView(row: ShiftStoreRow): ShiftStore {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    lineAccountId: row.lineAccountId,
    lineAccountName: row.lineAccountName,
    liffId: row.liffId,
    timeZone: row.timeZone,
    createdAt: row.createdAt.toISOString(),
  };
}
