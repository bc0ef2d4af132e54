import {
  shiftMessages,
  UPCOMING_SHIFT_DAYS,
  type ShiftStoreParams,
  type liffSignupBodySchema,
  type submitRequestsBodySchema,
  type liffShiftsQuerySchema,
} from '@app/contracts';
import type { z } from 'zod';
import { inTransaction, type Db } from '../../../db/client.ts';
import type { ServiceContext } from '../../../platform/context.ts';
import { hasSubmissionCompleteEvent, recordDomainEvent } from '../../../platform/domain-events.ts';
import { badRequest, conflict } from '../../../platform/errors.ts';
import { requireLiffCaller } from '../../../platform/liff.ts';
import { addDays, localDay, parseInstant } from '../../../platform/dates.ts';
import { openPeriodOn, type PeriodDays } from '../rules/periods.ts';
import { periodRange, staffYetToSubmit } from '../rules/reminders.ts';
import { getClosureSetting } from '../rules/settings.repository.ts';
import { scopeOf, type ShiftStoreRow } from '../shift-store.ts';
import { toPeriodView, toRemarkView, toShiftView, toStaffView } from '../shift.views.ts';
import { checkShiftTimes, assertNoOverlap, dayRange } from '../table/shifts.service.ts';
import {
  deleteShifts,
  ensureSchedule,
  insertShifts,
  listShiftsStarting,
  lockStoreSubmissions,
  staffIdsWithRequests,
  type NewShift,
} from '../table/shifts.repository.ts';
import {
  findStaffByFriend,
  insertStaff,
  listAllStaff,
  listRemarksOfStaff,
  lockStaff,
  type StaffRow,
} from '../staff/staff.repository.ts';

/** The store of the path; the caller comes on ctx.liff (platform/liff.ts: token, store and friendship). */
type LiffInput = ShiftStoreParams;
type Ctx = { ctx: ServiceContext };

/** The caller, as the access check identified them, and their staff row at the store (if any). */
async function identify(ctx: ServiceContext) {
  const { store, friend } = requireLiffCaller(ctx);
  const staff = await findStaffByFriend(ctx.db, scopeOf(store), friend.id);
  return { store, friend, staff };
}

async function identifyApproved(ctx: ServiceContext) {
  const who = await identify(ctx);
  if (who.staff?.status !== 'APPROVED') throw badRequest(shiftMessages.staffNotApproved);
  return { ...who, staff: who.staff };
}

function meView(
  store: ShiftStoreRow,
  friend: { id: number; displayName: string; pictureUrl: string | null },
  staff: StaffRow | undefined,
) {
  return {
    store: { id: store.id, name: store.name, timeZone: store.timeZone },
    friend: { id: friend.id, displayName: friend.displayName, pictureUrl: friend.pictureUrl },
    staff: staff ? { id: staff.id, status: staff.status } : null,
  };
}

export async function getLiffMe({ ctx }: Ctx & { input: LiffInput }) {
  const { store, friend, staff } = await identify(ctx);
  return meView(store, friend, staff);
}

/** Sign up as staff: a PENDING record until a manager approves; signing up again changes nothing. */
export async function signUpStaff({
  ctx,
  input,
}: Ctx & { input: LiffInput & z.output<typeof liffSignupBodySchema> }) {
  const { store, friend, staff } = await identify(ctx);
  if (staff) return meView(store, friend, staff);
  const scope = scopeOf(store);
  await insertStaff(ctx.db, scope, {
    friendId: friend.id,
    status: 'PENDING',
    employeeNumber: input.employeeNumber || null,
  });
  return meView(store, friend, await findStaffByFriend(ctx.db, scope, friend.id));
}

async function openPeriodOf(ctx: ServiceContext, store: ShiftStoreRow) {
  const closure = await getClosureSetting(ctx.db, scopeOf(store));
  const period = closure.isPublished
    ? openPeriodOn(localDay(ctx.clock.now(), store.timeZone), closure)
    : null;
  return { closure, period };
}

export async function getOpenPeriod({ ctx }: Ctx & { input: LiffInput }) {
  const { store, staff } = await identifyApproved(ctx);
  const { closure, period } = await openPeriodOf(ctx, store);
  const submitted = period
    ? (await staffIdsWithRequests(ctx.db, scopeOf(store), periodRange(period, store.timeZone))).has(staff.id)
    : false;
  return {
    period: period ? toPeriodView(period, store.timeZone) : null,
    timeDivisionSetting: closure.timeDivisionSetting,
    hasSubmitted: submitted,
  };
}

async function ownShiftsIn(db: Db, store: ShiftStoreRow, staffId: number, period: PeriodDays) {
  return listShiftsStarting(db, scopeOf(store), periodRange(period, store.timeZone), { staffId });
}

export async function listOwnRequests({ ctx }: Ctx & { input: LiffInput }) {
  const { store, staff } = await identifyApproved(ctx);
  const { period } = await openPeriodOf(ctx, store);
  if (!period) throw badRequest(shiftMessages.noOpenPeriod);
  const rows = await ownShiftsIn(ctx.db, store, staff.id, period);
  return {
    period: toPeriodView(period, store.timeZone),
    shifts: rows.map((r) => toShiftView(r, store.timeZone)),
  };
}

