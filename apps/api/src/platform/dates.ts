/**
 * Calendar days and time zones for every module: pure functions, no clock (callers pass "now").
 * Zone maths uses Intl (full ICU ships with Node), so any IANA zone works, DST included; a zone's offset
 * is read once per day and remembered (see "zones" below).
 */

/** A calendar day, YYYY-MM-DD. */
export type Day = string;

export const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Date.UTC without its 0-99 -> 1900s year mapping; `minutes` may run past the day (1440 = next day). */
function utc(y: number, m: number, d: number, minutes = 0): number {
  if (y >= 100 && y <= 9999) return Date.UTC(y, m - 1, d) + minutes * 60_000;
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
//
// Intl is exact for every zone but slow (formatToParts costs microseconds, and a month's shift table
// formats thousands of instants). A zone's offset is therefore read by Intl once per UTC day: a day
// whose offset is the same at every hour and at its last millisecond is remembered as that offset, and
// its instants are shifted by it and read with Date's UTC fields. A day in which the offset changes (a
// DST day) is not remembered: each of its instants is still read by Intl. Instants outside 1900-2199 are
// always read by Intl (local mean times, far years). dates.test.ts compares both ways on random instants.

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

type WallClock = { y: number; m: number; d: number; h: number; min: number; s: number };

/** The wall-clock fields of an instant in a zone, read by Intl (whole seconds). */
function intlWallClock(instant: Date, timeZone: string): WallClock {
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

/** Milliseconds (whole seconds) the zone is ahead of UTC at instant `t`, read by Intl. */
function intlOffsetMs(t: number, timeZone: string): number {
  const w = intlWallClock(new Date(t), timeZone);
  return utc(w.y, w.m, w.d, w.h * 60 + w.min) + w.s * 1000 - Math.floor(t / 1000) * 1000;
}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const FAST_FROM = utc(1900, 1, 1);
const FAST_TO = utc(2200, 1, 1);
/** Remembered UTC days per zone, at most this many (a long-running process reading random days). */
const MAX_DAYS_PER_ZONE = 20_000;
/** Per zone: UTC day number -> the zone's offset in ms all that day, or null when it changes that day. */
const dayOffsets = new Map<string, Map<number, number | null>>();

/** The zone's offset through UTC day `day` (samples every hour and the day's last millisecond). */
function offsetOfDay(day: number, timeZone: string): number | null {
  const start = day * DAY_MS;
  const first = intlOffsetMs(start, timeZone);
  for (let h = 1; h < 24; h++) if (intlOffsetMs(start + h * HOUR_MS, timeZone) !== first) return null;
  return intlOffsetMs(start + DAY_MS - 1, timeZone) === first ? first : null;
}

/**
 * The zone's offset in ms at instant `t` from the per-day memory, or undefined when Intl must read
 * that instant itself (outside 1900-2199, or a day in which the offset changes).
 */
function rememberedOffsetMs(t: number, timeZone: string): number | undefined {
  if (!(t >= FAST_FROM && t < FAST_TO)) return undefined;
  const day = Math.floor(t / DAY_MS);
  let days = dayOffsets.get(timeZone);
  if (!days) {
    days = new Map();
    dayOffsets.set(timeZone, days);
  }
  let offset = days.get(day);
  if (offset === undefined) {
    offset = offsetOfDay(day, timeZone);
    if (days.size >= MAX_DAYS_PER_ZONE) days.clear();
    days.set(day, offset);
  }
  return offset ?? undefined;
}

/** Milliseconds the zone is ahead of UTC at instant `t` (whole seconds). */
function offsetMs(t: number, timeZone: string): number {
  return rememberedOffsetMs(t, timeZone) ?? intlOffsetMs(t, timeZone);
}

const TWO_DIGITS = Array.from({ length: 60 }, (_, i) => pad(i));
const THREE_DIGITS = Array.from({ length: 1000 }, (_, i) => pad(i, 3));
/** 'YYYY-MM-DD' of UTC day numbers (days since 1970-01-01) in 1900-2199, made once each. */
const dayStrings = new Map<number, Day>();
function dayString(dayNumber: number): Day {
  let day = dayStrings.get(dayNumber);
  if (day === undefined) {
    day = new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);
    if (dayStrings.size >= 200_000) dayStrings.clear();
    dayStrings.set(dayNumber, day);
  }
  return day;
}
/** 'YYYY-MM-DDTHH:MM:SS' of a UTC millisecond count in 1900-2199 (toISOString's first 19 characters). */
function dateTimeString(ms: number): string {
  const dayNumber = Math.floor(ms / DAY_MS);
  const seconds = Math.floor((ms - dayNumber * DAY_MS) / 1000);
  const h = Math.floor(seconds / 3600);
  const min = Math.floor((seconds % 3600) / 60);
  return `${dayString(dayNumber)}T${TWO_DIGITS[h]}:${TWO_DIGITS[min]}:${TWO_DIGITS[seconds % 60]}`;
}

/**
 * `instant.toISOString()`, made faster for the instants of 1900-2199 (an answer with thousands of
 * timestamps spends noticeable time in toISOString).
 */
export function isoString(instant: Date): string {
  const t = instant.getTime();
  if (!(t >= FAST_FROM && t < FAST_TO)) return instant.toISOString();
  return `${dateTimeString(t)}.${THREE_DIGITS[((t % 1000) + 1000) % 1000]}Z`;
}

/** Minutes the zone is ahead of UTC at that instant (Asia/Tokyo: 540). */
export function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  return Math.round(offsetMs(instant.getTime(), timeZone) / 60_000);
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
  const t = instant.getTime();
  const offset = rememberedOffsetMs(t, timeZone);
  if (offset !== undefined) return dayString(Math.floor((t + offset) / DAY_MS));
  const w = intlWallClock(instant, timeZone);
  return formatDay(w.y, w.m, w.d);
}

