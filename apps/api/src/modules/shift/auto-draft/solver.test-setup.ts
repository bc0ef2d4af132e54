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
