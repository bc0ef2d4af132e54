// The solver's model: the input sorted, each staff member's plan with the hard-rule check, and each
// request's options (the runs of slots it may be drafted as).
import { addDays, isoWeekday, type Day } from '../../../platform/dates.ts';
import type { Candidate, Slot, SolverInput, SolverSettings, SolverStaff } from './solver-types.ts';

const MINUTE = 60_000;

// ---- days, weeks, months ----

export const weekKey = (day: Day): Day => addDays(day, 1 - isoWeekday(day));
export const monthKey = (day: Day): string => day.slice(0, 7);
export const covers = (s: { start: number; end: number }, slot: { start: number; end: number }) =>
  s.start <= slot.start && s.end >= slot.end;
export const minutesOf = (s: { start: number; end: number }) => Math.round((s.end - s.start) / MINUTE);

type Work = { key: number; day: Day; start: number; end: number; isRest: boolean };

/** One staff member's plan: every shift they hold (kept and proposed), indexed for the rule checks. */
export class Plan {
  readonly shifts = new Map<number, Work>();
  readonly dayMinutes = new Map<Day, number>();
  readonly weekMinutes = new Map<Day, number>();
  readonly monthMinutes = new Map<string, number>();

  constructor(readonly staff: SolverStaff) {}

  add(w: Work) {
    this.shifts.set(w.key, w);
    if (!w.isRest) this.count(w, minutesOf(w));
  }

  remove(key: number) {
    const w = this.shifts.get(key);
    if (!w) return;
    this.shifts.delete(key);
    if (!w.isRest) this.count(w, -minutesOf(w));
  }

  private count(w: Work, minutes: number) {
    const bump = <K>(m: Map<K, number>, k: K) => m.set(k, (m.get(k) ?? 0) + minutes);
    bump(this.dayMinutes, w.day);
    bump(this.weekMinutes, weekKey(w.day));
    bump(this.monthMinutes, monthKey(w.day));
  }

  /** The first hard rule a new shift `w` would break (ignoring the shift `except`), or null. */
  check(w: { day: Day; start: number; end: number }, settings: SolverSettings, except?: number) {
    const minutes = minutesOf(w);
    let freed: Work | undefined;
    for (const other of this.shifts.values()) {
      if (other.key === except) {
        freed = other;
        continue;
      }
      if (other.isRest) {
        if (other.day === w.day) return { kind: 'REST_DAY' } as const;
        continue;
      }
      const at = { withStart: other.start, withEnd: other.end };
      if (other.start < w.end && w.start < other.end) return { kind: 'OVERLAP', ...at } as const;
      if (other.day === w.day) {
        if (!settings.allowMultiplePerDay) return { kind: 'ONE_PER_DAY', ...at } as const;
        continue;
      }
      const gap = other.end <= w.start ? w.start - other.end : other.start - w.end;
      if (gap < settings.minRestMinutes * MINUTE) return { kind: 'MIN_REST', ...at } as const;
    }
    const less = freed && !freed.isRest ? minutesOf(freed) : 0;
    const capCheck = (
      kind: 'DAY_CAP' | 'WEEK_CAP' | 'MONTH_CAP',
      cap: number | null,
      held: number,
      sameBucket: boolean,
    ) => {
      if (cap === null) return null;
      const total = held - (sameBucket ? less : 0) + minutes;
      return total > cap ? ({ kind, minutes: total, cap } as const) : null;
    };
    const s = this.staff;
    return (
      capCheck('DAY_CAP', s.maxDayMinutes, this.dayMinutes.get(w.day) ?? 0, freed?.day === w.day) ??
      capCheck(
        'WEEK_CAP',
        s.maxWeekMinutes,
        this.weekMinutes.get(weekKey(w.day)) ?? 0,
        !!freed && weekKey(freed.day) === weekKey(w.day),
      ) ??
      capCheck(
        'MONTH_CAP',
        s.maxMonthMinutes,
        this.monthMinutes.get(monthKey(w.day)) ?? 0,
        !!freed && monthKey(freed.day) === monthKey(w.day),
      )
    );
  }
}

/**
 * A way to draft one request: a set of slots it fully contains, drafted as their hull on the time division
 * (clipped to the request: trimmed, never extended). `slots` lists every slot the shift covers, overlapping
 * rules included, so counts are right. Each distinct hull once; hulls reaching into closed hours left out.
 */
export type Option = { cand: Candidate; day: Day; slots: number[]; start: number; end: number; idx: number };

export function buildOptions(input: SolverInput, slots: Slot[]): Map<number, Option[]> {
  const byDay = new Map<Day, number[]>();
  slots.forEach((s, i) => byDay.set(s.day, [...(byDay.get(s.day) ?? []), i]));
  const closedHours = input.closedWindows ?? [];
  const out = new Map<number, Option[]>();
  let idx = 0;
  for (const cand of input.candidates) {
    const inside = (byDay.get(cand.day) ?? []).filter((i) => covers(cand, slots[i]!));
    const edge = (i: number, which: 'start' | 'end') => {
      const s = slots[i]!;
      const v = which === 'start' ? (s.shiftStart ?? s.start) : (s.shiftEnd ?? s.end);
      return Math.min(Math.max(v, cand.start), cand.end);
    };
    const starts = [...new Set(inside.map((i) => edge(i, 'start')))].sort((a, b) => a - b);
    const ends = [...new Set(inside.map((i) => edge(i, 'end')))].sort((a, b) => a - b);
    const seen = new Set<string>();
    const options: Option[] = [];
    for (const from of starts)
      for (const to of ends) {
        if (to <= from) continue;
        const within = inside.filter((i) => edge(i, 'start') >= from && edge(i, 'end') <= to);
        if (within.length === 0) continue;
        // the hull of what it covers: the least a shift covering these slots needs
        const start = Math.min(...within.map((i) => edge(i, 'start')));
        const end = Math.max(...within.map((i) => edge(i, 'end')));
        const key = `${start}:${end}`;
        if (seen.has(key)) continue;
        seen.add(key);
        if (closedHours.some((w) => w.start < end && start < w.end)) continue;
        const covered = inside.filter((i) => slots[i]!.start >= start && slots[i]!.end <= end);
        options.push({ cand, day: cand.day, slots: covered, start, end, idx: idx++ });
      }
    out.set(cand.id, options);
  }
  return out;
}

export const candidateKey = (id: number) => -1 - id; // plan keys: fixed shifts >= 0 by position, candidates < 0

export function normalise(input: SolverInput): SolverInput {
  const byId = <T extends { id: number }>(a: T, b: T) => a.id - b.id;
  return {
    settings: input.settings,
    staff: [...input.staff].sort(byId),
    slots: [...input.slots].sort(
      (a, b) => a.start - b.start || a.end - b.end || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    ),
    candidates: [...input.candidates].sort(byId),
    fixed: [...input.fixed].sort((a, b) => a.start - b.start || a.id - b.id),
    closedDays: [...input.closedDays].sort(),
    closedWindows: [...(input.closedWindows ?? [])].sort((a, b) => a.start - b.start || a.end - b.end),
  };
}