/** Minutes since the store-local midnight. */
export function localMinutes(instant: Date, timeZone: string): number {
  const t = instant.getTime();
  const offset = rememberedOffsetMs(t, timeZone);
  if (offset !== undefined) {
    const local = t + offset;
    return Math.floor((local - Math.floor(local / DAY_MS) * DAY_MS) / 60_000);
  }
  const w = intlWallClock(instant, timeZone);
  return w.h * 60 + w.min;
}

/** ISO 8601 with the store's offset: 2026-12-01T22:00:00+09:00. */
export function formatInstant(instant: Date, timeZone: string): string {
  const t = instant.getTime();
  const remembered = rememberedOffsetMs(t, timeZone);
  if (remembered !== undefined) return dateTimeString(t + remembered) + offsetSuffix(remembered);
  const w = intlWallClock(instant, timeZone);
  return `${formatDay(w.y, w.m, w.d)}T${pad(w.h)}:${pad(w.min)}:${pad(w.s)}${offsetSuffix(intlOffsetMs(t, timeZone))}`;
}

const suffixes = new Map<number, string>();
/** '+09:00' for an offset in ms, rounded to minutes. */
function offsetSuffix(offset: number): string {
  let suffix = suffixes.get(offset);
  if (suffix === undefined) {
    const minutes = Math.round(offset / 60_000);
    const abs = Math.abs(minutes);
    suffix = `${minutes < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
    suffixes.set(offset, suffix);
  }
  return suffix;
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

const isoStrings = new WeakMap<Date, string>();
/**
 * `date.toISOString()`, remembered for that Date object (issue 31: about 1 µs a call, the largest part of
 * building /me's view). For views of rows held between requests (the session cache's user and client):
 * the same Date comes back on every request. A Date read fresh from the database gains nothing.
 * The Date must not be changed after (rows are not).
 */
export function isoStringOf(date: Date): string {
  let text = isoStrings.get(date);
  if (text === undefined) isoStrings.set(date, (text = date.toISOString()));
  return text;
}
