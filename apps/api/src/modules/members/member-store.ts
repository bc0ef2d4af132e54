import { memberMessages } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { lineAccountServices, lineAccounts, stores } from '../../db/schema/index.ts';
import { requireClientId, type ServiceContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { getLineAccountRowOrThrow } from '../line-accounts/index.ts';

export const MEMBER_SERVICE_CODE = 'KS-001';

/** Every member repository call is scoped by both: the tenant and the member store. */
export type MemberScope = { clientId: number; storeId: number };

export type MemberStoreRow = {
  id: number;
  clientId: number;
  lineAccountId: number;
  status: (typeof stores.$inferSelect)['status'];
  loginChannelId: string | null;
  accountStatus: (typeof lineAccounts.$inferSelect)['status'];
  linkStatus: (typeof lineAccountServices.$inferSelect)['status'];
};

const baseQuery = (db: Db) =>
  db
    .select({
      id: stores.id,
      clientId: stores.clientId,
      lineAccountId: stores.lineAccountId,
      status: stores.status,
      loginChannelId: lineAccounts.loginChannelId,
      accountStatus: lineAccounts.status,
      linkStatus: lineAccountServices.status,
    })
    .from(stores)
    .innerJoin(lineAccounts, eq(lineAccounts.id, stores.lineAccountId))
    .innerJoin(lineAccountServices, eq(lineAccountServices.id, stores.lineAccountServiceId));

export async function findMemberStoreOfAccount(
  db: Db,
  clientId: number,
  lineAccountId: number,
): Promise<MemberStoreRow | undefined> {
  const [row] = await baseQuery(db)
    .where(
      and(
        eq(stores.clientId, clientId),
        eq(stores.lineAccountId, lineAccountId),
        eq(stores.serviceCode, MEMBER_SERVICE_CODE),
      ),
    )
    .limit(1);
  return row;
}

/** For the mini-app, which has no tenant yet: the store's own client comes with the row. */
export async function findMemberStoreById(db: Db, storeId: number): Promise<MemberStoreRow | undefined> {
  const [row] = await baseQuery(db)
    .where(and(eq(stores.id, storeId), eq(stores.serviceCode, MEMBER_SERVICE_CODE)))
    .limit(1);
  return row;
}

/** The member store of a LINE account of the request's client; another client's account answers 404. */
export async function loadMemberStore(ctx: ServiceContext, lineAccountId: number): Promise<MemberStoreRow> {
  const clientId = requireClientId(ctx);
  const account = await getLineAccountRowOrThrow(ctx, clientId, lineAccountId);
  const store = await findMemberStoreOfAccount(ctx.db, clientId, account.id);
  if (!store) throw notFound(memberMessages.serviceNotLinked);
  return store;
}

export const scopeOf = (store: MemberStoreRow): MemberScope => ({
  clientId: store.clientId,
  storeId: store.id,
});
