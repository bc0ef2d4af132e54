import { toCsv } from '../../../platform/csv.ts';
import {
  daysBetween,
  isoWeekday,
  localDay,
  localMinutes,
  parseDay,
  type Day,
} from '../../../platform/dates.ts';

const weekdayNames = ['月', '火', '水', '木', '金', '土', '日'];

/** Hours with at most two decimals: 480 minutes -> 8, 450 -> 7.5. */
export const toHours = (minutes: number) => Math.round((minutes / 60) * 100) / 100;

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

type CsvShift = { staffId: number; startAt: Date; endAt: Date; duration: number; isRest: boolean };
type CsvStaff = { id: number; name: string; employeeNumber: string | null };

/** 22:00-翌02:00 for an overnight shift; 休 for a rest day. */
export function cellText(shift: CsvShift, timeZone: string): string {
  if (shift.isRest) return '休';
  const startDay = localDay(shift.startAt, timeZone);
  const endDiff = daysBetween(startDay, localDay(shift.endAt, timeZone));
  const end = hhmm(localMinutes(shift.endAt, timeZone));
  return `${hhmm(localMinutes(shift.startAt, timeZone))}-${endDiff > 0 ? '翌' : ''}${end}`;
}

/**
 * The month's approved shifts as a staff x day table: one row per staff member with the total hours,
 * then a row of daily totals. Shifts count on the day they start; rest days count no hours.
 * Written by the platform's CSV writer (BOM, CRLF, formulas neutralised: a name never runs in Excel).
 */
export function buildMonthlyCsv(input: {
  days: Day[];
  staff: CsvStaff[];
  shifts: CsvShift[];
  timeZone: string;
}): string {
  const { days, staff, shifts, timeZone } = input;
  const header = [
    'スタッフ',
    '社員番号',
    ...days.map((d) => {
      const { m, d: day } = parseDay(d);
      return `${m}/${day}(${weekdayNames[isoWeekday(d) - 1]})`;
    }),
    '合計時間',
  ];
  const dayTotals = new Map<Day, number>(days.map((d) => [d, 0]));
  const rows = staff.map((s) => {
    const cells = new Map<Day, string[]>();
    let total = 0;
    for (const shift of shifts) {
      if (shift.staffId !== s.id) continue;
      const day = localDay(shift.startAt, timeZone);
      if (!dayTotals.has(day)) continue;
      cells.set(day, [...(cells.get(day) ?? []), cellText(shift, timeZone)]);
      if (!shift.isRest) {
        total += shift.duration;
        dayTotals.set(day, dayTotals.get(day)! + shift.duration);
      }
    }
    return [
      s.name,
      s.employeeNumber ?? '',
      ...days.map((d) => (cells.get(d) ?? []).join(' / ')),
      String(toHours(total)),
    ];
  });
  const grand = [...dayTotals.values()].reduce((a, b) => a + b, 0);
  const footer = ['日計', '', ...days.map((d) => String(toHours(dayTotals.get(d)!))), String(toHours(grand))];
  return toCsv([header, ...rows, footer]);
}
