import { contractStatuses, type ClientsByStatus } from '@app/contracts';
import { and, count, eq, gte, isNull, lte, min, or, sql, sum, type SQL } from 'drizzle-orm';
import { clientActivePeriods, clients } from '../../db/schema/clients.ts';
import { tenantScopeOf, type ServiceContext } from '../../platform/context.ts';
import { forbidden } from '../../platform/errors.ts';
import type { ClientScope } from './clients.repository.ts';

export type MonthSpan = { months: string[] };
export type ClientFigures = {
  clientsByStatus: ClientsByStatus;
  /** Sum of the monthly fees of the ACTIVE clients. */
  monthlyRecurringFees: number;
  /** Per month of the span: clients ACTIVE for the first time in it, fees of the clients ACTIVE in it. */
  months: { month: string; newClients: number; monthlyFees: number }[];
};

const lastDayOf = (month: string) => {
  const [y, m] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
};

function clientScopeOf(ctx: ServiceContext): ClientScope {
  const scope = tenantScopeOf(ctx);
  if ('clientId' in scope) throw forbidden();
  return scope;
}

/**
 * The dashboards' client figures for the caller's scope (every client for the master, an agency's own):
 * three queries whatever the number of clients. A client counts in each month one of its ACTIVE
 * periods touches (as agency commissions do), and as new in the month its first period starts.
 */
export async function clientFigures({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: MonthSpan;
}): Promise<ClientFigures> {
  const scope = clientScopeOf(ctx);
  const inScope = 'agencyId' in scope ? eq(clients.agencyId, scope.agencyId) : undefined;
  const from = `${input.months[0]!}-01`;
  const to = lastDayOf(input.months.at(-1)!);
  const byStatus = await ctx.db
    .select({
      status: clients.contractStatus,
      n: count(),
      fees: sum(clients.monthlyFee).mapWith(Number),
    })
    .from(clients)
    .where(inScope)
    .groupBy(clients.contractStatus);
  const periods = await ctx.db
    .select({
      clientId: clients.id,
      monthlyFee: clients.monthlyFee,
      startDate: clientActivePeriods.startDate,
      endDate: clientActivePeriods.endDate,
    })
    .from(clientActivePeriods)
    .innerJoin(clients, eq(clients.id, clientActivePeriods.clientId))
    .where(
      and(
        inScope,
        lte(clientActivePeriods.startDate, to),
        or(isNull(clientActivePeriods.endDate), gte(clientActivePeriods.endDate, from)),
      ),
    );
  return build(byStatus, periods, await newClientsByMonth(ctx, inScope, from), input.months);
}

async function newClientsByMonth(
  ctx: ServiceContext,
  inScope: SQL | undefined,
  from: string,
): Promise<Map<string, number>> {
  const firsts = ctx.db
    .select({ clientId: clientActivePeriods.clientId, first: min(clientActivePeriods.startDate).as('first') })
    .from(clientActivePeriods)
    .innerJoin(clients, eq(clients.id, clientActivePeriods.clientId))
    .where(inScope)
    .groupBy(clientActivePeriods.clientId)
    .as('firsts');
  const rows = await ctx.db
    .select({ month: sql<string>`to_char(${firsts.first}, 'YYYY-MM')`, n: count() })
    .from(firsts)
    .where(gte(firsts.first, from))
    .groupBy(sql`1`);
  return new Map(rows.map((r) => [r.month, r.n]));
}

function build(
  byStatus: { status: (typeof contractStatuses)[number]; n: number; fees: number }[],
  periods: { clientId: number; monthlyFee: number; startDate: string; endDate: string | null }[],
  newClients: Map<string, number>,
  months: string[],
): ClientFigures {
  return {
    clientsByStatus: contractStatuses.map((status) => ({
      status,
      count: byStatus.find((r) => r.status === status)?.n ?? 0,
    })),
    monthlyRecurringFees: byStatus.find((r) => r.status === 'ACTIVE')?.fees ?? 0,
    months: months.map((month) => {
      const start = `${month}-01`;
      const end = lastDayOf(month);
      const fees = new Map<number, number>();
      for (const p of periods) {
        if (p.startDate <= end && (p.endDate === null || p.endDate >= start))
          fees.set(p.clientId, p.monthlyFee);
      }
      return {
        month,
        newClients: newClients.get(month) ?? 0,
        monthlyFees: [...fees.values()].reduce((a, b) => a + b, 0),
      };
    }),
  };
}
