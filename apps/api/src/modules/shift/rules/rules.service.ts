import {
  shiftMessages,
  type NormalRule,
  type ShiftPattern,
  type SpecialRuleGroup,
  type ShiftStoreParams,
  type ShiftStoreItemParams,
  type createNormalRulesBodySchema,
  type replaceNormalRulesBodySchema,
  type createSpecialRuleGroupBodySchema,
  type listSpecialRulesQuerySchema,
  type updateSpecialRuleGroupBodySchema,
  type shiftPatternBodySchema,
  type normalRuleInputSchema,
  type specialRuleInputSchema,
} from '@app/contracts';
import type { z } from 'zod';
import { inTransaction } from '../../../db/client.ts';
import type { ServiceContext } from '../../../platform/context.ts';
import { notFound } from '../../../platform/errors.ts';
import { formatInstant, parseInstant } from '../../../platform/dates.ts';
import {
  deleteGroup,
  deleteNormalRules,
  deletePatternRow,
  findGroup,
  findNormalRule,
  findPattern,
  insertGroup,
  insertNormalRules,
  insertPattern,
  listGroups,
  listNormalRules as listNormalRuleRows,
  listPatterns,
  listSpecialRules,
  replaceGroupRules,
  updateGroupLabel,
  updatePatternRow,
  type GroupRow,
  type NormalRuleRow,
  type PatternRow,
  type SpecialRuleRow,
} from './rules.repository.ts';
import { loadStore, scopeOf, type ShiftStoreRow, type StoreScope } from '../shift-store.ts';

type Ctx = { ctx: ServiceContext };
type NormalRuleInput = z.output<typeof normalRuleInputSchema>;
type SpecialRuleInput = z.output<typeof specialRuleInputSchema>;

const minutesOf = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

function toNormalRuleView(row: NormalRuleRow): NormalRule {
  return {
    id: row.id,
    storeId: row.storeId,
    dayOfWeek: row.dayOfWeek,
    shiftStartTime: row.shiftStartTime,
    shiftEndTime: row.shiftEndTime,
    shiftDurationMinutes: row.shiftDurationMinutes,
    shiftEndDayDiff: row.shiftEndDayDiff,
    staffCount: row.staffCount,
    isRest: row.isRest,
  };
}

const toNormalRow = (r: NormalRuleInput) => ({
  ...r,
  shiftDurationMinutes: minutesOf(r.shiftEndTime) + r.shiftEndDayDiff * 1440 - minutesOf(r.shiftStartTime),
});

export async function createNormalRules({
  ctx,
  input,
}: Ctx & { input: ShiftStoreParams & z.output<typeof createNormalRulesBodySchema> }) {
  const store = await loadStore(ctx, input.storeId);
  const rows = await insertNormalRules(ctx.db, scopeOf(store), input.schedules.map(toNormalRow));
  return rows.map(toNormalRuleView);
}

export async function listNormalRules({ ctx, input }: Ctx & { input: ShiftStoreParams }) {
  const store = await loadStore(ctx, input.storeId);
  return (await listNormalRuleRows(ctx.db, scopeOf(store))).map(toNormalRuleView);
}

export async function getNormalRule({ ctx, input }: Ctx & { input: ShiftStoreItemParams }) {
  const store = await loadStore(ctx, input.storeId);
  const row = await findNormalRule(ctx.db, scopeOf(store), input.id);
  if (!row) throw notFound(shiftMessages.ruleNotFound);
  return toNormalRuleView(row);
}

/** The weekly set is replaced as a whole, in one transaction. */
export async function replaceNormalRules({
  ctx,
  input,
}: Ctx & { input: ShiftStoreParams & z.output<typeof replaceNormalRulesBodySchema> }) {
  const store = await loadStore(ctx, input.storeId);
  const scope = scopeOf(store);
  await inTransaction(ctx.db, async (tx) => {
    await deleteNormalRules(tx, scope);
    await insertNormalRules(tx, scope, input.scheduleNormalRules.map(toNormalRow));
  });
  return (await listNormalRuleRows(ctx.db, scope)).map(toNormalRuleView);
}

// ---- special rules ----

function toSpecialRows(store: ShiftStoreRow, rules: SpecialRuleInput[]) {
  return rules.map((r) => {
    const start = parseInstant(r.shiftStartDateTime, store.timeZone);
    const end = parseInstant(r.shiftEndDateTime, store.timeZone);
    return {
      shiftStartDateTime: start,
      shiftEndDateTime: end,
      shiftDurationMinutes: Math.round((end.getTime() - start.getTime()) / 60_000),
      staffCount: r.staffCount,
      isRest: r.isRest,
    };
  });
}

function toGroupView(group: GroupRow, rules: SpecialRuleRow[], timeZone: string): SpecialRuleGroup {
  return {
    id: group.id,
    storeId: group.storeId,
    label: group.label,
    specialRules: rules
      .filter((r) => r.specialRuleGroupId === group.id)
      .map((r) => ({
        id: r.id,
        specialRuleGroupId: r.specialRuleGroupId,
        storeId: r.storeId,
        shiftStartDateTime: formatInstant(r.shiftStartDateTime, timeZone),
        shiftEndDateTime: formatInstant(r.shiftEndDateTime, timeZone),
        shiftDurationMinutes: r.shiftDurationMinutes,
        staffCount: r.staffCount,
        isRest: r.isRest,
      })),
  };
}

