// The exact method: the draft as an integer program solved by HiGHS (WebAssembly, the `highs` package).
// One variable per option (a request drafted as one set of slots); every hard rule a linear row; the goals
// in order by weight: places filled, then places over the required count, then the spread of fulfilment
// rates and hours over target, then fewer shifts. The answer seeds solve() (solver.ts), which re-checks
// every rule, so a wrong answer here could cost quality, never a rule (docs/decisions/0026).
import highsLoader from 'highs';
import {
  buildOptions,
  covers,
  minutesOf,
  monthKey,
  normalise,
  Plan,
  weekKey,
  type Option,
} from './solver-model.ts';
import type { SolverInput, SolverResult } from './solver-types.ts';
import { solve } from './solver.ts';

type Highs = Awaited<ReturnType<typeof highsLoader>>;
let loading: Promise<Highs> | null = null;
/** HiGHS, loaded once per process. */
export const loadHighs = () => (loading ??= highsLoader());

/** The weights, far enough apart that each goal comes before the next in any store of a month. */
/** Branch-and-bound nodes the call's fairness stage may use. */
export const FAIRNESS_NODES = 50;

export const WEIGHTS = { filled: 1000, over: 10, spread: 8, overTargetHour: 0.5, shift: 0.01 };

/**
 * A band of fulfilment rates: each staff member's rate above `hi` or below `lo` costs `weight` per unit.
 * Nested bands with growing weights make a convex cost per staff member that pulls the ends in hardest.
 */
export type Band = { lo: number; hi: number; weight: number };

export type ExactModel = { lp: string; options: Option[]; empty: boolean };

const MINUTE = 60_000;

