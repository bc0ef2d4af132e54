import {
  shiftMessages,
  type StaffShift,
  type ShiftStoreParams,
  type ShiftStoreItemParams,
  type listShiftsQuerySchema,
  type shiftRangeQuerySchema,
  type shiftMonthlyQuerySchema,
  type updateShiftBodySchema,
  type saveShiftBodySchema,
  type approveDraftBodySchema,
  type MonthlyShifts,
} from '@app/contracts';
import type { z } from 'zod';
import { inTransaction, type Db } from '../../../db/client.ts';
import type { ServiceContext } from '../../../platform/context.ts';
import { recordDomainEvent } from '../../../platform/domain-events.ts';
import { AppError, badRequest, conflict, notFound } from '../../../platform/errors.ts';
import {
  addDays,
  eachDay,
  localDay,
  localMinutes,
  monthRange,
  parseInstant,
  zonedInstant,
  type Day,
} from '../../../platform/dates.ts';
import { periodOf } from '../rules/periods.ts';
import { periodRange } from '../rules/reminders.ts';
import { getClosureSetting } from '../rules/settings.repository.ts';
import { loadStore, scopeOf, type ShiftStoreRow, type StoreScope } from '../shift-store.ts';
import { toPeriodView, toShiftView, toStaffView } from '../shift.views.ts';
import { JsonText } from '../../../platform/json-text.ts';
import {
  ensureSchedule,
  findOverlap,
  findShift,
  findShiftsByIds,
  insertShifts,
  listShiftsStarting,
  listTableRowsJson,
  moveShiftsInWindow,
  scheduleIdsWithApproved,
  setScheduleStatus,
  setShiftStatus,
  updateShiftRow,
  type NewShift,
  type ShiftRow,
} from './shifts.repository.ts';
import { findStaffByIds, listAllStaff, lockStaff } from '../staff/staff.repository.ts';

type Ctx = { ctx: ServiceContext };

/** The instants [from, to) of store-local days startDate..endDate. */
export const dayRange = (startDate: Day, endDate: Day, timeZone: string) => ({
  from: zonedInstant(startDate, 0, timeZone),
  to: zonedInstant(endDate, 1440, timeZone),
});

/**
 * Checks a shift's times: end after start, at most 24 hours (an overnight shift ends on the next day),
 * both on the store's time division. Answers the instants and the duration in minutes.
 */
export function checkShiftTimes(
  store: Pick<ShiftStoreRow, 'timeZone'>,
  timeDivision: number,
  times: { startAt: string | Date; endAt: string | Date },
) {
  const startAt =
    typeof times.startAt === 'string' ? parseInstant(times.startAt, store.timeZone) : times.startAt;
  const endAt = typeof times.endAt === 'string' ? parseInstant(times.endAt, store.timeZone) : times.endAt;
  const minutes = (endAt.getTime() - startAt.getTime()) / 60_000;
  if (!(minutes > 0)) throw badRequest(shiftMessages.endAfterStart);
  if (minutes > 1440) throw badRequest(shiftMessages.tooLong);
  const aligned = (d: Date) =>
    d.getTime() % 60_000 === 0 && localMinutes(d, store.timeZone) % timeDivision === 0;
  if (!aligned(startAt) || !aligned(endAt)) throw badRequest(shiftMessages.misaligned);
  return { startAt, endAt, duration: Math.round(minutes) };
}

/** Refuses a shift overlapping another of the same staff member (the staff rows must be locked). */
export async function assertNoOverlap(
  db: Db,
  scope: StoreScope,
  staffId: number,
  range: { startAt: Date; endAt: Date },
  exceptIds: number[] = [],
) {
  if (await findOverlap(db, scope, staffId, range, exceptIds)) throw conflict(shiftMessages.overlap);
}

function parseRange(store: ShiftStoreRow, input: z.output<typeof shiftRangeQuerySchema>) {
  return {
    from: parseInstant(input.startAtMin, store.timeZone),
    to: parseInstant(input.startAtMax, store.timeZone),
  };
}