/**
 * Submit or change own requests for the open period: the requests the manager has not handled yet
 * (still REQUEST) are replaced by the new set; drafted and approved shifts stay, and a new request may
 * not overlap them. Records SHIFT_SUBMITTED, and SHIFT_SUBMISSION_COMPLETE (once per period) when
 * every approved staff member on LINE has submitted.
 */
export async function submitOwnRequests({
  ctx,
  input,
}: Ctx & { input: LiffInput & z.output<typeof submitRequestsBodySchema> }) {
  const { store, staff, friend } = await identifyApproved(ctx);
  const { closure, period } = await openPeriodOf(ctx, store);
  if (!period) throw badRequest(shiftMessages.noOpenPeriod);
  const scope = scopeOf(store);
  const range = periodRange(period, store.timeZone);
  const rows = await inTransaction(ctx.db, async (tx) => {
    await lockStoreSubmissions(tx, scope);
    await lockStaff(tx, scope, [staff.id]);
    const existing = await ownShiftsIn(tx, store, staff.id, period);
    const replaced = existing.filter((s) => s.status === 'REQUEST' && s.requestedAt !== null);
    await deleteShifts(
      tx,
      scope,
      replaced.map((s) => s.id),
    );
    const now = ctx.clock.now();
    const scheduleId = await ensureSchedule(tx, scope, period);
    const batch: NewShift[] = [];
    for (const request of input.requests) {
      const times = checkShiftTimes(store, closure.timeDivisionSetting, request);
      if (times.startAt < range.from || times.startAt >= range.to)
        throw badRequest(shiftMessages.outsideOpenPeriod);
      await assertNoOverlap(tx, scope, staff.id, times);
      if (batch.some((b) => b.startAt < times.endAt && b.endAt > times.startAt))
        throw conflict(shiftMessages.overlap);
      batch.push({
        ...times,
        staffId: staff.id,
        scheduleId,
        status: 'REQUEST' as const,
        isRest: request.isRest,
        requestedAt: now,
      });
    }
    const created = await insertShifts(tx, scope, batch);
    if (created.length > 0) {
      await recordDomainEvent(tx, {
        topic: 'SHIFT_SUBMITTED',
        clientId: store.clientId,
        lineAccountId: store.lineAccountId,
        storeId: store.id,
        payload: {
          staffId: staff.id,
          friendId: friend.id,
          periodKey: period.key,
          isChange: replaced.length > 0,
          shiftIds: created.map((s) => s.id),
        },
      });
      const missing = await staffYetToSubmit(tx, store, period);
      if (missing.length === 0 && !(await hasSubmissionCompleteEvent(tx, scope, period.key))) {
        await recordDomainEvent(tx, {
          topic: 'SHIFT_SUBMISSION_COMPLETE',
          clientId: store.clientId,
          lineAccountId: store.lineAccountId,
          storeId: store.id,
          payload: { periodKey: period.key, startDate: period.startDate, endDate: period.endDate },
        });
      }
    }
    return ownShiftsIn(tx, store, staff.id, period);
  });
  return {
    period: toPeriodView(period, store.timeZone),
    shifts: rows.map((r) => toShiftView(r, store.timeZone)),
  };
}

export async function listOwnShifts({
  ctx,
  input,
}: Ctx & { input: LiffInput & z.output<typeof liffShiftsQuerySchema> }) {
  const { store, staff } = await identifyApproved(ctx);
  const rows = await listShiftsStarting(
    ctx.db,
    scopeOf(store),
    {
      from: parseInstant(input.startAtMin, store.timeZone),
      to: parseInstant(input.startAtMax, store.timeZone),
    },
    { staffId: staff.id },
  );
  return rows.map((r) => toShiftView(r, store.timeZone));
}

/** Everyone's approved shifts from today for UPCOMING_SHIFT_DAYS store-local days. */
export async function listUpcomingShifts({ ctx }: Ctx & { input: LiffInput }) {
  const { store } = await identifyApproved(ctx);
  const startDate = localDay(ctx.clock.now(), store.timeZone);
  const endDate = addDays(startDate, UPCOMING_SHIFT_DAYS - 1);
  const scope = scopeOf(store);
  const rows = await listShiftsStarting(ctx.db, scope, dayRange(startDate, endDate, store.timeZone), {
    status: 'APPROVED',
  });
  const names = new Map((await listAllStaff(ctx.db, scope)).map((s) => [s.id, toStaffView(s).name]));
  return {
    startDate,
    endDate,
    shifts: rows.map((r) => ({ ...toShiftView(r, store.timeZone), staffName: names.get(r.staffId) ?? '' })),
  };
}

export async function listOwnRemarks({ ctx }: Ctx & { input: LiffInput }) {
  const { store, staff } = await identifyApproved(ctx);
  return (await listRemarksOfStaff(ctx.db, scopeOf(store), staff.id)).map(toRemarkView);
}
