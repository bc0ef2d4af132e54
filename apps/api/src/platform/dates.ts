/**
 * Calendar days and time zones for every module: pure functions, no clock (callers pass "now").
 * Zone maths uses Intl (full ICU ships with Node), so any IANA zone works, DST included.
 */

/** A calendar day, YYYY-MM-DD. */
export type Day = string;

export const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Date.UTC without its 0-99 -> 1900s year mapping; `minutes` may run past the day (1440 = next day). */
function utc(y: number, m: number, d: number, minutes = 0): number {
  const t = new Date(0);
  t.setUTCFullYear(y, m - 1, d);
  return t.getTime() + minutes * 60_000;
}

export function parseDay(day: Day): { y: number; m: number; d: number } {
  return { y: Number(day.slice(0, 4)), m: Number(day.slice(5, 7)), d: Number(day.slice(8, 10)) };
}

export const formatDay = (y: number, m: number, d: number): Day => `${pad(y, 4)}-${pad(m)}-${pad(d)}`;

export const daysInMonth = (y: number, m: number): number => new Date(utc(y, m + 1, 0)).getUTCDate();

export function addDays(day: Day, n: number): Day {
  const { y, m, d } = parseDay(day);
  const t = new Date(utc(y, m, d + n));
  return formatDay(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
}

export function addMonths(y: number, m: number, n: number): { y: number; m: number } {
  const index = y * 12 + (m - 1) + n;
  return { y: Math.floor(index / 12), m: (index % 12) + 1 };
}

/** Day d of a month; a day past the month's end falls on its last day (31 -> 28 in February). */
export const clampDay = (y: number, m: number, d: number): Day =>
  formatDay(y, m, Math.min(d, daysInMonth(y, m)));

/** Whole days from a to b (b - a). */
export const daysBetween = (a: Day, b: Day): number => {
  const pa = parseDay(a);
  const pb = parseDay(b);
  return Math.round((utc(pb.y, pb.m, pb.d) - utc(pa.y, pa.m, pa.d)) / 86_400_000);
};

/** ISO weekday: 1 Monday ... 7 Sunday (the normal rules' dayOfWeek). */
export function isoWeekday(day: Day): number {
  const { y, m, d } = parseDay(day);
  const w = new Date(utc(y, m, d)).getUTCDay();
  return w === 0 ? 7 : w;
}

export function monthRange(y: number, m: number): { startDate: Day; endDate: Day } {
  return { startDate: formatDay(y, m, 1), endDate: formatDay(y, m, daysInMonth(y, m)) };
}

export function eachDay(startDate: Day, endDate: Day): Day[] {
  const days: Day[] = [];
  for (let day = startDate; day <= endDate; day = addDays(day, 1)) days.push(day);
  return days;
}

// ---- zones ----

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock fields of an instant in a zone. */
function wallClock(instant: Date, timeZone: string) {
  const parts: Record<string, number> = {};
  for (const p of formatterOf(timeZone).formatToParts(instant)) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return {
    y: parts.year!,
    m: parts.month!,
    d: parts.day!,
    h: parts.hour!,
    min: parts.minute!,
    s: parts.second!,
  };
}

/** Minutes the zone is ahead of UTC at that instant (Asia/Tokyo: 540). */
export function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  const asUtc = utc(w.y, w.m, w.d, w.h * 60 + w.min) + w.s * 1000;
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The instant of a store-local wall-clock time: `minutes` after the start of `day` (1440 = the next
 * day's 00:00). A time skipped by a DST jump resolves to the later offset.
 */
export function zonedInstant(day: Day, minutes: number, timeZone: string): Date {
  const { y, m, d } = parseDay(day);
  const asUtc = utc(y, m, d, minutes);
  const first = asUtc - zoneOffsetMinutes(new Date(asUtc), timeZone) * 60_000;
  const second = asUtc - zoneOffsetMinutes(new Date(first), timeZone) * 60_000;
  return new Date(second);
}

export function localDay(instant: Date, timeZone: string): Day {
  const w = wallClock(instant, timeZone);
  return formatDay(w.y, w.m, w.d);
}

/** Minutes since the store-local midnight. */
export function localMinutes(instant: Date, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  return w.h * 60 + w.min;
}

/** ISO 8601 with the store's offset: 2026-12-01T22:00:00+09:00. */
export function formatInstant(instant: Date, timeZone: string): string {
  const w = wallClock(instant, timeZone);
  const offset = zoneOffsetMinutes(instant, timeZone);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${formatDay(w.y, w.m, w.d)}T${pad(w.h)}:${pad(w.min)}:${pad(w.s)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

const localDateTime = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/;

/**
 * A date-time from a request. Without an offset it is store-local ('2026-12-01T09:00' in the store's
 * zone; a bare day is its 00:00); with one ('Z', '+09:00') it is that instant.
 */
export function parseInstant(value: string, timeZone: string): Date {
  const m = localDateTime.exec(value.trim());
  if (m) {
    const minutes = Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0);
    return new Date(zonedInstant(m[1]!, minutes, timeZone).getTime() + Number(m[4] ?? 0) * 1000);
  }
  return new Date(Date.parse(value));
}

/** The platform's customers are in Japan: contract days are Asia/Tokyo calendar days. */
export const TOKYO = 'Asia/Tokyo';

/** The Asia/Tokyo calendar day of an instant (contract and active-period days). */
export const tokyoDay = (instant: Date): Day => localDay(instant, TOKYO);
