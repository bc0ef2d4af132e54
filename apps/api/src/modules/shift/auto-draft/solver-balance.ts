// The fairness pass after the places are settled: a drafted shift moves to another requester's option on
// the same slots (no place lost, none added over the required count) when the move lowers the higher
// fulfilment rate of the two without the lower going below the pair's old lower one. Each move lowers the sorted rates, so it ends.
import { minutesOf, type Option, type Plan } from './solver-model.ts';
import type { Slot, SolverSettings, SolverStaff } from './solver-types.ts';

export type BalanceState = {
  slots: Slot[];
  chosen: Map<number, Option>;
  options: Map<number, Option[]>;
  plans: Map<number, Plan>;
  settings: SolverSettings;
  staffById: Map<number, SolverStaff>;
  coveredBy: Set<number>[];
  /** A staff member's fulfilment rate with `delta` minutes more drafted. */
  rateWith: (staffId: number, delta: number) => number;
  /** Minutes planned in the month of `day` with `delta` more. */
  monthWith: (staffId: number, delta: number) => number;
  apply: (o: Option) => void;
  unapply: (o: Option) => void;
};

/**
 * Whether moving from `o` to `p` keeps every goal before fairness: no place lost, none added over the
 * required count (a place `o` held beyond the required count may go, `p` may only take places still short).
 */
function keepsPlaces(st: BalanceState, o: Option, p: Option): boolean {
  const assigned = (i: number) => st.coveredBy[i]!.size;
  let filled = 0;
  let over = 0;
  for (const i of o.slots) {
    if (p.slots.includes(i)) continue;
    if (assigned(i) > st.slots[i]!.required) over--;
    else filled--;
  }
  for (const i of p.slots) {
    if (o.slots.includes(i)) continue;
    if (assigned(i) < st.slots[i]!.required) filled++;
    else over++;
  }
  return filled >= 0 && over <= 0;
}

export function balance(st: BalanceState, rounds = 4): number {
  // the options of the same day sharing a slot with a drafted one are its possible replacements
  const bySlot = new Map<number, Option[]>();
  for (const list of st.options.values())
    for (const o of list) for (const i of o.slots) bySlot.set(i, [...(bySlot.get(i) ?? []), o]);
  let moves = 0;
  for (let round = 0; round < rounds; round++) {
    let moved = false;
    const drafted = [...st.chosen.values()].sort((a, b) => a.cand.id - b.cand.id);
    for (const o of drafted) {
      if (st.chosen.get(o.cand.id) !== o) continue;
      const a = o.cand.staffId;
      const before = st.rateWith(a, 0);
      let best: { p: Option; worst: number } | null = null;
      const seen = new Set<Option>();
      for (const p of o.slots.flatMap((i) => bySlot.get(i) ?? [])) {
        if (seen.has(p)) continue;
        seen.add(p);
        const b = p.cand.staffId;
        if (b === a || st.chosen.has(p.cand.id)) continue;
        if (p.slots.some((i) => st.coveredBy[i]!.has(b))) continue;
        if (!keepsPlaces(st, o, p)) continue;
        const target = st.staffById.get(b)?.targetMinutes ?? null;
        if (target !== null && st.monthWith(b, minutesOf(p)) > target) continue;
        // the pair's rates move inside their old range, the higher one lower
        const [rb, ra2, rb2] = [
          st.rateWith(b, 0),
          st.rateWith(a, -minutesOf(o)),
          st.rateWith(b, minutesOf(p)),
        ];
        const worst = Math.max(ra2, rb2);
        if (worst >= Math.max(before, rb) - 1e-9 || Math.min(ra2, rb2) < Math.min(before, rb) - 1e-9)
          continue;
        if (best && (best.worst < worst || (best.worst === worst && best.p.idx < p.idx))) continue;
        if (st.plans.get(b)!.check(p, st.settings)) continue;
        best = { p, worst };
      }
      if (!best) continue;
      st.unapply(o);
      st.apply(best.p);
      moves++;
      moved = true;
    }
    if (!moved) break;
  }
  return moves;
}
