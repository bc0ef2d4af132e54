import { and, eq, sql } from 'drizzle-orm';
import { members } from '../../db/schema/members.ts';
import { stores } from '../../db/schema/stores.ts';
import { requireClientId, type ServiceContext } from '../../platform/context.ts';
import { MEMBER_SERVICE_CODE } from './member-store.ts';

/**
 * Members of a LINE account's member store for the client dashboard (one query): active and
 * inactive; null when the account does not use the member service.
 */
export async function memberFiguresOfLineAccount({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { lineAccountId: number };
}): Promise<{ active: number; inactive: number } | null> {
  const clientId = requireClientId(ctx);
  const [row] = await ctx.db
    .select({
      storeId: stores.id,
      active: sql<number>`count(${members.id}) filter (where ${members.status} = 'ACTIVE')`.mapWith(Number),
      inactive: sql<number>`count(${members.id}) filter (where ${members.status} = 'INACTIVE')`.mapWith(
        Number,
      ),
    })
    .from(stores)
    .leftJoin(members, eq(members.storeId, stores.id))
    .where(
      and(
        eq(stores.clientId, clientId),
        eq(stores.lineAccountId, input.lineAccountId),
        eq(stores.serviceCode, MEMBER_SERVICE_CODE),
      ),
    )
    .groupBy(stores.id)
    .limit(1);
  return row ? { active: row.active, inactive: row.inactive } : null;
}
