import { z } from 'zod';
import { staffShiftStatuses } from '../common/enums.ts';
import { idSchema } from '../common/ids.ts';
import type { StaffShift } from './shifts.schemas.ts';

/*
 * The monthly shift table's compact rows (issue 31): a month of 50 staff is about 1,500 shifts, and as
 * StaffShift objects the answer was 546 KiB of repeated field names and formatted instants. Each shift is
 * a row of numbers instead; the day is an index into the answer's `days`, times are minutes from that
 * day's store-local midnight with the store's UTC offset in minutes. `expandTableShift` rebuilds the
 * StaffShift fields the table shows (everything but createdAt and updatedAt), exactly as the single-shift
 * endpoints write them.
 */

/** Bits of a row's `flags`. */
export const tableShiftFlags = { isRest: 1, isRequested: 2, hasBeenModified: 4 } as const;

// every element described: the OpenAPI document (3.0, without prefixItems) lists a tuple's elements as
// its items' anyOf, where two equal schemas would be duplicates (Redocly's lint)
const minutes = (what: string) => z.number().int().describe(what);
const orNull = (what: string) => z.number().int().nullable().describe(what);
/**
 * One shift: [id, scheduleId, staffId, status (index into staffShiftStatuses), day (index into days),
 * start, end (minutes from the day's local midnight; over 1440 on a later day), duration (minutes),
 * flags (tableShiftFlags), managerNote, original (the staff member's request before a manager changed
 * it: [start, its offset, end, its offset, duration], minutes from the same midnight, or null), offset (the
 * store's UTC offset in minutes at the start), endOffset (at the end, usually the same)].
 */
export const tableShiftRowSchema = z.tuple([
  idSchema.describe('id'),
  idSchema.nullable().describe('scheduleId'),
  idSchema.describe('staffId'),
  z
    .number()
    .int()
    .min(0)
    .max(staffShiftStatuses.length - 1)
    .describe('status: index into REQUEST, DRAFT, APPROVED'),
  z.number().int().min(0).describe("day: index into the answer's days"),
  minutes("start: minutes from the day's local midnight"),
  minutes("end: minutes from the day's local midnight"),
  minutes('duration in minutes'),
  z.number().int().min(0).max(7).describe('flags: 1 rest, 2 requested, 4 modified'),
  z.string().nullable().describe('managerNote'),
  z
    .tuple([
      orNull('original start'),
      orNull("original start's UTC offset"),
      orNull('original end'),
      orNull("original end's UTC offset"),
      orNull('original duration'),
    ])
    .nullable()
    .describe("the staff member's request before a manager changed it"),
  minutes('the UTC offset at the start, minutes'),
  minutes('the UTC offset at the end, minutes'),
]);
export type TableShiftRow = z.infer<typeof tableShiftRowSchema>;

/** A shift as the table shows it: a StaffShift without its record times. */
export type TableShift = Omit<StaffShift, 'createdAt' | 'updatedAt'>;

const two = (n: number) => String(n).padStart(2, '0');
const dayPlus = (day: string, n: number): string => {
  if (n === 0) return day;
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + n)).toISOString().slice(0, 10);
};
const offsetText = (offset: number) => {
  const abs = Math.abs(offset);
  return `${offset < 0 ? '-' : '+'}${two(Math.floor(abs / 60))}:${two(abs % 60)}`;
};
/** The ISO instant `minutes` after `day`'s local midnight, at `offset`: 2026-12-01T22:00:00+09:00. */
export function tableInstant(day: string, minutesAfter: number, offset: number): string {
  const days = Math.floor(minutesAfter / 1440);
  const rest = minutesAfter - days * 1440;
  return `${dayPlus(day, days)}T${two(Math.floor(rest / 60))}:${two(rest % 60)}:00${offsetText(offset)}`;
}

const at = (date: string, m: number | null | undefined, offset: number | null | undefined) =>
  m === null || m === undefined || offset === null || offset === undefined
    ? null
    : tableInstant(date, m, offset);

/** A compact row back as the table's shift (`days` and `storeId` from the same answer). */
export function expandTableShift(row: TableShiftRow, days: string[], storeId: number): TableShift {
  const [id, scheduleId, staffId, status, day, start, end, duration, flags, managerNote, original] = row;
  const [offset, endOffset] = [row[11], row[12]];
  const date = days[day]!;
  return {
    id,
    scheduleId,
    staffId,
    storeId,
    status: staffShiftStatuses[status]!,
    startAt: tableInstant(date, start, offset),
    endAt: tableInstant(date, end, endOffset),
    date,
    endDayDiff: Math.floor(end / 1440),
    duration,
    managerNote,
    isRest: (flags & tableShiftFlags.isRest) !== 0,
    isRequested: (flags & tableShiftFlags.isRequested) !== 0,
    originalStartAt: at(date, original?.[0], original?.[1]),
    originalEndAt: at(date, original?.[2], original?.[3]),
    originalDuration: original?.[4] ?? null,
    hasBeenModified: (flags & tableShiftFlags.hasBeenModified) !== 0,
  };
}

const instantParts = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2}):00([+-])(\d{2}):(\d{2})$/;
/** Minutes after `date`'s midnight and the UTC offset of an instant as tableInstant writes it. */
function instantMinutes(date: string, instant: string): [number, number] {
  const m = instantParts.exec(instant);
  if (!m) throw new Error(`not a table instant: ${instant}`);
  const days = (Date.parse(m[1]!) - Date.parse(date)) / 86_400_000;
  const offset = (m[4] === '-' ? -1 : 1) * (Number(m[5]) * 60 + Number(m[6]));
  return [days * 1440 + Number(m[2]) * 60 + Number(m[3]), offset];
}

/** The inverse of expandTableShift (test data and the round-trip test). */
export function compactTableShift(shift: TableShift, days: string[]): TableShiftRow {
  const [start, offset] = instantMinutes(shift.date, shift.startAt);
  const [end, endOffset] = instantMinutes(shift.date, shift.endAt);
  const originalStart = shift.originalStartAt ? instantMinutes(shift.date, shift.originalStartAt) : null;
  const originalEnd = shift.originalEndAt ? instantMinutes(shift.date, shift.originalEndAt) : null;
  const hasOriginal = !!originalStart || !!originalEnd || shift.originalDuration !== null;
  return [
    shift.id,
    shift.scheduleId,
    shift.staffId,
    staffShiftStatuses.indexOf(shift.status),
    days.indexOf(shift.date),
    start,
    end,
    shift.duration,
    (shift.isRest ? tableShiftFlags.isRest : 0) |
      (shift.isRequested ? tableShiftFlags.isRequested : 0) |
      (shift.hasBeenModified ? tableShiftFlags.hasBeenModified : 0),
    shift.managerNote,
    hasOriginal
      ? [
          originalStart?.[0] ?? null,
          originalStart?.[1] ?? null,
          originalEnd?.[0] ?? null,
          originalEnd?.[1] ?? null,
          shift.originalDuration,
        ]
      : null,
    offset,
    endOffset,
  ];
}
