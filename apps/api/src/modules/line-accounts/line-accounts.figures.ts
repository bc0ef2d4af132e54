import { and, count, eq } from 'drizzle-orm';
import { lineAccounts } from '../../db/schema/line-accounts.ts';
import { tenantScopeOf, type ServiceContext } from '../../platform/context.ts';
import { clientsForJoin } from '../clients/index.ts';

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
          .innerJoin(clientsForJoin, eq(clientsForJoin.id, lineAccounts.clientId))
          .where(and(active, 'agencyId' in scope ? eq(clientsForJoin.agencyId, scope.agencyId) : undefined));
  const [row] = await query;
  return row?.n ?? 0;
}
