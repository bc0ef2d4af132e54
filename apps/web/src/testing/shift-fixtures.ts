import { compactTableShift, type MonthlyShifts, type StaffShift } from '@app/contracts';

/** A staff shift as the API answers it (a request of 10:00-15:00 unless told). */
export function shiftBody(
  over: Partial<StaffShift> & Pick<StaffShift, 'id' | 'staffId' | 'date'>,
): StaffShift {
  const start = over.startAt ?? `${over.date}T10:00:00+09:00`;
  const end = over.endAt ?? `${over.date}T15:00:00+09:00`;
  return {
    scheduleId: null,
    storeId: 1,
    status: 'REQUEST',
    startAt: start,
    endAt: end,
    endDayDiff: 0,
    duration: 300,
    managerNote: null,
    isRest: false,
    isRequested: over.status === undefined || over.status === 'REQUEST',
    originalStartAt: null,
    originalEndAt: null,
    originalDuration: null,
    hasBeenModified: false,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    ...over,
  };
}

/** The staff mini-app's tests' shift: staff 3 at store 5, a request of 3 December, 10:00-15:00, unless told. */
export const staffRequest = (over: Partial<StaffShift> = {}): StaffShift =>
  shiftBody({
    id: 1,
    scheduleId: 1,
    staffId: 3,
    storeId: 5,
    date: '2026-12-03',
    startAt: '2026-12-03T10:00:00+09:00',
    endAt: '2026-12-03T15:00:00+09:00',
    isRequested: true,
    createdAt: '2026-11-20T00:00:00.000Z',
    updatedAt: '2026-11-20T00:00:00.000Z',
    ...over,
  });

/** The monthly shift table's answer for a month of `shifts`: their compact rows (contracts' shift-table.ts). */
export function monthlyBody(
  answer: Pick<MonthlyShifts, 'year' | 'month' | 'staff'> & { shifts: StaffShift[]; storeId?: number },
): MonthlyShifts {
  const { year, month, staff, shifts, storeId = 1 } = answer;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const days = Array.from(
    { length: last },
    (_, i) => `${year}-${String(month).padStart(2, '0')}-${String(i + 1).padStart(2, '0')}`,
  );
  return {
    year,
    month,
    storeId,
    startDate: days[0]!,
    endDate: days[last - 1]!,
    days,
    staff,
    shifts: shifts.map((s) => compactTableShift(s, days)),
  };
}
