import { and, eq, sql } from 'drizzle-orm';
import { shiftStaff } from '../../db/schema/shift.ts';
import { stores } from '../../db/schema/stores.ts';
import { requireClientId, type ServiceContext } from '../../platform/context.ts';
import { SHIFT_SERVICE_CODE } from './shift-store.ts';

/**
 * Shift staff of a LINE account's shift store for the client dashboard (one query): approved (helpers
 * included) and pending; null when the account has no shift store.
 */
export async function staffFiguresOfLineAccount({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { lineAccountId: number };
}): Promise<{ approved: number; pending: number } | null> {
  const clientId = requireClientId(ctx);
  const [row] = await ctx.db
    .select({
      storeId: stores.id,
      approved: sql<number>`count(${shiftStaff.id}) filter (where ${shiftStaff.status} = 'APPROVED')`.mapWith(
        Number,
      ),
      pending: sql<number>`count(${shiftStaff.id}) filter (where ${shiftStaff.status} = 'PENDING')`.mapWith(
        Number,
      ),
    })
    .from(stores)
    .leftJoin(shiftStaff, eq(shiftStaff.storeId, stores.id))
    .where(
      and(
        eq(stores.clientId, clientId),
        eq(stores.lineAccountId, input.lineAccountId),
        eq(stores.serviceCode, SHIFT_SERVICE_CODE),
      ),
    )
    .groupBy(stores.id)
    .limit(1);
  return row ? { approved: row.approved, pending: row.pending } : null;
}
