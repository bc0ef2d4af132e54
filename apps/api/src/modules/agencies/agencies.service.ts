import {
  errorMessages,
  paginationInfo,
  type Agency,
  type AgencyDetail,
  type CommissionReport,
  type SignupLink,
  type createAgencyBodySchema,
  type updateAgencyBodySchema,
} from '@app/contracts';
import type { z } from 'zod';
import { inTransaction, type Db } from '../../db/client.ts';
import { recordAudit } from '../../platform/audit.ts';
import { tenantScopeOf, type ServiceContext } from '../../platform/context.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { tokyoDay } from '../../platform/dates.ts';
import { countClientsOfAgency, listActivePeriodsOfAgency } from '../clients/index.ts';
import {
  findAgency,
  insertAgency,
  listAgencyRows,
  updateAgencyRow,
  type AgencyRow,
} from './agencies.repository.ts';

/** Master: the agency the path names; an agency: always its own (an id from it is ignored). */
export type AgencyTarget = { id?: number };

function agencyIdOf(ctx: ServiceContext, target: AgencyTarget): number {
  const scope = tenantScopeOf(ctx);
  if ('agencyId' in scope) return scope.agencyId;
  if ('all' in scope && target.id !== undefined) return target.id;
  throw forbidden();
}

async function getAgencyRowOrThrow(db: Db, id: number, forUpdate = false): Promise<AgencyRow> {
  const row = await findAgency(db, id, { forUpdate });
  if (!row) throw notFound(errorMessages.agencyNotFound);
  return row;
}

export function toAgencyView(row: AgencyRow): Agency {
  return {
    id: row.id,
    name: row.name,
    postalCode: row.postalCode,
    prefecture: row.prefecture,
    city: row.city,
    addressOther: row.addressOther,
    building: row.building,
    marginRate: Number(row.marginRate),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** numeric(5,2) as the exact decimal text Postgres stores (no binary floating point on the way). */
const marginRateText = (rate: number) => rate.toFixed(2);

export async function createAgency({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: z.output<typeof createAgencyBodySchema>;
}): Promise<Agency> {
  return inTransaction(ctx.db, async (tx) => {
    const row = await insertAgency(tx, {
      ...input,
      building: input.building ?? null,
      marginRate: marginRateText(input.marginRate),
    });
    const after = toAgencyView(row);
    await recordAudit(tx, ctx, {
      action: 'agency.create',
      targetType: 'agency',
      targetId: row.id,
      agencyId: row.id,
      after,
    });
    return after;
  });
}

export async function updateAgency({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { id: number; body: z.output<typeof updateAgencyBodySchema> };
}): Promise<Agency> {
  return inTransaction(ctx.db, async (tx) => {
    const row = await getAgencyRowOrThrow(tx, input.id, true);
    const { marginRate, ...fields } = input.body;
    await updateAgencyRow(tx, row.id, {
      ...fields,
      ...(marginRate !== undefined ? { marginRate: marginRateText(marginRate) } : {}),
    });
    const after = toAgencyView(await getAgencyRowOrThrow(tx, row.id));
    await recordAudit(tx, ctx, {
      action: 'agency.update',
      targetType: 'agency',
      targetId: row.id,
      agencyId: row.id,
      before: toAgencyView(row),
      after,
    });
    return after;
  });
}

export async function listAgencies({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { search?: string | undefined; page: number; limit: number };
}) {
  const { rows, total } = await listAgencyRows(ctx.db, input);
  return { data: rows.map(toAgencyView), pagination: paginationInfo(input.page, input.limit, total) };
}

export async function getAgency({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: AgencyTarget;
}): Promise<AgencyDetail> {
  const id = agencyIdOf(ctx, input);
  const row = await getAgencyRowOrThrow(ctx.db, id);
  const month = tokyoDay(ctx.clock.now()).slice(0, 7);
  const [counts, report] = await Promise.all([
    countClientsOfAgency(ctx.db, id),
    buildCommissionReport(ctx, row, month, month),
  ]);
  return {
    ...toAgencyView(row),
    clientCount: counts.all,
    activeClientCount: counts.active,
    currentMonth: month,
    currentMonthCommission: report.total,
  };
}

const monthIndex = (m: string) => Number(m.slice(0, 4)) * 12 + Number(m.slice(5, 7)) - 1;
const monthOf = (index: number) => `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
function lastDayOf(month: string): string {
  const [y, m] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
}

/**
 * The commission by month: a client counts in a month when one of its ACTIVE periods touches it
 * (months after the current one have none yet). Each client's share is floored to the yen; the month's
 * commission is the sum of the shares. Uses the current monthly fee and margin rate.
 */
async function buildCommissionReport(
  ctx: ServiceContext,
  agency: AgencyRow,
  from: string,
  to: string,
): Promise<CommissionReport> {
  const currentMonth = tokyoDay(ctx.clock.now()).slice(0, 7);
  const periods = await listActivePeriodsOfAgency(ctx.db, {
    agencyId: agency.id,
    marginRate: agency.marginRate,
    fromDay: `${from}-01`,
    toDay: lastDayOf(to),
  });
  const months = [];
  for (let i = monthIndex(from); i <= monthIndex(to); i++) {
    const month = monthOf(i);
    const start = `${month}-01`;
    const end = lastDayOf(month);
    const seen = new Map<number, (typeof periods)[number]>();
    if (month <= currentMonth) {
      for (const p of periods) {
        if (p.startDate <= end && (p.endDate === null || p.endDate >= start)) seen.set(p.clientId, p);
      }
    }
    const clients = [...seen.values()].map((p) => ({
      clientId: p.clientId,
      companyName: p.companyName,
      monthlyFee: p.monthlyFee,
      commission: p.commission,
    }));
    months.push({
      month,
      clientCount: clients.length,
      monthlyFeeTotal: clients.reduce((sum, c) => sum + c.monthlyFee, 0),
      commission: clients.reduce((sum, c) => sum + c.commission, 0),
      clients,
    });
  }
  return {
    agencyId: agency.id,
    marginRate: Number(agency.marginRate),
    from,
    to,
    total: months.reduce((sum, m) => sum + m.commission, 0),
    months,
  };
}

export async function getCommissions({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: AgencyTarget & { from?: string | undefined; to?: string | undefined };
}): Promise<CommissionReport> {
  const agency = await getAgencyRowOrThrow(ctx.db, agencyIdOf(ctx, input));
  const currentMonth = tokyoDay(ctx.clock.now()).slice(0, 7);
  const to =
    input.to ??
    (input.from ? monthOf(Math.min(monthIndex(input.from) + 11, monthIndex(currentMonth))) : currentMonth);
  const from = input.from ?? monthOf(monthIndex(to) - 11);
  return buildCommissionReport(ctx, agency, from, to < from ? from : to);
}

/** The link an agency sends to a prospect: the signup page with the agency pre-filled. */
export async function getSignupLink({ ctx }: { ctx: ServiceContext }): Promise<SignupLink> {
  const agencyId = agencyIdOf(ctx, {});
  await getAgencyRowOrThrow(ctx.db, agencyId);
  return { agencyId, url: `${ctx.config.appUrl}/signup?agencyId=${agencyId}` };
}
