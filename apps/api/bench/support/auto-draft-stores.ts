// Generated stores for the auto-draft bench: a month of days in one of three shapes (peak-shaped days,
// overlapping rules, night shifts), staff of three kinds with caps and targets, and their requests.
// Deterministic (a seeded pseudo-random sequence), so every run drafts the same stores.
import { addDays, isoWeekday } from '../../src/platform/dates.ts';
import type { Candidate, Slot, SolverInput } from '../../src/modules/shift/auto-draft/solver-types.ts';

export type Shape = 'peak' | 'overlapping' | 'night';

const H = 3_600_000;
const JST = 9 * H;
const at = (day: string, hour: number) => Date.parse(`${day}T00:00:00Z`) + hour * H - JST;

/** mulberry32 */
function sequence(seed: number) {
  let s = seed;
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// rules of a day: [from, to, share of the staff needed] (hours past midnight; > 24 ends the next day)
const rules: Record<Shape, [number, number, number][]> = {
  // a lunch and a dinner peak: 11-14 needs many, 14-17 few
  peak: [
    [7, 11, 0.06],
    [11, 14, 0.16],
    [14, 17, 0.06],
    [17, 22, 0.12],
  ],
  // a rule for the whole day with peaks on top of it, on 30-minute edges
  overlapping: [
    [10, 22, 0.1],
    [11.5, 13.5, 0.08],
    [17, 21, 0.08],
    [9, 12, 0.04],
  ],
  // day, evening and night; the night ends the next morning
  night: [
    [7, 12, 0.06],
    [12, 17, 0.06],
    [17, 22, 0.1],
    [22, 31, 0.04],
  ],
};
const asks: Record<Shape, Record<'full' | 'part' | 'student', [number, number][]>> = {
  peak: {
    full: [
      [7, 17],
      [11, 22],
      [9, 18],
      [11, 20],
    ],
    part: [
      [11, 14],
      [11, 17],
      [11, 17],
      [17, 22],
      [10, 15],
      [7, 11],
    ],
    student: [
      [17, 22],
      [11, 14],
      [16, 22],
      [11, 17],
    ],
  },
  overlapping: {
    full: [
      [9, 18],
      [11, 22],
      [10, 22],
      [12, 21],
    ],
    part: [
      [11, 14],
      [10, 14],
      [17, 22],
      [11.5, 17],
      [9, 13],
      [16, 21],
    ],
    student: [
      [17, 22],
      [17, 21],
      [11, 14],
      [18, 22],
    ],
  },
  night: {
    full: [
      [7, 17],
      [12, 22],
      [22, 31],
      [17, 31],
    ],
    part: [
      [7, 12],
      [12, 17],
      [17, 22],
      [21, 31],
      [7, 14],
    ],
    student: [
      [17, 22],
      [22, 31],
      [16, 22],
      [12, 17],
    ],
  },
};

export function generateStore(shape: Shape, staffCount: number, dayCount = 31, seed = 20261201): SolverInput {
  const random = sequence(seed + staffCount * 7 + shape.length);
  const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)]!;
  const days = Array.from({ length: dayCount }, (_, i) => addDays('2026-12-01', i));
  const slots: Slot[] = days.flatMap((day) => {
    const weekend = isoWeekday(day) >= 6 ? 1.3 : 1;
    return rules[shape].map(([from, to, share], k) => ({
      id: `${day}-${k}`,
      day,
      start: at(day, from),
      end: at(day, to),
      required: Math.max(1, Math.round(staffCount * share * weekend)),
    }));
  });
  const kinds = ['full', 'part', 'student'] as const;
  const staff = Array.from({ length: staffCount }, (_, i) => {
    const kind = kinds[i < staffCount * 0.25 ? 0 : i < staffCount * 0.7 ? 1 : 2];
    return {
      id: i + 1,
      name: `スタッフ${i + 1}`,
      kind,
      maxDayMinutes: kind === 'full' ? 10 * 60 : 8 * 60,
      maxWeekMinutes: kind === 'student' ? 20 * 60 : 40 * 60,
      maxMonthMinutes: kind === 'full' ? 176 * 60 : 120 * 60,
      targetMinutes: kind === 'full' ? 160 * 60 : null,
    };
  });
  const perMonth = { full: 21, part: 15, student: 10 };
  const candidates: Candidate[] = [];
  for (const s of staff)
    for (const day of days)
      if (random() < perMonth[s.kind] / dayCount) {
        const [from, to] = pick(asks[shape][s.kind]);
        candidates.push({ id: 0, staffId: s.id, day, start: at(day, from), end: at(day, to) });
      }
  // requests arrive in a random order
  const arrival = candidates
    .map((c) => ({ c, k: random() }))
    .sort((a, b) => a.k - b.k)
    .map((x, i) => ({ ...x.c, id: i + 1 }));
  return {
    settings: { minRestMinutes: 11 * 60, allowMultiplePerDay: false },
    staff: staff.map(({ kind: _kind, ...s }) => s),
    slots,
    candidates: arrival,
    fixed: [],
    closedDays: [],
  };
}