export function buildModel(
  raw: SolverInput,
  goals: {
    fairness: boolean;
    hold?: Map<number, { start: number; end: number }>;
    /** Hold each slot's places filled at `hold`'s (not only their sum): a smaller model. */
    holdSlots?: boolean;
    bands?: Band[];
    /**
     * Stay near these drafts: each option as there earns `nearWeight` (default 0.02), each other costs it,
     * a tie-break after places and over (stage one near the greedy's draft, draftShifts).
     */
    near?: Map<number, { start: number; end: number }>;
    nearWeight?: number;
  } = { fairness: true },
): ExactModel {
  const input = normalise(raw);
  const { settings, slots } = input;
  const closed = new Set(input.closedDays);
  const plans = new Map(input.staff.map((s) => [s.id, new Plan(s)]));
  input.fixed.forEach((f, i) => plans.get(f.staffId)?.add({ key: i, ...f }));
  const need = slots.map((slot) => {
    const who = new Set<number>();
    for (const f of input.fixed) if (!f.isRest && f.day === slot.day && covers(f, slot)) who.add(f.staffId);
    return slot.required - who.size;
  });
  const candidates = input.candidates.filter((c) => plans.has(c.staffId) && !closed.has(c.day));
  // options legal on their own against the kept shifts
  const options = [...buildOptions({ ...input, candidates }, slots).values()]
    .flat()
    .filter((o) => !plans.get(o.cand.staffId)!.check(o, settings));
  const x = (o: Option) => `x${o.idx}`;
  const rows: string[] = [];
  const row = (terms: [number, string][], sense: '<=' | '>=', rhs: number) => {
    if (terms.length === 0) return;
    const parts = terms.map(([k, v], j) => `${k < 0 ? '-' : j > 0 ? '+' : ''} ${Math.abs(k)} ${v}`);
    const lines: string[] = [];
    for (let j = 0; j < parts.length; j += 8) lines.push(parts.slice(j, j + 8).join(' '));
    rows.push(` r${rows.length}: ${lines.join('\n  ')} ${sense} ${rhs}`);
  };
  const obj: [number, string][] = [];
  const bounds: string[] = [];
  const free: string[] = [];

  // coverage and places over the required count, per slot
  const covering = slots.map(() => [] as Option[]);
  for (const o of options) for (const i of o.slots) covering[i]!.push(o);
  slots.forEach((_, i) => {
    const list = covering[i]!;
    if (list.length === 0) return;
    const room = Math.max(0, need[i]!);
    if (room > 0) {
      obj.push([WEIGHTS.filled, `f${i}`]);
      bounds.push(` 0 <= f${i} <= ${room}`);
      row([[1, `f${i}`], ...list.map((o): [number, string] => [-1, x(o)])], '<=', 0);
    }
    if (list.length > room) {
      obj.push([-WEIGHTS.over, `o${i}`]);
      row([...list.map((o): [number, string] => [1, x(o)]), [-1, `o${i}`]], '<=', room);
    }
  });

  // one option per request; one shift a day; overlaps and the rest interval between requests
  const byCand = new Map<number, Option[]>();
  for (const o of options) byCand.set(o.cand.id, [...(byCand.get(o.cand.id) ?? []), o]);
  for (const list of byCand.values())
    if (list.length > 1)
      row(
        list.map((o) => [1, x(o)]),
        '<=',
        1,
      );
  const byStaff = new Map<number, Option[]>();
  for (const o of options) byStaff.set(o.cand.staffId, [...(byStaff.get(o.cand.staffId) ?? []), o]);
  for (const [staffId, list] of byStaff) {
    const staff = plans.get(staffId)!.staff;
    const byDay = new Map<string, Option[]>();
    for (const o of list) byDay.set(o.day, [...(byDay.get(o.day) ?? []), o]);
    if (!settings.allowMultiplePerDay)
      for (const day of byDay.values())
        if (new Set(day.map((o) => o.cand.id)).size > 1)
          row(
            day.map((o) => [1, x(o)]),
            '<=',
            1,
          );
    // a pair of options of two requests that cannot both be drafted: one row per option and other request
    const clash = (a: Option, b: Option) => {
      if (a.start < b.end && b.start < a.end) return true;
      if (a.day === b.day) return false;
      const gap = a.end <= b.start ? b.start - a.end : a.start - b.end;
      return gap < settings.minRestMinutes * MINUTE;
    };
    const cands = [...new Set(list.map((o) => o.cand.id))].sort((p, q) => p - q);
    for (const ca of cands)
      for (const cb of cands) {
        if (cb <= ca) continue;
        const la = byCand.get(ca)!;
        const lb = byCand.get(cb)!;
        if (Math.abs(Date.parse(la[0]!.day) - Date.parse(lb[0]!.day)) > 2 * 86_400_000) continue;
        if (!settings.allowMultiplePerDay && la[0]!.day === lb[0]!.day) continue;
        for (const a of la) {
          const hit = lb.filter((b) => clash(a, b));
          if (hit.length > 0) row([[1, x(a)], ...hit.map((b): [number, string] => [1, x(b)])], '<=', 1);
        }
      }
    // caps per day, ISO week and month, less what the kept shifts hold
    const plan = plans.get(staffId)!;
    const caps: [number | null, (o: Option) => string, Map<string, number>][] = [
      [staff.maxDayMinutes, (o) => o.day, plan.dayMinutes],
      [staff.maxWeekMinutes, (o) => weekKey(o.day), plan.weekMinutes],
      [staff.maxMonthMinutes, (o) => monthKey(o.day), plan.monthMinutes],
    ];
    for (const [cap, keyOf, held] of caps) {
      if (cap === null) continue;
      const buckets = new Map<string, Option[]>();
      for (const o of list) buckets.set(keyOf(o), [...(buckets.get(keyOf(o)) ?? []), o]);
      for (const [key, bucket] of buckets) {
        const room = cap - (held.get(key) ?? 0);
        const most = [...new Set(bucket.map((o) => o.cand.id))]
          .map((c) => Math.max(...bucket.filter((o) => o.cand.id === c).map(minutesOf)))
          .reduce((n, m) => n + m, 0);
        if (most > room)
          row(
            bucket.map((o) => [minutesOf(o), x(o)]),
            '<=',
            room,
          );
      }
    }
  }

  const bands = goals.bands ?? [];
  if (goals.fairness || bands.length > 0) {
    // the spread of fulfilment rates (max - min over staff with requests) and hours over target
    const requested = new Map<number, number>();
    const fromRequests = new Map<number, number>();
    const planned = new Map<number, number>();
    for (const c of candidates) requested.set(c.staffId, (requested.get(c.staffId) ?? 0) + minutesOf(c));
    for (const f of input.fixed) {
      if (f.requestedMinutes > 0) {
        requested.set(f.staffId, (requested.get(f.staffId) ?? 0) + f.requestedMinutes);
        if (!f.isRest) fromRequests.set(f.staffId, (fromRequests.get(f.staffId) ?? 0) + minutesOf(f));
      }
      if (!f.isRest && !f.isOutsidePeriod)
        planned.set(f.staffId, (planned.get(f.staffId) ?? 0) + minutesOf(f));
    }
    let any = false;
    for (const [staffId, req] of requested) {
      const mine = (byStaff.get(staffId) ?? []).map((o): [number, string] => [minutesOf(o) / req, x(o)]);
      const base = (fromRequests.get(staffId) ?? 0) / req;
      if (bands.length > 0) {
        // outside a band of rates: a cost per staff member, which keeps the model as easy as the places
        // alone (no row ties all staff together)
        if (mine.length === 0) continue;
        bands.forEach(({ lo, hi, weight }, k) => {
          const [u, l] = [`u${k}_${staffId}`, `l${k}_${staffId}`];
          obj.push([-weight, u], [-weight, l]);
          row([...mine, [-1, u]], '<=', hi - base);
          row([...mine, [1, l]], '>=', lo - base);
          bounds.push(` 0 <= ${u} <= 1`, ` 0 <= ${l} <= 1`);
        });
        continue;
      }
      row([[1, 'rmin'], ...mine.map(([k, v]): [number, string] => [-k, v])], '<=', base);
      row([...mine, [-1, 'rmax']], '<=', -base);
      any = true;
    }
    if (any) obj.push([-WEIGHTS.spread, 'rmax'], [WEIGHTS.spread, 'rmin']);
    for (const s of input.staff) {
      const list = byStaff.get(s.id);
      if (s.targetMinutes === null || !list) continue;
      const room = s.targetMinutes - (planned.get(s.id) ?? 0);
      const hours = list.map((o): [number, string] => [minutesOf(o) / 60, x(o)]);
      if (hours.reduce((n, [h]) => n + h, 0) * 60 <= room) continue;
      obj.push([-WEIGHTS.overTargetHour, `t${s.id}`]);
      row([...hours, [-1, `t${s.id}`]], '<=', room / 60);
    }
    if (any) free.push('rmin', 'rmax');
  }
  for (const o of options) {
    const at = goals.near?.get(o.cand.id);
    const w = goals.near ? (goals.nearWeight ?? 0.02) : 0;
    const same = at?.start === o.start && at?.end === o.end;
    obj.push([-WEIGHTS.shift + (same ? w : -w), x(o)]);
  }
  // fairness among answers as good as `hold` (places filled and over held at its figures)
  if (goals.hold) {
    const held = options.filter((o) => {
      const at = goals.hold!.get(o.cand.id);
      return at?.start === o.start && at.end === o.end;
    });
    const count = slots.map(() => 0);
    for (const o of held) for (const i of o.slots) count[i]!++;
    const room = (i: number) => Math.max(0, need[i]!);
    const filled = count.reduce((n, c, i) => n + Math.min(c, room(i)), 0);
    const over = count.reduce((n, c, i) => n + Math.max(0, c - room(i)), 0);
    const f = obj.filter(([, v]) => /^f\d/.test(v)).map(([, v]): [number, string] => [1, v]);
    const o = obj.filter(([, v]) => /^o\d/.test(v)).map(([, v]): [number, string] => [1, v]);
    row(f, '>=', filled);
    row(o, '<=', over);
    // each slot's places at least as filled as there: the search then only swaps who fills them
    if (goals.holdSlots)
      slots.forEach((_, i) => {
        const at = bounds.indexOf(` 0 <= f${i} <= ${room(i)}`);
        if (at >= 0 && count[i]! > 0) bounds[at] = ` ${Math.min(count[i]!, room(i))} <= f${i} <= ${room(i)}`;
      });
  }

  const objective = obj.map(([k, v], j) => `${k < 0 ? '-' : j > 0 ? '+' : ''} ${Math.abs(k)} ${v}`);
  const objLines: string[] = [];
  for (let j = 0; j < objective.length; j += 8) objLines.push(objective.slice(j, j + 8).join(' '));
  const lp = [
    'Maximize',
    ` obj: ${objLines.join('\n  ') || '0 x_none'}`,
    'Subject To',
    ...rows,
    ...(rows.length === 0 ? [' r0: x_none <= 0'] : []),
    'Bounds',
    ...bounds,
    ...free.map((v) => ` -1 <= ${v} <= 2`),
    'Binary',
    ...options.map((o) => ` ${x(o)}`),
    ...(options.length === 0 ? [' x_none'] : []),
    'End',
  ].join('\n');
  return { lp, options, empty: options.length === 0 };
}

