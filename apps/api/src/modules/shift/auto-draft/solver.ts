// The automatic shift draft's solver: pure (no database; no clock unless given a deadline), deterministic
// (same input, same answer, when no deadline cuts it).
// A lazy greedy fills the slots' required counts from the staff's requests, never breaking a hard rule,
// then a local search moves a staff member's assignment to someone else where that frees them for a slot
// nobody else can take. Every slot left short gets its reasons, per requester, by name (docs/decisions/0017).
// Here the search; solver-model.ts builds what it searches (plans with the rule check, options),
// solver-scoring.ts makes the answer, and solver-types.ts holds the input and answer types.
import {
  buildOptions,
  candidateKey,
  covers,
  minutesOf,
  normalise,
  Plan,
  type Option,
} from './solver-model.ts';
import {
  balance,
  lowerTop,
  narrowSpread,
  passesOn,
  raiseBottom,
  type BalanceState,
} from './solver-balance.ts';
import { fillableUpperBound, report } from './solver-scoring.ts';
import type { SolverInput, SolverResult } from './solver-types.ts';

/** Moves the spread pass makes at most (a bound on its time at 100 staff; most stores need fewer). */
const SPREAD_MOVES = 6;
/** Chains the chain pass makes at most (lowerTop: the 100 x 31 peak store takes 4). */
const CHAIN_MOVES = 12;
/** Chains the end pass makes at most (raiseBottom, the bottom only: the 20 x 31 peak store takes 3 from stage
 * one's answer). */
const END_MOVES = 12;

/**
 * The solver. `input` is not changed; its order does not matter (everything is sorted first). `preset`:
 * drafts (candidate id -> times, one of its options) to start from, e.g. the exact method's answer; the
 * greedy then only adds what still fills a place, and the search moves nothing that would cost coverage.
 * `opts.quick`: without the spread pass (`narrowSpread`), the costliest part at 100 staff for the least
 * (under load: 1.1 s for the greedy and its local search, +1.3 s for the pair moves of `balance`, which
 * take the 100 x 31 peak store from 37.6 to 18.8 points, +1.9 s for the spread pass, to 17.9): the call's
 * first answers, the spread pass running once on its last (solver-exact.ts, draft-pool.ts).
 * `opts.deadline` (a `performance.now()` instant): past it the greedy stops placing, the fairness passes stop
 * between moves (each move keeps every place and rule) and the passes after are skipped, and what is done
 * so far is answered (every rule kept; the requesters not drafted are told so). The worker's answers have
 * one, so that the pool has a verified answer by the budget however loaded the machine (draft-pool.ts,
 * solver-exact.ts); without it the solve is deterministic. `opts.now`: the clock (default performance.now()).
 * `opts.endPass`: false leaves out the end pass (`raiseBottom`), for the tests that show what it adds.
 */
