import type { ShiftPeriod, ShiftStaff, StaffRemark, StaffShift } from '@app/contracts';
import { daysBetween, formatInstant, isoString, localDay } from '../../platform/dates.ts';
import { closesAt, type PeriodDays } from './rules/periods.ts';
import type { ShiftRow } from './table/shifts.repository.ts';
import type { RemarkRow, StaffRow } from './staff/staff.repository.ts';

export function toStaffView(row: StaffRow): ShiftStaff {
  return {
    id: row.id,
    friendId: row.friendId,
    name: row.helperName ?? row.friendName ?? '',
    pictureUrl: row.friendPictureUrl,
    isHelper: row.friendId === null,
    isFollowing: row.friendIsFriend ?? false,
    employeeNumber: row.employeeNumber,
    status: row.status,
    managerNotes: row.managerNotes,
    maxHoursPerDay: row.maxHoursPerDay,
    maxHoursPerWeek: row.maxHoursPerWeek,
    maxHoursPerMonth: row.maxHoursPerMonth,
    targetHoursPerMonth: row.targetHoursPerMonth,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toShiftView(row: ShiftRow, timeZone: string): StaffShift {
  const date = localDay(row.startAt, timeZone);
  return {
    id: row.id,
    scheduleId: row.scheduleId,
    staffId: row.staffId,
    storeId: row.storeId,
    status: row.status,
    startAt: formatInstant(row.startAt, timeZone),
    endAt: formatInstant(row.endAt, timeZone),
    date,
    endDayDiff: daysBetween(date, localDay(row.endAt, timeZone)),
    duration: row.duration,
    managerNote: row.managerNote,
    isRest: row.isRest,
    isRequested: row.requestedAt !== null,
    originalStartAt: row.originalStartAt ? formatInstant(row.originalStartAt, timeZone) : null,
    originalEndAt: row.originalEndAt ? formatInstant(row.originalEndAt, timeZone) : null,
    originalDuration: row.originalDuration,
    hasBeenModified: row.hasBeenModified,
    createdAt: isoString(row.createdAt),
    updatedAt: isoString(row.updatedAt),
  };
}

export function toRemarkView(row: RemarkRow): StaffRemark {
  return {
    id: row.id,
    staffId: row.staffId,
    date: row.date,
    remark: row.remark,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toPeriodView(period: PeriodDays, timeZone: string): ShiftPeriod {
  return { ...period, closesAt: formatInstant(closesAt(period, timeZone), timeZone) };
}