export async function listShifts({
  ctx,
  input,
}: Ctx & {
  input: ShiftStoreParams & z.output<typeof listShiftsQuerySchema>;
}): Promise<StaffShift[]> {
  const store = await loadStore(ctx, input.storeId);
  const rows = await listShiftsStarting(ctx.db, scopeOf(store), parseRange(store, input), {
    status: input.status,
    managerNote: input.managerNote,
  });
  return rows.map((r) => toShiftView(r, store.timeZone));
}

export function groupByDay(rows: ShiftRow[], days: Day[], timeZone: string) {
  const byDay = new Map<Day, StaffShift[]>(days.map((d) => [d, []]));
  for (const row of rows) byDay.get(localDay(row.startAt, timeZone))?.push(toShiftView(row, timeZone));
  return [...byDay].map(([date, shifts]) => ({ date, shifts }));
}

export async function listDailyShifts({
  ctx,
  input,
}: Ctx & { input: ShiftStoreParams & z.output<typeof shiftRangeQuerySchema> }) {
  const store = await loadStore(ctx, input.storeId);
  const range = parseRange(store, input);
  const rows = await listShiftsStarting(ctx.db, scopeOf(store), range);
  const days = eachDay(
    localDay(range.from, store.timeZone),
    localDay(new Date(range.to.getTime() - 1), store.timeZone),
  );
  return { days: groupByDay(rows, days, store.timeZone) };
}

/**
 * The monthly shift table: the staff once and the month's shifts as compact rows, the rows' JSON written
 * by the database (listTableRowsJson) and the answer sent as that text (route.ts, JsonText).
 */
export async function getMonthlyShifts({
  ctx,
  input,
}: Ctx & { input: ShiftStoreParams & z.output<typeof shiftMonthlyQuerySchema> }): Promise<
  JsonText<MonthlyShifts>
> {
  const store = await loadStore(ctx, input.storeId);
  const scope = scopeOf(store);
  const { startDate, endDate } = monthRange(input.year, input.month);
  const range = dayRange(startDate, endDate, store.timeZone);
  const [rows, staff] = await Promise.all([
    listTableRowsJson(ctx.db, scope, range, startDate, store.timeZone),
    listAllStaff(ctx.db, scope),
  ]);
  const head: Omit<MonthlyShifts, 'shifts'> = {
    year: input.year,
    month: input.month,
    storeId: store.id,
    startDate,
    endDate,
    days: eachDay(startDate, endDate),
    staff: staff.map(toStaffView),
  };
  return new JsonText(`${JSON.stringify(head).slice(0, -1)},"shifts":${rows}}`);
}

export async function getShift({ ctx, input }: Ctx & { input: ShiftStoreItemParams }) {
  const store = await loadStore(ctx, input.storeId);
  const row = await findShift(ctx.db, scopeOf(store), input.id);
  if (!row) throw notFound(shiftMessages.shiftNotFound);
  return toShiftView(row, store.timeZone);
}

/**
 * A manager's change of one shift. A staff member's own request keeps its original times
 * (originalStartAt/EndAt/Duration, set once) and is marked hasBeenModified. SHIFT_EDITED is recorded
 * when times or the rest flag change.
 */
export async function updateShift({
  ctx,
  input,
}: Ctx & {
  input: ShiftStoreItemParams & z.output<typeof updateShiftBodySchema>;
}) {
  const store = await loadStore(ctx, input.storeId);
  const scope = scopeOf(store);
  const row = await inTransaction(ctx.db, async (tx) => {
    const current = await findShift(tx, scope, input.id);
    if (!current) throw notFound(shiftMessages.shiftNotFound);
    await lockStaff(tx, scope, [current.staffId]);
    const closure = await getClosureSetting(tx, scope);
    return changeShift(tx, store, closure, current, input);
  });
  return toShiftView(row, store.timeZone);
}

type ShiftChange = z.output<typeof updateShiftBodySchema>;

/**
 * Applies a manager's change to one shift (the staff row must be locked): times on the division and
 * free of overlaps, a request's original times kept, SHIFT_EDITED recorded when times or rest change.
 */