export function solve(
  raw: SolverInput,
  preset?: Map<number, { start: number; end: number }>,
  opts: { quick?: boolean; deadline?: number; endPass?: boolean; now?: () => number } = {},
): SolverResult {
  const { deadline, now = () => performance.now() } = opts;
  let cut = false;
  /** Past the deadline (checked now and then: the clock is not free). */
  const late = () => (cut ||= deadline !== undefined && now() > deadline);
  const input = normalise(raw);
  const { settings } = input;
  const slots = input.slots;
  const closed = new Set(input.closedDays);
  const staffById = new Map(input.staff.map((s) => [s.id, s]));
  const plans = new Map(input.staff.map((s) => [s.id, new Plan(s)]));
  input.fixed.forEach((f, i) => plans.get(f.staffId)?.add({ key: i, ...f }));

  // what the kept shifts already cover
  const need = slots.map((slot) => slot.required);
  const coveredBy = slots.map(() => new Set<number>());
  for (const f of input.fixed)
    if (!f.isRest)
      slots.forEach((slot, i) => {
        if (slot.day === f.day && covers(f, slot) && !coveredBy[i]!.has(f.staffId)) {
          coveredBy[i]!.add(f.staffId);
          need[i]!--;
        }
      });

  const candidates = input.candidates.filter((c) => plans.has(c.staffId) && !closed.has(c.day));
  const unmet = slots.map((slot, i) => need[i]! > 0 && slot.required > input.staff.length);
  const options = buildOptions({ ...input, candidates }, slots);
  const chosen = new Map<number, Option>(); // candidate id -> option

  const requested = new Map<number, number>();
  const fromRequests = new Map<number, number>();
  for (const c of candidates) requested.set(c.staffId, (requested.get(c.staffId) ?? 0) + minutesOf(c));
  for (const f of input.fixed)
    if (f.requestedMinutes > 0) {
      requested.set(f.staffId, (requested.get(f.staffId) ?? 0) + f.requestedMinutes);
      if (!f.isRest) fromRequests.set(f.staffId, (fromRequests.get(f.staffId) ?? 0) + minutesOf(f));
    }
  const proposed = new Map<number, number>();
  const rate = (staffId: number, delta = 0) =>
    ((fromRequests.get(staffId) ?? 0) + (proposed.get(staffId) ?? 0) + delta) / (requested.get(staffId) || 1);
  const monthPlanned = (staffId: number) => {
    let m = 0;
    for (const v of plans.get(staffId)!.monthMinutes.values()) m = Math.max(m, v);
    return m;
  };

  const apply = (o: Option) => {
    const prev = chosen.get(o.cand.id);
    const plan = plans.get(o.cand.staffId)!;
    if (prev) unapply(prev);
    chosen.set(o.cand.id, o);
    plan.add({ key: candidateKey(o.cand.id), day: o.cand.day, start: o.start, end: o.end, isRest: false });
    proposed.set(o.cand.staffId, (proposed.get(o.cand.staffId) ?? 0) + minutesOf(o));
    for (const i of o.slots)
      if (!coveredBy[i]!.has(o.cand.staffId)) {
        coveredBy[i]!.add(o.cand.staffId);
        need[i]!--;
      }
  };
  const unapply = (o: Option) => {
    chosen.delete(o.cand.id);
    plans.get(o.cand.staffId)!.remove(candidateKey(o.cand.id));
    proposed.set(o.cand.staffId, (proposed.get(o.cand.staffId) ?? 0) - minutesOf(o));
    for (const i of o.slots) {
      coveredBy[i]!.delete(o.cand.staffId);
      need[i]!++;
    }
  };

  /** Places this option would newly fill; -1 when it is not allowed (a rule, or not a widening). */
  const gainOf = (o: Option): number => {
    const prev = chosen.get(o.cand.id);
    if (prev && (prev === o || !prev.slots.every((i) => o.slots.includes(i)))) return -1;
    let gain = 0;
    for (const i of o.slots)
      if (need[i]! > 0 && !coveredBy[i]!.has(o.cand.staffId) && !prev?.slots.includes(i)) gain++;
    if (gain === 0) return 0;
    const plan = plans.get(o.cand.staffId)!;
    return plan.check(o, settings, prev ? candidateKey(o.cand.id) : undefined) ? -1 : gain;
  };

  /** Places beyond the required count the option would add (the slots it covers that are full already). */
  const overOf = (o: Option): number => {
    const prev = chosen.get(o.cand.id);
    let over = 0;
    for (const i of o.slots)
      if (need[i]! <= 0 && !coveredBy[i]!.has(o.cand.staffId) && !prev?.slots.includes(i)) over++;
    return over;
  };

  // priority: more places, then fewer places over the required count, then under target, then the
  // lower fulfilment rate, longer, then ids
  type Key = [number, number, number, number, number, number];
  const keyOf = (o: Option, gain: number): Key => {
    const s = staffById.get(o.cand.staffId)!;
    const overTarget = s.targetMinutes !== null && monthPlanned(s.id) >= s.targetMinutes ? 1 : 0;
    return [gain, -overOf(o), -overTarget, -rate(s.id), o.end - o.start, -o.idx];
  };
  const better = (a: Key, b: Key) => {
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! > b[i]!;
    return false;
  };

  const greedy = (pool: Option[]) => {
    const heap = new Heap<{ o: Option; key: Key }>((a, b) => better(a.key, b.key));
    for (const o of pool) {
      const g = gainOf(o);
      if (g > 0) heap.push({ o, key: keyOf(o, g) });
    }
    let pops = 0;
    while (heap.size > 0) {
      if ((++pops & 31) === 0 && late()) return;
      const top = heap.pop()!;
      const g = gainOf(top.o);
      if (g <= 0) continue;
      const key = keyOf(top.o, g);
      const next = heap.peek();
      if (next && better(next.key, key)) {
        heap.push({ o: top.o, key });
        continue;
      }
      apply(top.o);
    }
  };

  const allOptions = [...options.values()].flat();
  if (preset)
    for (const [candId, at] of [...preset].sort((a, b) => a[0] - b[0])) {
      const o = options.get(candId)?.find((x) => x.start === at.start && x.end === at.end);
      if (o && !plans.get(o.cand.staffId)!.check(o, settings)) apply(o);
    }
  greedy(allOptions);

  // local search: for a short slot, draft a requester whose other draft blocks them, if someone else
  // can take that draft's places (or it gains more than it loses)
  const filled = () => slots.reduce((n, slot, i) => n + Math.min(slot.required, slot.required - need[i]!), 0);
  const restore = (snapshot: Map<number, Option>) => {
    for (const x of [...chosen.values()]) if (snapshot.get(x.cand.id) !== x) unapply(x);
    for (const x of snapshot.values()) if (chosen.get(x.cand.id) !== x) apply(x);
  };
  for (let round = 0; round < (preset || late() ? 0 : 3); round++) {
    let improved = false;
    for (let i = 0; i < slots.length && !late(); i++) {
      for (const o of allOptions) {
        if (need[i]! <= 0) break;
        if (o.slots.length !== 1 || o.slots[0] !== i || chosen.has(o.cand.id)) continue;
        if (coveredBy[i]!.has(o.cand.staffId)) continue;
        const plan = plans.get(o.cand.staffId)!;
        if (!plan.check(o, settings)) {
          apply(o);
          improved = true;
          continue;
        }
        const held = [...chosen.values()].filter((h) => h.cand.staffId === o.cand.staffId);
        for (const h of held) {
          const snapshot = new Map(chosen);
          const before = filled();
          unapply(h);
          if (plan.check(o, settings)) {
            apply(h);
            continue;
          }
          apply(o);
          greedy(allOptions.filter((x) => x.slots.some((s) => h.slots.includes(s))));
          if (filled() > before) {
            improved = true;
            break;
          }
          restore(snapshot);
        }
      }
    }
    // fill what the moves opened up
    greedy(allOptions);
    if (!improved || late()) break;
  }

  const state: BalanceState = {
    slots,
    chosen,
    options,
    plans,
    settings,
    staffById,
    coveredBy,
    rateWith: rate,
    monthWith: (staffId, delta) => monthPlanned(staffId) + delta,
    apply,
    unapply,
  };
  const fillable = fillableUpperBound(input);
  // the passes' shared indexes, made once (the options do not change), and the deadline
  const passes = passesOn(state, late);
  const answer = () =>
    report(input, slots, need, coveredBy, chosen, plans, staffById, requested, fromRequests, {
      proposed,
      fillable,
      unmet,
    });
  if (late()) return answer();
  balance(passes);
  if (opts.quick || late()) return answer();
  // then the spread of fulfilment rates itself, from its ends (staff with requests)
  const rated = [...requested]
    .filter(([, minutes]) => minutes > 0)
    .map(([id]) => id)
    .sort((a, b) => a - b);
  narrowSpread(passes, rated, SPREAD_MOVES);
  // then chains from the top, where no move of the spread pass lowers it (solver-balance.ts)
  lowerTop(passes, rated, CHAIN_MOVES);
  // then chains from the bottom where anyone leaving the range goes back on another day: the bottom raised
  if (opts.endPass !== false) raiseBottom(passes, rated, END_MOVES);
  return answer();
}

/** A binary heap; `above(a, b)` is true when a comes out before b. */
class Heap<T> {
  private items: T[] = [];
  constructor(private readonly above: (a: T, b: T) => boolean) {}
  get size() {
    return this.items.length;
  }
  peek(): T | undefined {
    return this.items[0];
  }
  push(item: T) {
    const a = this.items;
    a.push(item);
    let i = a.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.above(a[i]!, a[p]!)) break;
      [a[i], a[p]] = [a[p]!, a[i]!];
      i = p;
    }
  }
  pop(): T | undefined {
    const a = this.items;
    const top = a[0];
    const last = a.pop();
    if (a.length > 0 && last !== undefined) {
      a[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < a.length && this.above(a[l]!, a[m]!)) m = l;
        if (r < a.length && this.above(a[r]!, a[m]!)) m = r;
        if (m === i) break;
        [a[i], a[m]] = [a[m]!, a[i]!];
        i = m;
      }
    }
    return top;
  }
}
