import type { Candidate, SolverInput, SolverStaff } from './solver-types.ts';

/** The solver tests' hand-built stores: days and times in UTC (the solver sees only instants and day keys). */
export const H = 3_600_000;
export const at = (day: string, hour: number) => Date.parse(`${day}T00:00:00Z`) + hour * H;
export const DAY1 = '2026-12-01';
export const DAY2 = '2026-12-02';

export const staff = (id: number, name: string, caps: Partial<SolverStaff> = {}): SolverStaff => ({
  id,
  name,
  maxDayMinutes: null,
  maxWeekMinutes: null,
  maxMonthMinutes: null,
  targetMinutes: null,
  ...caps,
});
export const slot = (id: string, day: string, from: number, to: number, required: number) => ({
  id,
  day,
  start: at(day, from),
  end: at(day, to),
  required,
});
export const request = (id: number, staffId: number, day: string, from: number, to: number): Candidate => ({
  id,
  staffId,
  day,
  start: at(day, from),
  end: at(day, to),
});
export const base = (over: Partial<SolverInput>): SolverInput => ({
  settings: { minRestMinutes: 11 * 60, allowMultiplePerDay: false },
  staff: [],
  slots: [],
  candidates: [],
  fixed: [],
  closedDays: [],
  ...over,
});

export const DAY3 = '2026-12-03';

/**
 * Three staff whose pair moves alone leave 青木 at 1.0 (12/3 11-17); the spread pass narrows the rates to
 * 0.5, 0.3, 0.786 (solver-optimum.test.ts's case past a pair, and the quick mode's test in solver.test.ts).
 */
export const pastAPair = (): SolverInput =>
  base({
    staff: [staff(1, '青木'), staff(2, '井上'), staff(3, '上田')],
    slots: [
      slot('1a', DAY1, 14, 17, 1),
      slot('1b', DAY1, 17, 22, 1),
      slot('2a', DAY2, 7, 11, 1),
      slot('2b', DAY2, 14, 17, 1),
      slot('2c', DAY2, 17, 22, 1),
      slot('3a', DAY3, 11, 14, 1),
      slot('3b', DAY3, 14, 17, 1),
      slot('3c', DAY3, 17, 22, 1),
    ],
    candidates: [
      request(1, 1, DAY3, 11, 17),
      request(2, 2, DAY2, 11, 17),
      request(3, 2, DAY3, 7, 11),
      request(4, 3, DAY1, 11, 22),
      request(5, 3, DAY3, 11, 14),
    ],
  });