export type ExactAnswer = {
  /** candidate id -> the drafted times */
  drafts: Map<number, { start: number; end: number }>;
  status: string;
  objective: number;
  ms: number;
};

/**
 * Solves the model with HiGHS. `timeLimitSeconds`: HiGHS stops there with the best answer found (null
 * when it found none). Without it, it runs to proven optimality (the bench's reference).
 */
export async function solveExact(
  input: SolverInput,
  opts: {
    timeLimitSeconds?: number;
    fairness?: boolean;
    /** Start from these drafts and hold their places filled and over (the fairness stage). */
    hold?: Map<number, { start: number; end: number }>;
    /** A limit of branch-and-bound nodes (deterministic, unlike the time limit). */
    maxNodes?: number;
    /** Each slot's places held too (with `hold`), not only their sum. */
    holdSlots?: boolean;
    /** Without the fairness terms: a cost per staff member for a rate outside these bands. */
    bands?: Band[];
    /** Stay near these drafts (a tie-break after places and over; buildModel). */
    near?: Map<number, { start: number; end: number }>;
    nearWeight?: number;
  } = {},
): Promise<ExactAnswer | null> {
  const started = performance.now();
  const model = buildModel(input, {
    fairness: opts.fairness ?? true,
    hold: opts.hold,
    holdSlots: opts.holdSlots,
    bands: opts.bands,
    near: opts.near,
    nearWeight: opts.nearWeight,
  });
  if (opts.hold && !model.empty) return runFrom(model, opts.hold, opts, started);
  if (model.empty) return { drafts: new Map(), status: 'Optimal', objective: 0, ms: 0 };
  const highs = await loadHighs();
  const solution = highs.solve(model.lp, {
    output_flag: false,
    mip_rel_gap: 0,
    mip_abs_gap: 1e-6,
    ...(opts.timeLimitSeconds !== undefined ? { time_limit: Math.max(0.01, opts.timeLimitSeconds) } : {}),
  });
  const ms = performance.now() - started;
  const found = solution.Status === 'Optimal' || solution.Status === 'Time limit reached';
  if (!found) return null;
  const drafts = new Map<number, { start: number; end: number }>();
  for (const o of model.options) {
    const col = solution.Columns[`x${o.idx}`] as { Primal?: number } | undefined;
    if ((col?.Primal ?? 0) > 0.5) drafts.set(o.cand.id, { start: o.start, end: o.end });
  }
  return { drafts, status: solution.Status, objective: solution.ObjectiveValue, ms };
}

