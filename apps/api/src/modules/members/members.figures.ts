import { and, eq, sql } from 'drizzle-orm';
import { members } from '../../db/schema/members.ts';
import { requireClientId, type ServiceContext } from '../../platform/context.ts';
import { findMemberStoreOfAccount } from './member-store.ts';

/**
 * Members of a LINE account's member store for the client dashboard: active and inactive; null when the
 * account does not use the member service.
 */
export async function memberFiguresOfLineAccount({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { lineAccountId: number };
}): Promise<{ active: number; inactive: number } | null> {
  const clientId = requireClientId(ctx);
  const store = await findMemberStoreOfAccount(ctx.db, clientId, input.lineAccountId);
  if (!store) return null;
  const [row] = await ctx.db
    .select({
      active: sql<number>`count(*) filter (where ${members.status} = 'ACTIVE')`.mapWith(Number),
      inactive: sql<number>`count(*) filter (where ${members.status} = 'INACTIVE')`.mapWith(Number),
    })
    .from(members)
    .where(and(eq(members.clientId, clientId), eq(members.storeId, store.id)));
  return { active: row?.active ?? 0, inactive: row?.inactive ?? 0 };
}