async function changeShift(
  tx: Db,
  store: ShiftStoreRow,
  closure: Awaited<ReturnType<typeof getClosureSetting>>,
  current: ShiftRow,
  input: ShiftChange,
): Promise<ShiftRow> {
  const scope = scopeOf(store);
  const changes: Partial<NewShift> = {};
  if (input.managerNote !== undefined) changes.managerNote = input.managerNote;
  const timesChanged = input.startAt !== undefined || input.endAt !== undefined;
  if (timesChanged) {
    const times = checkShiftTimes(store, closure.timeDivisionSetting, {
      startAt: input.startAt ?? current.startAt,
      endAt: input.endAt ?? current.endAt,
    });
    await assertNoOverlap(tx, scope, current.staffId, times, [current.id]);
    Object.assign(changes, times);
    const period = periodOf(localDay(times.startAt, store.timeZone), closure);
    changes.scheduleId = await ensureSchedule(tx, scope, period);
  }
  if (input.isRest !== undefined) changes.isRest = input.isRest;
  const edited =
    (changes.startAt !== undefined && changes.startAt.getTime() !== current.startAt.getTime()) ||
    (changes.endAt !== undefined && changes.endAt.getTime() !== current.endAt.getTime()) ||
    (changes.isRest !== undefined && changes.isRest !== current.isRest);
  if (edited && current.requestedAt !== null) {
    changes.hasBeenModified = true;
    if (current.originalStartAt === null) {
      changes.originalStartAt = current.startAt;
      changes.originalEndAt = current.endAt;
      changes.originalDuration = current.duration;
    }
  }
  const updated = await updateShiftRow(tx, scope, current.id, changes);
  if (edited) {
    const view = (r: ShiftRow) => ({
      startAt: r.startAt.toISOString(),
      endAt: r.endAt.toISOString(),
      isRest: r.isRest,
    });
    await recordDomainEvent(tx, {
      topic: 'SHIFT_EDITED',
      clientId: store.clientId,
      lineAccountId: store.lineAccountId,
      storeId: store.id,
      payload: {
        shiftId: current.id,
        staffId: current.staffId,
        status: current.status,
        before: view(current),
        after: view(updated),
      },
    });
  }
  return updated;
}

/** Runs one item of save-shift; a refusal names the item (`toCreate.2`) so the table can mark its cell. */
async function forItem<T>(path: string, work: () => Promise<T> | T): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError && !error.fieldErrors?.length) {
      throw new AppError(error.code, error.message, [{ path, message: error.message }]);
    }
    throw error;
  }
}

/**
 * Bulk save of the shift table, all or nothing: shifts not yet APPROVED move between REQUEST and
 * DRAFT, and new DRAFT shifts are created. Every shift must start in the closure period of `date`.
 */
