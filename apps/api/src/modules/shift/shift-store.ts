import { shiftMessages, type ShiftStore } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { requireClientId, type ServiceContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { findServiceStore, listServiceStores, type ServiceStoreRow } from '../services/index.ts';

export const SHIFT_SERVICE_CODE = 'KS-002';

/** Every shift repository call is scoped by both: the tenant and the store. */
export type StoreScope = { clientId: number; storeId: number };

/** A shift store with what the services need from its LINE account: the services module's store row. */
export type ShiftStoreRow = ServiceStoreRow;

/** The shift store of a client, or undefined (missing, another client's, or not a shift store). */
export async function findShiftStore(
  db: Db,
  clientId: number,
  storeId: number,
): Promise<ShiftStoreRow | undefined> {
  return findServiceStore(db, { serviceCode: SHIFT_SERVICE_CODE, storeId, clientId });
}

export async function listShiftStores(db: Db, clientId: number, page: number, limit: number) {
  return listServiceStores(db, { serviceCode: SHIFT_SERVICE_CODE, clientId, page, limit });
}

/** The store a back-office request acts on; another client's store answers 404 like a missing one. */
export async function loadStore(ctx: ServiceContext, storeId: number): Promise<ShiftStoreRow> {
  const store = await findShiftStore(ctx.db, requireClientId(ctx), storeId);
  if (!store) throw notFound(shiftMessages.storeNotFound);
  return store;
}

export const scopeOf = (store: Pick<ShiftStoreRow, 'id' | 'clientId'>): StoreScope => ({
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
