// The fairness pass after the places are settled: a drafted shift moves to another requester's option on
// the same slots, or widens another requester's draft over them (no place lost, none added over the
// required count), when the move lowers the higher fulfilment rate of the two without the lower going
// below the pair's old lower one. Each move lowers the sorted rates, so it ends.
import { candidateKey, minutesOf, type Option, type Plan } from './solver-model.ts';
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
 * Whether replacing `remove` (a drafted option, and the narrower draft `p` widens, if any) by `p` keeps
 * every goal before fairness: no place lost, none added over the required count (a place held beyond the
 * required count may go, `p` may only take places still short).
 */
function keepsPlaces(st: BalanceState, remove: Option[], add: Option[]): boolean {
  const affected = new Set([...remove.flatMap((o) => o.slots), ...add.flatMap((p) => p.slots)]);
  let filled = 0;
  let over = 0;
  for (const i of affected) {
    const before = st.coveredBy[i]!;
    const after = new Set(before);
    for (const o of remove) if (o.slots.includes(i)) after.delete(o.cand.staffId);
    for (const p of add) if (p.slots.includes(i)) after.add(p.cand.staffId);
    const required = st.slots[i]!.required;
    filled += Math.min(required, after.size) - Math.min(required, before.size);
    over += Math.max(0, after.size - required) - Math.max(0, before.size - required);
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
        if (b === a) continue;
        // b's request drafted already: p may widen it (fewer, longer shifts), never narrow or move it
        const q = st.chosen.get(p.cand.id);
        if (q && (q === p || !q.slots.every((i) => p.slots.includes(i)))) continue;
        if (p.slots.some((i) => !q?.slots.includes(i) && st.coveredBy[i]!.has(b))) continue;
        if (!keepsPlaces(st, q ? [o, q] : [o], [p])) continue;
        const added = minutesOf(p) - (q ? minutesOf(q) : 0);
        const target = st.staffById.get(b)?.targetMinutes ?? null;
        if (target !== null && st.monthWith(b, added) > target) continue;
        // the pair's rates move inside their old range, the higher one lower
        const [rb, ra2, rb2] = [st.rateWith(b, 0), st.rateWith(a, -minutesOf(o)), st.rateWith(b, added)];
        const worst = Math.max(ra2, rb2);
        if (worst >= Math.max(before, rb) - 1e-9 || Math.min(ra2, rb2) < Math.min(before, rb) - 1e-9)
          continue;
        if (best && (best.worst < worst || (best.worst === worst && best.p.idx < p.idx))) continue;
        if (st.plans.get(b)!.check(p, st.settings, q ? candidateKey(q.cand.id) : undefined)) continue;
        best = { p, worst };
      }
      if (best) {
        st.unapply(o);
        st.apply(best.p);
        moves++;
        moved = true;
      } else if (split(st, o, bySlot)) {
        moves++;
        moved = true;
      }
    }
    if (!moved) break;
  }
  return moves;
}

/**
 * The split move: `o`'s staff member keeps a narrower option of the same request, another requester takes
 * the slots it leaves (a new draft, or theirs widened), under the same rule as the move above. The best
 * split by the higher of the two new rates; ties by option order.
 */
function split(st: BalanceState, o: Option, bySlot: Map<number, Option[]>): boolean {
  const a = o.cand.staffId;
  const before = st.rateWith(a, 0);
  let best: { keep: Option; p: Option; worst: number } | null = null;
  for (const keep of st.options.get(o.cand.id) ?? []) {
    if (keep === o || !keep.slots.every((i) => o.slots.includes(i))) continue;
    const left = o.slots.filter((i) => !keep.slots.includes(i));
    if (left.length === 0) continue;
    const ra2 = st.rateWith(a, minutesOf(keep) - minutesOf(o));
    for (const p of bySlot.get(left[0]!) ?? []) {
      const b = p.cand.staffId;
      if (b === a || !left.every((i) => p.slots.includes(i))) continue;
      const q = st.chosen.get(p.cand.id);
      if (q && (q === p || !q.slots.every((i) => p.slots.includes(i)))) continue;
      if (p.slots.some((i) => !q?.slots.includes(i) && st.coveredBy[i]!.has(b))) continue;
      const added = minutesOf(p) - (q ? minutesOf(q) : 0);
      const rb = st.rateWith(b, 0);
      const rb2 = st.rateWith(b, added);
      const worst = Math.max(ra2, rb2);
      if (worst >= Math.max(before, rb) - 1e-9 || Math.min(ra2, rb2) < Math.min(before, rb) - 1e-9) continue;
      if (best && (best.worst < worst || (best.worst === worst && best.p.idx < p.idx))) continue;
      if (!keepsPlaces(st, q ? [o, q] : [o], [keep, p])) continue;
      const target = st.staffById.get(b)?.targetMinutes ?? null;
      if (target !== null && st.monthWith(b, added) > target) continue;
      if (st.plans.get(b)!.check(p, st.settings, q ? candidateKey(q.cand.id) : undefined)) continue;
      best = { keep, p, worst };
    }
  }
  if (!best) return false;
  st.apply(best.keep); // replaces o (same request)
  st.apply(best.p);
  return true;
}