export async function saveShifts({
  ctx,
  input,
}: Ctx & {
  input: ShiftStoreParams & z.output<typeof saveShiftBodySchema>;
}) {
  const store = await loadStore(ctx, input.storeId);
  const scope = scopeOf(store);
  return inTransaction(ctx.db, async (tx) => {
    const closure = await getClosureSetting(tx, scope);
    const period = periodOf(input.date, closure);
    const range = periodRange(period, store.timeZone);
    const inPeriod = (d: Date) => d >= range.from && d < range.to;

    const ids = [...new Set([...input.toDraft, ...input.toRequest])];
    const moving = new Map((await findShiftsByIds(tx, scope, ids)).map((s) => [s.id, s]));
    for (const [list, name] of [
      [input.toDraft, 'toDraft'],
      [input.toRequest, 'toRequest'],
    ] as const) {
      for (const [i, id] of list.entries()) {
        await forItem(`${name}.${i}`, () => {
          const shift = moving.get(id);
          if (!shift) throw notFound(shiftMessages.shiftNotFound);
          if (shift.status === 'APPROVED') throw conflict(shiftMessages.approvedLocked);
          if (!inPeriod(shift.startAt)) throw badRequest(shiftMessages.outsidePeriod);
        });
      }
    }
    await setShiftStatus(tx, scope, [...new Set(input.toDraft)], 'DRAFT');
    await setShiftStatus(tx, scope, [...new Set(input.toRequest)], 'REQUEST');

    const changing = new Map(
      (await findShiftsByIds(tx, scope, [...new Set(input.toUpdate.map((u) => u.id))])).map((s) => [s.id, s]),
    );
    const staffIds = [...new Set(input.toCreate.map((s) => s.staffId))];
    // One lock for everyone whose shifts change, in id order (two saves cannot deadlock on it).
    await lockStaff(tx, scope, [...new Set([...[...changing.values()].map((s) => s.staffId), ...staffIds])]);
    const updatedIds: number[] = [];
    for (const [i, change] of input.toUpdate.entries()) {
      await forItem(`toUpdate.${i}`, async () => {
        const current = changing.get(change.id);
        if (!current) throw notFound(shiftMessages.shiftNotFound);
        const fresh = (await findShift(tx, scope, current.id)) ?? current;
        const updated = await changeShift(tx, store, closure, fresh, change);
        if (!inPeriod(updated.startAt)) throw badRequest(shiftMessages.outsidePeriod);
        updatedIds.push(updated.id);
      });
    }

    const staff = new Map((await findStaffByIds(tx, scope, staffIds)).map((s) => [s.id, s]));
    for (const [i, s] of input.toCreate.entries()) {
      await forItem(`toCreate.${i}`, () => {
        const person = staff.get(s.staffId);
        if (!person) throw notFound(shiftMessages.staffNotFound);
        if (person.status !== 'APPROVED') throw new AppError('BAD_REQUEST', shiftMessages.staffNotApproved);
      });
    }
    const scheduleId = input.toCreate.length > 0 ? await ensureSchedule(tx, scope, period) : null;
    const batch: NewShift[] = [];
    for (const [i, s] of input.toCreate.entries()) {
      await forItem(`toCreate.${i}`, async () => {
        const times = checkShiftTimes(store, closure.timeDivisionSetting, s);
        if (!inPeriod(times.startAt)) throw badRequest(shiftMessages.outsidePeriod);
        await assertNoOverlap(tx, scope, s.staffId, times);
        const clash = batch.some(
          (b) => b.staffId === s.staffId && b.startAt < times.endAt && b.endAt > times.startAt,
        );
        if (clash) throw conflict(shiftMessages.overlap);
        batch.push({
          ...times,
          staffId: s.staffId,
          scheduleId,
          status: 'DRAFT',
          isRest: s.isRest,
          managerNote: s.managerNote ?? null,
        });
      });
    }
    const created = await insertShifts(tx, scope, batch);
    return {
      period: toPeriodView(period, store.timeZone),
      updatedIds: [...new Set([...ids, ...updatedIds])],
      created: created.map((r) => toShiftView(r, store.timeZone)),
    };
  });
}

/**
 * DRAFT -> APPROVED (isApprove) or APPROVED -> DRAFT for the shifts starting in the window. Approving
 * publishes the touched schedules and records SHIFT_CONFIRMED; taking back turns a schedule with no
 * approved shift left into a draft again.
 */
export async function approveDrafts({
  ctx,
  input,
}: Ctx & { input: ShiftStoreParams & z.output<typeof approveDraftBodySchema> }) {
  const store = await loadStore(ctx, input.storeId);
  const scope = scopeOf(store);
  const range = parseRange(store, input);
  return inTransaction(ctx.db, async (tx) => {
    const moved = await moveShiftsInWindow(
      tx,
      scope,
      range,
      input.isApprove ? { from: 'DRAFT', to: 'APPROVED' } : { from: 'APPROVED', to: 'DRAFT' },
    );
    const scheduleIds = [
      ...new Set(moved.map((s) => s.scheduleId).filter((id): id is number => id !== null)),
    ];
    if (input.isApprove) {
      await setScheduleStatus(tx, scope, scheduleIds, 'PUBLISHED');
      if (moved.length > 0) {
        await recordDomainEvent(tx, {
          topic: 'SHIFT_CONFIRMED',
          clientId: store.clientId,
          lineAccountId: store.lineAccountId,
          storeId: store.id,
          payload: {
            startAt: range.from.toISOString(),
            endAt: range.to.toISOString(),
            shiftIds: moved.map((s) => s.id),
            staffIds: [...new Set(moved.map((s) => s.staffId))],
          },
        });
      }
    } else {
      const stillApproved = await scheduleIdsWithApproved(tx, scope, scheduleIds);
      await setScheduleStatus(
        tx,
        scope,
        scheduleIds.filter((id) => !stillApproved.has(id)),
        'DRAFT',
      );
    }
    return { success: true as const, count: moved.length };
  });
}

export const nextDays = (today: Day, n: number) => ({ startDate: today, endDate: addDays(today, n - 1) });
