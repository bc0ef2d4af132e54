import { and, eq, sql } from 'drizzle-orm';
import { shiftStaff } from '../../db/schema/shift.ts';
import { requireClientId, type ServiceContext } from '../../platform/context.ts';
import { findServiceStoreOfAccount } from '../services/index.ts';
import { SHIFT_SERVICE_CODE } from './shift-store.ts';

/**
 * Shift staff of a LINE account's shift store for the client dashboard: approved (helpers included) and
 * pending; null when the account has no shift store.
 */
export async function staffFiguresOfLineAccount({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { lineAccountId: number };
}): Promise<{ approved: number; pending: number } | null> {
  const clientId = requireClientId(ctx);
  const store = await findServiceStoreOfAccount(ctx.db, {
    serviceCode: SHIFT_SERVICE_CODE,
    clientId,
    lineAccountId: input.lineAccountId,
  });
  if (!store) return null;
  const [row] = await ctx.db
    .select({
      approved: sql<number>`count(*) filter (where ${shiftStaff.status} = 'APPROVED')`.mapWith(Number),
      pending: sql<number>`count(*) filter (where ${shiftStaff.status} = 'PENDING')`.mapWith(Number),
    })
    .from(shiftStaff)
    .where(and(eq(shiftStaff.clientId, clientId), eq(shiftStaff.storeId, store.id)));
  return { approved: row?.approved ?? 0, pending: row?.pending ?? 0 };
}
