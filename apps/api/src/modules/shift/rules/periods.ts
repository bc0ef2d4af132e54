/**
 * Closure periods and reminder times of the shift service (rules in docs/decisions/0003-shift-rules.md).
 * No I/O, no clock: callers pass "now". Days and zones come from platform/dates.ts.
 */
import {
  addDays,
  addMonths,
  clampDay,
  daysInMonth,
  formatDay,
  monthRange,
  pad,
  parseDay,
  zonedInstant,
  type Day,
} from '../../../platform/dates.ts';

export type ClosureRule = {
  pattern: 'FULL_MONTH' | 'HALF_MONTH';
  dayOfMonth: number;
  firstHalfDate: number;
  secondHalfDate: number;
};

export type PeriodDays = {
  /** '2026-12' (FULL_MONTH) or '2026-12-H1' / '2026-12-H2' (HALF_MONTH). */
  key: string;
  startDate: Day;
  endDate: Day;
  /** Requests are accepted up to the end of this store-local day. */
  closingDate: Day;
};

export type Reminder = { time: string | null; dayGap: number | null };

// ---- closure periods ----

/** The closure period a day belongs to. */
export function periodOf(day: Day, rule: ClosureRule): PeriodDays {
  const { y, m, d } = parseDay(day);
  const prev = addMonths(y, m, -1);
  const ym = `${pad(y, 4)}-${pad(m)}`;
  if (rule.pattern === 'FULL_MONTH') {
    return { key: ym, ...monthRange(y, m), closingDate: clampDay(prev.y, prev.m, rule.dayOfMonth) };
  }
  if (d <= 15) {
    return {
      key: `${ym}-H1`,
      startDate: formatDay(y, m, 1),
      endDate: formatDay(y, m, 15),
      closingDate: clampDay(prev.y, prev.m, rule.firstHalfDate),
    };
  }
  return {
    key: `${ym}-H2`,
    startDate: formatDay(y, m, 16),
    endDate: formatDay(y, m, daysInMonth(y, m)),
    closingDate: clampDay(y, m, rule.secondHalfDate),
  };
}

export const nextPeriod = (period: PeriodDays, rule: ClosureRule): PeriodDays =>
  periodOf(addDays(period.endDate, 1), rule);

/**
 * The period staff submit requests for on `today`: the first one whose closing date has not passed.
 * Closing dates rise with the periods and fall before each period starts, so it is at most a few
 * periods after the one containing today.
 */
export function openPeriodOn(today: Day, rule: ClosureRule): PeriodDays {
  let period = periodOf(today, rule);
  while (period.closingDate < today) period = nextPeriod(period, rule);
  return period;
}

/** The end of the closing day: requests made before this instant count. */
export const closesAt = (period: PeriodDays, timeZone: string): Date =>
  zonedInstant(period.closingDate, 1440, timeZone);

export const isActiveReminder = (r: Reminder): r is { time: string; dayGap: number } =>
  r.time !== null && r.dayGap !== null;

/** When a reminder fires for a period: its time, dayGap days from the closing date (negative: before). */
export function reminderFireAt(
  period: PeriodDays,
  reminder: { time: string; dayGap: number },
  timeZone: string,
): Date {
  const minutes = Number(reminder.time.slice(0, 2)) * 60 + Number(reminder.time.slice(3, 5));
  return zonedInstant(addDays(period.closingDate, reminder.dayGap), minutes, timeZone);
}
