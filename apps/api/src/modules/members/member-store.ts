import { memberMessages } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { requireClientId, type ServiceContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { getLineAccountRowOrThrow } from '../line-accounts/index.ts';
import { findServiceStoreOfAccount, type ServiceStoreRow } from '../services/index.ts';

export const MEMBER_SERVICE_CODE = 'KS-001';

/** Every member repository call is scoped by both: the tenant and the member store. */
export type MemberScope = { clientId: number; storeId: number };

/** The member store of a LINE account: the services module's store row. */
export type MemberStoreRow = ServiceStoreRow;

export async function findMemberStoreOfAccount(
  db: Db,
  clientId: number,
  lineAccountId: number,
): Promise<MemberStoreRow | undefined> {
  return findServiceStoreOfAccount(db, { serviceCode: MEMBER_SERVICE_CODE, clientId, lineAccountId });
}

/** The member store of a LINE account of the request's client; another client's account answers 404. */
export async function loadMemberStore(ctx: ServiceContext, lineAccountId: number): Promise<MemberStoreRow> {
  const clientId = requireClientId(ctx);
  const account = await getLineAccountRowOrThrow(ctx, clientId, lineAccountId);
  const store = await findMemberStoreOfAccount(ctx.db, clientId, account.id);
  if (!store) throw notFound(memberMessages.serviceNotLinked);
  return store;
}

export const scopeOf = (store: Pick<MemberStoreRow, 'id' | 'clientId'>): MemberScope => ({
  clientId: store.clientId,
  storeId: store.id,
});
