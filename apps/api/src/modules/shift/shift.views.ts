import {
  staffShiftStatuses,
  tableShiftFlags,
  type ShiftPeriod,
  type ShiftStaff,
  type StaffRemark,
  type StaffShift,
  type TableShiftRow,
} from '@app/contracts';
import {
  daysBetween,
  formatInstant,
  isoString,
  localDay,
  localMinutes,
  zoneOffsetMinutes,
} from '../../platform/dates.ts';
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

const statusIndex = new Map<string, number>(staffShiftStatuses.map((s, i) => [s, i]));

/**
 * A shift as the monthly table's compact row (contracts' shift-table.ts): times as minutes from the local
 * midnight of its day, `dayIndex` its day's place in the answer's days (from `firstDay`).
 */
export function toTableRow(row: ShiftRow, timeZone: string, firstDay: string): TableShiftRow {
  const date = localDay(row.startAt, timeZone);
  const since = (instant: Date) =>
    daysBetween(date, localDay(instant, timeZone)) * 1440 + localMinutes(instant, timeZone);
  const offset = (instant: Date) => zoneOffsetMinutes(instant, timeZone);
  const original =
    row.originalStartAt || row.originalEndAt || row.originalDuration !== null
      ? ([
          row.originalStartAt ? since(row.originalStartAt) : null,
          row.originalStartAt ? offset(row.originalStartAt) : null,
          row.originalEndAt ? since(row.originalEndAt) : null,
          row.originalEndAt ? offset(row.originalEndAt) : null,
          row.originalDuration,
        ] as [number | null, number | null, number | null, number | null, number | null])
      : null;
  return [
    row.id,
    row.scheduleId,
    row.staffId,
    statusIndex.get(row.status)!,
    daysBetween(firstDay, date),
    localMinutes(row.startAt, timeZone),
    since(row.endAt),
    row.duration,
    (row.isRest ? tableShiftFlags.isRest : 0) |
      (row.requestedAt !== null ? tableShiftFlags.isRequested : 0) |
      (row.hasBeenModified ? tableShiftFlags.hasBeenModified : 0),
    row.managerNote,
    original,
    offset(row.startAt),
    offset(row.endAt),
  ];
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
