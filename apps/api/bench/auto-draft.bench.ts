// `npm run bench` (part): the automatic shift draft on a month of a large store, against a naive
// first-come greedy. Prints figures; asserts nothing.
import { addDays, isoWeekday } from '../src/platform/dates.ts';
import { findViolations, measure, naiveFirstCome } from '../src/modules/shift/auto-draft/solver-scoring.ts';
import type { Candidate, SolverInput } from '../src/modules/shift/auto-draft/solver-types.ts';
import { solve } from '../src/modules/shift/auto-draft/solver.ts';

// a deterministic pseudo-random sequence (mulberry32), so every run drafts the same store
let seed = 20261201;
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)]!;

const H = 3_600_000;
const JST = 9 * H;
const at = (day: string, hour: number) => Date.parse(`${day}T00:00:00Z`) + hour * H - JST;
const days = Array.from({ length: 31 }, (_, i) => addDays('2026-12-01', i));

// three slots a day (早番 / 中番 / 遅番), more staff at the weekend
const slots = days.flatMap((day) => {
  const weekend = isoWeekday(day) >= 6 ? 2 : 0;
  return [
    { id: `${day}-am`, day, start: at(day, 7), end: at(day, 11), required: 5 + weekend },
    { id: `${day}-mid`, day, start: at(day, 11), end: at(day, 17), required: 7 + weekend },
    { id: `${day}-pm`, day, start: at(day, 17), end: at(day, 22), required: 6 + weekend },
  ];
});

// 50 staff: full-timers (cap 8 h a day, 40 a week, 160 a month), part-timers and students (20 h a week)
const staff = Array.from({ length: 50 }, (_, i) => {
  const kind = i < 12 ? 'full' : i < 35 ? 'part' : 'student';
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

// requests: full-timers ask for ~20 days, part-timers ~14, students ~9, mostly evenings; shapes a store sees
const shapes: Record<string, [number, number][]> = {
  full: [
    [7, 17],
    [11, 22],
    [7, 15],
    [9, 18],
  ],
  part: [
    [7, 11],
    [7, 13],
    [10, 17],
    [11, 17],
    [17, 22],
    [16, 22],
  ],
  student: [
    [17, 22],
    [17, 23],
    [16, 22],
    [10, 17],
  ],
};
const perMonth: Record<string, number> = { full: 20, part: 14, student: 9 };
let requestId = 1;
const candidates: Candidate[] = [];
for (const s of staff)
  for (const day of days)
    if (random() < perMonth[s.kind]! / 31) {
      const [from, to] = pick(shapes[s.kind]!);
      candidates.push({ id: requestId++, staffId: s.id, day, start: at(day, from), end: at(day, to) });
    }
// requests arrive in a random order (the naive greedy takes them first come, first served)
const arrival = candidates
  .map((c) => ({ c, k: random() }))
  .sort((a, b) => a.k - b.k)
  .map((x, i) => ({ ...x.c, id: i + 1 }));

const input: SolverInput = {
  settings: { minRestMinutes: 11 * 60, allowMultiplePerDay: false },
  staff: staff.map(({ kind: _kind, ...s }) => s),
  slots,
  candidates: arrival,
  fixed: [],
  closedDays: [],
};

console.log(
  `\nauto-draft: ${staff.length} staff x ${days.length} days x 3 slots (${slots.length} slots, ` +
    `${slots.reduce((n, s) => n + s.required, 0)} places), ${arrival.length} requests`,
);
solve(input); // warm-up (JIT)
const runs = 5;
const started = performance.now();
let result = solve(input);
for (let i = 1; i < runs; i++) result = solve(input);
const ms = (performance.now() - started) / runs;
const naiveStarted = performance.now();
const naive = naiveFirstCome(input);
const naiveMs = performance.now() - naiveStarted;

const fillable = result.totals.fillable;
const pct = (n: number, of: number) => `${((n / (of || 1)) * 100).toFixed(1)}%`;
for (const [label, assignments, time] of [
  ['solver (greedy + local search)', result.assignments, ms],
  ['naive first-come greedy', naive, naiveMs],
] as const) {
  const m = measure(input, [...assignments]);
  const violations = findViolations(input, [...assignments]).length;
  console.log(
    `  ${label}: ${time.toFixed(0)} ms, filled ${m.filled} of ${fillable} fillable (${pct(m.filled, fillable)}), ` +
      `${assignments.length} drafts, ${(m.minutes / 60).toFixed(0)} h, hard-rule violations ${violations}, ` +
      `fulfilment rate min ${pct(m.rateMin, 1)} / mean ${pct(m.rateMean, 1)} / max ${pct(m.rateMax, 1)}, ` +
      `spread (sd) ${(m.rateSd * 100).toFixed(1)} points`,
  );
}
console.log(
  `  upper bound: ${fillable} fillable of ${result.totals.required} required places; ` +
    `${result.totals.unfilledSlots} slots left short by the solver`,
);