/** Runs a model from a starting answer (HiGHS keeps the better of it and what it finds in the time). */
async function runFrom(
  model: ExactModel,
  start: Map<number, { start: number; end: number }>,
  limits: { timeLimitSeconds?: number; maxNodes?: number },
  started: number,
): Promise<ExactAnswer | null> {
  const { timeLimitSeconds, maxNodes } = limits;
  const highs = await loadHighs();
  return highs.withModel({ format: 'lp', data: model.lp }, (m) => {
    m.options.set({
      output_flag: false,
      mip_rel_gap: 0,
      ...(timeLimitSeconds !== undefined ? { time_limit: Math.max(0.01, timeLimitSeconds) } : {}),
      ...(maxNodes !== undefined ? { mip_max_nodes: maxNodes } : {}),
    });
    const cols = model.options.map((o) => m.getColByName(`x${o.idx}`));
    const values = model.options.map((o) => {
      const at = start.get(o.cand.id);
      return at?.start === o.start && at.end === o.end ? 1 : 0;
    });
    m.setSolution({ indices: cols, values });
    const run = m.run();
    if (Number(m.info.get('primal_solution_status')) !== 2) return null;
    const { colValue } = m.getSolution();
    const drafts = new Map<number, { start: number; end: number }>();
    model.options.forEach((o, j) => {
      if (colValue[cols[j]!]! > 0.5) drafts.set(o.cand.id, { start: o.start, end: o.end });
    });
    const status = run.modelStatus === 7 ? 'Optimal' : `status ${run.modelStatus}`;
    return { drafts, status, objective: m.getObjectiveValue(), ms: performance.now() - started };
  });
}

