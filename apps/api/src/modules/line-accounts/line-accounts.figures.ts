import { and, count, eq } from 'drizzle-orm';
import { clients } from '../../db/schema/clients.ts';
import { lineAccounts } from '../../db/schema/line-accounts.ts';
import { tenantScopeOf, type ServiceContext } from '../../platform/context.ts';

/** The dashboards' LINE account figure: ACTIVE LINE accounts in the caller's scope (one query). */
export async function countActiveLineAccounts({ ctx }: { ctx: ServiceContext }): Promise<number> {
  const scope = tenantScopeOf(ctx);
  const active = eq(lineAccounts.status, 'ACTIVE');
  const query =
    'clientId' in scope
      ? ctx.db
          .select({ n: count() })
          .from(lineAccounts)
          .where(and(active, eq(lineAccounts.clientId, scope.clientId)))
      : ctx.db
          .select({ n: count() })
          .from(lineAccounts)
          .innerJoin(clients, eq(clients.id, lineAccounts.clientId))
          .where(and(active, 'agencyId' in scope ? eq(clients.agencyId, scope.agencyId) : undefined));
  const [row] = await query;
  return row?.n ?? 0;
}