async function groupView(ctx: ServiceContext, store: ShiftStoreRow, scope: StoreScope, id: number) {
  const group = await findGroup(ctx.db, scope, id);
  if (!group) throw notFound(shiftMessages.specialRuleNotFound);
  return toGroupView(group, await listSpecialRules(ctx.db, scope, { groupIds: [id] }), store.timeZone);
}

export async function createSpecialRuleGroup({
  ctx,
  input,
}: Ctx & { input: ShiftStoreParams & z.output<typeof createSpecialRuleGroupBodySchema> }) {
  const store = await loadStore(ctx, input.storeId);
  const scope = scopeOf(store);
  const group = await inTransaction(ctx.db, async (tx) => {
    const created = await insertGroup(tx, scope, input.label);
    await replaceGroupRules(tx, scope, created.id, toSpecialRows(store, input.schedules));
    return created;
  });
  return groupView(ctx, store, scope, group.id);
}

/** Groups with their rules; with a window, only rules starting in it and only groups that have one. */
export async function listSpecialRuleGroups({
  ctx,
  input,
}: Ctx & { input: ShiftStoreParams & z.output<typeof listSpecialRulesQuerySchema> }) {
  const store = await loadStore(ctx, input.storeId);
  const scope = scopeOf(store);
  const from = input.startAtMin ? parseInstant(input.startAtMin, store.timeZone) : undefined;
  const to = input.startAtMax ? parseInstant(input.startAtMax, store.timeZone) : undefined;
  const rules = await listSpecialRules(ctx.db, scope, { from, to });
  const filtered = from !== undefined || to !== undefined;
  return (await listGroups(ctx.db, scope))
    .map((g) => toGroupView(g, rules, store.timeZone))
    .filter((g) => !filtered || g.specialRules.length > 0);
}

export async function getSpecialRuleGroup({ ctx, input }: Ctx & { input: ShiftStoreItemParams }) {
  const store = await loadStore(ctx, input.storeId);
  return groupView(ctx, store, scopeOf(store), input.id);
}

export async function updateSpecialRuleGroup({
  ctx,
  input,
}: Ctx & { input: ShiftStoreItemParams & z.output<typeof updateSpecialRuleGroupBodySchema> }) {
  const store = await loadStore(ctx, input.storeId);
  const scope = scopeOf(store);
  await inTransaction(ctx.db, async (tx) => {
    const group = await findGroup(tx, scope, input.id);
    if (!group) throw notFound(shiftMessages.specialRuleNotFound);
    await updateGroupLabel(tx, scope, group.id, input.label);
    await replaceGroupRules(tx, scope, group.id, toSpecialRows(store, input.specialRules));
  });
  return groupView(ctx, store, scope, input.id);
}

export async function deleteSpecialRuleGroup({ ctx, input }: Ctx & { input: ShiftStoreItemParams }) {
  const store = await loadStore(ctx, input.storeId);
  const scope = scopeOf(store);
  const group = await findGroup(ctx.db, scope, input.id);
  if (!group) throw notFound(shiftMessages.specialRuleNotFound);
  await deleteGroup(ctx.db, scope, group.id);
  return { success: true as const };
}

// ---- shift patterns ----

const toPatternView = (row: PatternRow): ShiftPattern => ({
  id: row.id,
  storeId: row.storeId,
  name: row.name,
  startHour: row.startHour,
  startMinute: row.startMinute,
  endHour: row.endHour,
  endMinute: row.endMinute,
  endDayDiff: row.endDayDiff,
});

export async function listShiftPatterns({ ctx, input }: Ctx & { input: ShiftStoreParams }) {
  const store = await loadStore(ctx, input.storeId);
  return (await listPatterns(ctx.db, scopeOf(store))).map(toPatternView);
}

export async function createShiftPattern({
  ctx,
  input,
}: Ctx & { input: ShiftStoreParams & { pattern: z.output<typeof shiftPatternBodySchema> } }) {
  const store = await loadStore(ctx, input.storeId);
  return toPatternView(await insertPattern(ctx.db, scopeOf(store), input.pattern));
}

export async function getShiftPattern({ ctx, input }: Ctx & { input: ShiftStoreItemParams }) {
  const store = await loadStore(ctx, input.storeId);
  const row = await findPattern(ctx.db, scopeOf(store), input.id);
  if (!row) throw notFound(shiftMessages.patternNotFound);
  return toPatternView(row);
}

export async function updateShiftPattern({
  ctx,
  input,
}: Ctx & { input: ShiftStoreItemParams & { pattern: z.output<typeof shiftPatternBodySchema> } }) {
  const store = await loadStore(ctx, input.storeId);
  const row = await updatePatternRow(ctx.db, scopeOf(store), input.id, input.pattern);
  if (!row) throw notFound(shiftMessages.patternNotFound);
  return toPatternView(row);
}

export async function deleteShiftPattern({ ctx, input }: Ctx & { input: ShiftStoreItemParams }) {
  const store = await loadStore(ctx, input.storeId);
  if (!(await deletePatternRow(ctx.db, scopeOf(store), input.id)))
    throw notFound(shiftMessages.patternNotFound);
  return { success: true as const };
}