/** How one answer compares with another: places filled, then fewer over the required count, then spread. */
export function rank(r: SolverResult): [number, number, number] {
  const rates = r.staff.flatMap((s) => (s.fulfilmentRate === null ? [] : [s.fulfilmentRate]));
  const spread = rates.length ? Math.max(...rates) - Math.min(...rates) : 0;
  return [r.totals.filled, -r.totals.over, -Math.round(spread * 1000)];
}
const ahead = (a: number[], b: number[]) => {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! > b[i]!;
  return false;
};

/** The call's default time budget: 0.8 s up to 50 staff, 40 ms x staff - 1.2 s above, 2.8 s at most. */
export const defaultBudgetMs = (staffCount: number) =>
  Math.min(2800, Math.max(500, staffCount <= 50 ? 800 : 40 * staffCount - 1200));

export type Drafted = SolverResult & { method: 'EXACT' | 'GREEDY' };

/** The fairness stage's bands, from the rates the greedy's and the seeded answer reached. */
export type BandsOf = (rates: { greedy: number[]; seeded: number[] }) => Band[];

/** One band: the greedy's range of rates (reachable), weight 8 per unit outside it. */
export const greedyBand: BandsOf = ({ greedy }) =>
  greedy.length > 1 ? [{ lo: Math.min(...greedy), hi: Math.max(...greedy), weight: WEIGHTS.spread }] : [];

/**
 * Nested bands: the narrower of the two answers' ranges, then three more, each an eighth of its width
 * narrower at both ends, weights 8, 4, 2, 1 (so 15 per unit outside them all): a convex cost per staff
 * member that pulls the highest and lowest rates towards the middle hardest.
 */
export const tieredBands: BandsOf = ({ greedy, seeded }) => {
  const ranges = [greedy, seeded]
    .filter((r) => r.length > 1)
    .map((r) => ({ lo: Math.min(...r), hi: Math.max(...r) }))
    .sort((a, b) => a.hi - a.lo - (b.hi - b.lo));
  const outer = ranges[0];
  if (!outer) return [];
  const step = (outer.hi - outer.lo) / 8;
  return [8, 4, 2, 1].map((weight, k) => ({ lo: outer.lo + k * step, hi: outer.hi - k * step, weight }));
};

/**
 * Before stage one, the time kept back for its re-check (solve() with its spread pass), as this many times
 * the quick greedy's time: the bench measured the re-check of an exact answer at 0.29-1.41x the quick
 * greedy's time on its nine stores (1.41x at 100 x 31 peak), so 1.5x (it was a guessed 3x, which under
 * load left stage one no time at 20 and 50 staff). Before the fairness stage, for its re-check, a margin
 * on the first re-check's time, measured in the call.
 */
const RECHECK_PER_QUICK = 1.5;
const RECHECK_MARGIN = 1.25;

/**
 * The draft the call answers. The greedy without its spread pass first (solve's quick mode, posted at once
 * as the fallback), then HiGHS for the places and over with what is left of the budget, near the greedy's
 * draft (of the answers with the most places and fewest over, the one changing the fewest of its drafts),
 * its answer re-checked with the spread pass and posted, then the fairness stage from it (places held slot
 * by slot; nested bands of rates) and its re-check, kept only when better by the goals' order. So the
 * answer is never behind the quick greedy's, and where HiGHS adds no place it starts from the greedy's own
 * draft: never less fair than the greedy's with the same places (solver-optimum.test.ts). HiGHS failing
 * or finding nothing in time leaves the greedy's answer (with its spread pass). Same input, same answer
 * while HiGHS finishes inside the budget.
 * `onBest`: each answer as it becomes the best so far (the worker thread posts them, so that the pool can
 * answer the best one when it stops the worker at the budget: draft-pool.ts).
 */
