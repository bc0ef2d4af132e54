import type { LiffApp, ServiceCode } from '@app/contracts';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { lineAccountServices, stores } from '../../db/schema/stores.ts';
import type { LiffStore } from '../../platform/liff.ts';
import { lineAccountsForJoin } from '../line-accounts/index.ts';

/**
 * The one look-up of a service's store (a member store, a shift store) with what its services need of its
 * LINE account (joined through the LINE accounts module's door) and service link. The members and shift
 * modules, and the mini-apps' caller check, all read stores here.
 */
export type ServiceStoreRow = LiffStore;

/** The service each mini-app serves. */
export const serviceOfLiffApp: Record<LiffApp, ServiceCode> = { member: 'KS-001', shift: 'KS-002' };

const storeColumns = {
  id: stores.id,
  clientId: stores.clientId,
  name: stores.name,
  status: stores.status,
  timeZone: stores.timeZone,
  lineAccountId: stores.lineAccountId,
  lineAccountName: lineAccountsForJoin.displayName,
  accountStatus: lineAccountsForJoin.status,
  loginChannelId: lineAccountsForJoin.loginChannelId,
  liffId: lineAccountServices.liffId,
  linkStatus: lineAccountServices.status,
  createdAt: stores.createdAt,
};

const baseQuery = (db: Db) =>
  db
    .select(storeColumns)
    .from(stores)
    .innerJoin(lineAccountsForJoin, eq(lineAccountsForJoin.id, stores.lineAccountId))
    .innerJoin(lineAccountServices, eq(lineAccountServices.id, stores.lineAccountServiceId));

/**
 * A store of a service by id. With clientId, only that client's (another client's answers undefined, like
 * a missing one); without, any client's (the mini-apps, which have no tenant before the store).
 */
export async function findServiceStore(
  db: Db,
  input: { serviceCode: ServiceCode; storeId: number; clientId?: number },
): Promise<ServiceStoreRow | undefined> {
  const [row] = await baseQuery(db)
    .where(
      and(
        eq(stores.id, input.storeId),
        eq(stores.serviceCode, input.serviceCode),
        input.clientId === undefined ? undefined : eq(stores.clientId, input.clientId),
      ),
    )
    .limit(1);
  return row;
}

/** The store of a service on one LINE account of a client (each account has at most one per service). */
export async function findServiceStoreOfAccount(
  db: Db,
  input: { serviceCode: ServiceCode; clientId: number; lineAccountId: number },
): Promise<ServiceStoreRow | undefined> {
  const [row] = await baseQuery(db)
    .where(
      and(
        eq(stores.clientId, input.clientId),
        eq(stores.lineAccountId, input.lineAccountId),
        eq(stores.serviceCode, input.serviceCode),
      ),
    )
    .limit(1);
  return row;
}

/** A page of a client's stores of a service, oldest first, with the total. */
export async function listServiceStores(
  db: Db,
  input: { serviceCode: ServiceCode; clientId: number; page: number; limit: number },
): Promise<{ rows: ServiceStoreRow[]; total: number }> {
  const where = and(eq(stores.clientId, input.clientId), eq(stores.serviceCode, input.serviceCode));
  const rows = await baseQuery(db)
    .where(where)
    .orderBy(asc(stores.id))
    .limit(input.limit)
    .offset((input.page - 1) * input.limit);
  const [total] = await db.select({ n: count() }).from(stores).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** The mini-apps' store look-up (platform/liff.ts LiffDirectory). */
export const findLiffStore = (db: Db, app: LiffApp, storeId: number) =>
  findServiceStore(db, { serviceCode: serviceOfLiffApp[app], storeId });

/**
 * A LIFF app of the account's LINE Login channel, to name a LINE user on a page of ours (the member or
 * the shift service's, whichever is linked and has one), or null.
 */
export async function accountLiffIdOf(
  db: Db,
  scope: { clientId: number; lineAccountId: number },
): Promise<string | null> {
  for (const serviceCode of ['KS-001', 'KS-002'] as const) {
    const store = await findServiceStoreOfAccount(db, { serviceCode, ...scope });
    if (store?.liffId && store.linkStatus === 'ACTIVE') return store.liffId;
  }
  return null;
}
