import type { StaffShift } from '@app/contracts';
import type { LiffLanguage } from '../../components/liff-shell/liff-texts.ts';

/*
 * The shift mini-app's rules without React: the days of a period, times in steps of the time division,
 * the request set the server takes, and how days and times read in Japanese (or English).
 */

/** One day's request as the staff member edits it: working hours or a rest day. */
export type DayRequest = { kind: 'work'; start: string; end: string } | { kind: 'rest' };
export type RequestDraft = Record<string, DayRequest>;

/** A day plus n days (YYYY-MM-DD, calendar arithmetic in UTC). */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

export function daysOf(startDate: string, endDate: string): string[] {
  const days: string[] = [];
  for (let day = startDate; day <= endDate; day = addDays(day, 1)) days.push(day);
  return days;
}

/** Today in the store's time zone (YYYY-MM-DD). */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** The store-local wall-clock time of an instant the server formats with the store's offset. */
export const clockOf = (instant: string): string => instant.slice(11, 16);

export const toMinutes = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The minute choices of an hour in steps of the time division (1, 15 or 30). */
export const minuteOptions = (division: number): string[] =>
  Array.from({ length: Math.floor(60 / division) }, (_, i) => String(i * division).padStart(2, '0'));
export const hourOptions = (): string[] => Array.from({ length: 24 }, (_, i) => String(i).padStart(2, '0'));

/** A time moved to the nearest earlier step of the division (a pattern from another setting stays valid). */
export const alignTime = (time: string, division: number): string =>
  hhmm(Math.floor(toMinutes(time) / division) * division);

/** The end is on the next day when it is not after the start (overnight shift). */
export const isOvernight = (start: string, end: string): boolean => toMinutes(end) <= toMinutes(start);

/** Minutes of a working request (overnight included); 0 when start and end are the same. */
export function durationOf(start: string, end: string): number {
  const minutes = toMinutes(end) - toMinutes(start);
  return minutes > 0 ? minutes : minutes === 0 ? 0 : minutes + 1440;
}

/** Shifts the staff member may still change: their own requests the manager has not handled. */
export const isEditable = (s: StaffShift): boolean => s.status === 'REQUEST' && s.isRequested;

/** The editable requests of the server's answer as a draft, one per day (the first of a day wins). */
export function draftOf(shifts: StaffShift[]): RequestDraft {
  const draft: RequestDraft = {};
  for (const s of shifts) {
    if (!isEditable(s) || draft[s.date]) continue;
    draft[s.date] = s.isRest
      ? { kind: 'rest' }
      : { kind: 'work', start: clockOf(s.startAt), end: clockOf(s.endAt) };
  }
  return draft;
}

/** The whole request set for PUT /requests: store-local wall-clock times, a rest day is the whole day. */
export function requestsOf(draft: RequestDraft): { startAt: string; endAt: string; isRest: boolean }[] {
  return Object.keys(draft)
    .sort()
    .map((day) => {
      const r = draft[day]!;
      if (r.kind === 'rest')
        return { startAt: `${day}T00:00`, endAt: `${addDays(day, 1)}T00:00`, isRest: true };
      return {
        startAt: `${day}T${r.start}`,
        endAt: `${isOvernight(r.start, r.end) ? addDays(day, 1) : day}T${r.end}`,
        isRest: false,
      };
    });
}

export const sameDraft = (a: RequestDraft, b: RequestDraft): boolean =>
  JSON.stringify(requestsOf(a)) === JSON.stringify(requestsOf(b));

// ---- reading ----

const weekdays: Record<LiffLanguage, string[]> = {
  ja: ['日', '月', '火', '水', '木', '金', '土'],
  en: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
};
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export const weekdayOf = (day: string): number => new Date(`${day}T00:00:00Z`).getUTCDay();

/** 12/1(火) or Tue 12/1. */
export function shortDay(day: string, language: LiffLanguage): string {
  const m = Number(day.slice(5, 7));
  const d = Number(day.slice(8, 10));
  const w = weekdays[language][weekdayOf(day)];
  return language === 'ja' ? `${m}/${d}(${w})` : `${w} ${m}/${d}`;
}

/** 2026年12月1日(火) or Tue, Dec 1, 2026. */
export function longDay(day: string, language: LiffLanguage): string {
  const y = Number(day.slice(0, 4));
  const m = Number(day.slice(5, 7));
  const d = Number(day.slice(8, 10));
  const w = weekdays[language][weekdayOf(day)];
  return language === 'ja' ? `${y}年${m}月${d}日(${w})` : `${w}, ${months[m - 1]} ${d}, ${y}`;
}

/** 7時間30分 or 7h 30m. */
export function hoursText(minutes: number, language: LiffLanguage): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (language === 'en') return m ? `${h}h ${m}m` : `${h}h`;
  return m ? `${h}時間${m}分` : `${h}時間`;
}

/** Whole days from today to the closing day (0 on the day itself). */
export const daysUntil = (today: string, day: string): number =>
  Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