export async function draftShifts(
  input: SolverInput,
  opts: {
    budgetMs?: number;
    fairnessNodes?: number;
    onBest?: (best: Drafted) => void;
    /** The fairness stage's bands (default tieredBands) and whether it holds each slot's places (default yes). */
    bandsOf?: BandsOf;
    holdSlots?: boolean;
    /**
     * The first answer (the quick greedy) cut at this many ms if not done by then (solve's deadline): the
     * worker's, so that the pool has an answer by its budget on a loaded machine. Unset: never cut.
     */
    firstWithinMs?: number;
    /** The clock (default `performance.now()`; the tests' own, to cut at chosen points). */
    now?: () => number;
  } = {},
): Promise<Drafted> {
  const now = opts.now ?? (() => performance.now());
  const started = now();
  const elapsed = () => now() - started;
  const budget = opts.budgetMs ?? defaultBudgetMs(input.staff.length);
  const deadline = opts.firstWithinMs === undefined ? undefined : started + opts.firstWithinMs;
  const quick: Drafted = { ...solve(input, undefined, { quick: true, deadline, now }), method: 'GREEDY' };
  opts.onBest?.(quick);
  // every later solve ends by the budget (its passes cut between moves: every place and rule kept), so
  // that a loaded machine answers a verified answer a little less fair, not the quick greedy's
  const byBudget = { deadline: started + budget, now };
  // the best answer posted so far by the goals' order: a later one is posted only when ahead of it
  let best = quick;
  const offer = (r: Drafted) => {
    if (!ahead(rank(r), rank(best))) return;
    best = r;
    opts.onBest?.(r);
  };
  // the greedy with its spread pass: the answer when HiGHS has no time or finds nothing; past the budget
  // the best so far (the pool has answered by then, and keeps the worker only once it is done: draft-pool.ts)
  const greedy = (): Drafted => {
    if (elapsed() > budget) return best;
    offer({ ...solve(input, undefined, byBudget), method: 'GREEDY' });
    return best;
  };
  // kept back for the re-check of stage one's answer (solve() with its spread pass), by the quick greedy's time
  const left = budget - elapsed() - RECHECK_PER_QUICK * elapsed();
  if (left < 20) return greedy();
  try {
    // stage one near the greedy's draft: of the answers with the most places and the fewest over, the one
    // that changes the fewest of the greedy's drafts (an arbitrary one of them, the fewest shifts, was
    // less fair than the greedy's: 11.3 points against 8.5 at 20 x 31 peak)
    const near = new Map(quick.assignments.map((a) => [a.candidateId, a]));
    const exact = await solveExact(input, { timeLimitSeconds: left / 1000, fairness: false, near });
    if (!exact) return greedy();
    // re-checked with the spread pass: the answer from here on, the fairness stage only replacing it when
    // better by the goals' order
    const recheckStarted = now();
    const first: Drafted = { ...solve(input, exact.drafts, byBudget), method: 'EXACT' };
    const recheckMs = now() - recheckStarted;
    if (ahead(rank(quick), rank(first))) return greedy();
    offer(first);
    // the fairness stage: from that answer, places held, a bounded search for a smaller spread, if the
    // time left allows it and its re-check (about the first re-check's time, measured just now)
    const rest = budget - elapsed() - RECHECK_MARGIN * recheckMs;
    if (rest < 100 || exact.status !== 'Optimal') return first;
    // costs per staff member for rates outside nested bands (as easy as the places alone: no row ties
    // all staff together), from the ranges the two answers reached
    const ratesOf = (r: SolverResult) =>
      r.staff.flatMap((s) => (s.fulfilmentRate === null ? [] : [s.fulfilmentRate]));
    const bands = (opts.bandsOf ?? tieredBands)({ greedy: ratesOf(quick), seeded: ratesOf(first) });
    const fair = await solveExact(input, {
      hold: new Map(first.assignments.map((a) => [a.candidateId, a])),
      holdSlots: opts.holdSlots ?? true,
      timeLimitSeconds: rest / 1000,
      maxNodes: opts.fairnessNodes ?? FAIRNESS_NODES,
      ...(bands.length > 0 ? { fairness: false, bands } : {}),
    });
    if (!fair) return first;
    const fairer: Drafted = { ...solve(input, fair.drafts, byBudget), method: 'EXACT' };
    // the better by the goals' order: never less fair than the answer it started from
    return ahead(rank(first), rank(fairer)) ? first : fairer;
  } catch {
    return greedy();
  }
}
