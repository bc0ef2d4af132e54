import {
  type ShiftStoreParams,
  type shiftMonthlyBodySchema,
  type dailyHoursBodySchema,
  type shiftMonthlyQuerySchema,
} from '@app/contracts';
import type { z } from 'zod';
import type { ServiceContext } from '../../../platform/context.ts';
import { eachDay, localDay, monthRange, type Day } from '../../../platform/dates.ts';
import { buildMonthlyCsv, toHours } from '../table/shift-csv.ts';
import { loadStore, scopeOf, type ShiftStoreRow } from '../shift-store.ts';
import { dayRange } from '../table/shifts.service.ts';
import { listShiftsStarting, type ShiftRow } from '../table/shifts.repository.ts';
import { listAllStaff, type StaffRow } from './staff.repository.ts';
import { toStaffView } from '../shift.views.ts';

type Ctx = { ctx: ServiceContext };

/** Hours count APPROVED, non-rest shifts, on the store-local day each one starts. */
async function approvedWork(ctx: ServiceContext, store: ShiftStoreRow, startDate: Day, endDate: Day) {
  const scope = scopeOf(store);
  const shifts = await listShiftsStarting(ctx.db, scope, dayRange(startDate, endDate, store.timeZone), {
    status: 'APPROVED',
  });
  const staff = await listAllStaff(ctx.db, scope);
  return { shifts, staff };
}

/** Approved staff, plus anyone else who has approved hours in the range. */
const reportedStaff = (staff: StaffRow[], shifts: ShiftRow[]) =>
  staff.filter((s) => s.status === 'APPROVED' || shifts.some((x) => x.staffId === s.id));

export async function getMonthlyHours({
  ctx,
  input,
}: Ctx & { input: ShiftStoreParams & z.output<typeof shiftMonthlyBodySchema> }) {
  const store = await loadStore(ctx, input.storeId);
  const { startDate, endDate } = monthRange(input.year, input.month);
  const { shifts, staff } = await approvedWork(ctx, store, startDate, endDate);
  return {
    year: input.year,
    month: input.month,
    staffHours: reportedStaff(staff, shifts).map((s) => ({
      staffId: s.id,
      name: toStaffView(s).name,
      totalHours: toHours(
        shifts.filter((x) => x.staffId === s.id && !x.isRest).reduce((a, x) => a + x.duration, 0),
      ),
    })),
  };
}

export async function getDailyHours({
  ctx,
  input,
}: Ctx & { input: ShiftStoreParams & z.output<typeof dailyHoursBodySchema> }) {
  const store = await loadStore(ctx, input.storeId);
  const { shifts, staff } = await approvedWork(ctx, store, input.startDate, input.endDate);
  const dates = eachDay(input.startDate, input.endDate);
  return {
    startDate: input.startDate,
    endDate: input.endDate,
    dates,
    staffHours: reportedStaff(staff, shifts).map((s) => {
      const own = shifts.filter((x) => x.staffId === s.id && !x.isRest);
      const minutesOn = (d: Day) =>
        own.filter((x) => localDay(x.startAt, store.timeZone) === d).reduce((a, x) => a + x.duration, 0);
      return {
        staffId: s.id,
        name: toStaffView(s).name,
        totalHours: toHours(own.reduce((a, x) => a + x.duration, 0)),
        dates: dates.map((date) => ({ date, totalHours: toHours(minutesOn(date)) })),
      };
    }),
  };
}

export async function exportMonthlyShiftsCsv({
  ctx,
  input,
}: Ctx & { input: ShiftStoreParams & z.output<typeof shiftMonthlyQuerySchema> }) {
  const store = await loadStore(ctx, input.storeId);
  const { startDate, endDate } = monthRange(input.year, input.month);
  const { shifts, staff } = await approvedWork(ctx, store, startDate, endDate);
  const csv = buildMonthlyCsv({
    days: eachDay(startDate, endDate),
    staff: reportedStaff(staff, shifts).map((s) => ({
      id: s.id,
      name: toStaffView(s).name,
      employeeNumber: s.employeeNumber,
    })),
    shifts,
    timeZone: store.timeZone,
  });
  const month = `${input.year}-${String(input.month).padStart(2, '0')}`;
  return { csv, filename: `shift-${store.id}-${month}.csv` };
}
