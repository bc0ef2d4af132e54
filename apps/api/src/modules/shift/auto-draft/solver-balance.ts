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
  // allocation-free (it runs for every candidate move): each affected slot once, by its first appearance
  const lists = [remove, add];
  let filled = 0;
  let over = 0;
  for (let l = 0; l < 2; l++)
    for (let k = 0; k < lists[l]!.length; k++)
      for (const i of lists[l]![k]!.slots) {
        if (seenBefore(remove, add, l, k, i)) continue;
        const before = st.coveredBy[i]!;
        let size = before.size;
        // each staff member named by a change: out where a removed option of theirs covers the slot, back
        // in where an added one does (as a set: delete, then add)
        for (let m = 0; m < 2; m++)
          for (let j = 0; j < lists[m]!.length; j++) {
            const staffId = lists[m]![j]!.cand.staffId;
            if (named(remove, add, m, j, staffId)) continue;
            const was = before.has(staffId);
            const removed = remove.some((o) => o.cand.staffId === staffId && o.slots.includes(i));
            const added = add.some((o) => o.cand.staffId === staffId && o.slots.includes(i));
            const is = added || (was && !removed);
            size += Number(is) - Number(was);
          }
        const required = st.slots[i]!.required;
        filled += Math.min(required, size) - Math.min(required, before.size);
        over += Math.max(0, size - required) - Math.max(0, before.size - required);
      }
  return filled >= 0 && over <= 0;
}

/** Whether slot `i` appears in an option of the changes before list `l`'s `k`-th. */
function seenBefore(remove: Option[], add: Option[], l: number, k: number, i: number): boolean {
  for (let m = 0; m <= l; m++) {
    const list = m === 0 ? remove : add;
    for (let j = 0; j < (m === l ? k : list.length); j++) if (list[j]!.slots.includes(i)) return true;
  }
  return false;
}

/** Whether `staffId` is the staff member of a change before list `m`'s `j`-th. */
function named(remove: Option[], add: Option[], m: number, j: number, staffId: number): boolean {
  for (let n = 0; n <= m; n++) {
    const list = n === 0 ? remove : add;
    for (let k = 0; k < (n === m ? j : list.length); k++) if (list[k]!.cand.staffId === staffId) return true;
  }
  return false;
}

export function balance(passes: Passes, rounds = 4): number {
  // the options of the same day sharing a slot with a drafted one are its possible replacements
  const { st, bySlot, late } = passes;
  let moves = 0;
  for (let round = 0; round < rounds && !late(); round++) {
    let moved = false;
    const drafted = [...st.chosen.values()].sort((a, b) => a.cand.id - b.cand.id);
    for (let k = 0; k < drafted.length; k++) {
      const o = drafted[k]!;
      // past the deadline: stop between moves (each keeps every place and rule)
      if ((k & 15) === 0 && late()) return moves;
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
        // the pair's rates move inside their old range, the higher one lower (the cheap tests first)
        const added = minutesOf(p) - (q ? minutesOf(q) : 0);
        const rb = st.rateWith(b, 0);
        const ra2 = st.rateWith(a, -minutesOf(o));
        const rb2 = st.rateWith(b, added);
        const worst = Math.max(ra2, rb2);
        if (worst >= Math.max(before, rb) - EPS || Math.min(ra2, rb2) < Math.min(before, rb) - EPS) continue;
        if (best && (best.worst < worst || (best.worst === worst && best.p.idx < p.idx))) continue;
        const target = st.staffById.get(b)?.targetMinutes ?? null;
        if (target !== null && st.monthWith(b, added) > target) continue;
        if (!keepsPlaces(st, q ? [o, q] : [o], [p])) continue;
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
      if (worst >= Math.max(before, rb) - EPS || Math.min(ra2, rb2) < Math.min(before, rb) - EPS) continue;
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

/** Rates closer than this are equal. */
const EPS = 1e-9;

/**
 * What the passes share, made once per solve (the options do not change): the options by slot and by staff
 * member, the changes on the state (make, the joint rule check, the target), each staff member's drafts,
 * and `late`: past the solve's deadline, where every pass stops between moves.
 */
export type Passes = ReturnType<typeof passesOn>;
export function passesOn(st: BalanceState, late: () => boolean = () => false) {
  return { st, late, ...optionIndexes(st), ...changesOn(st), draftsByStaff: () => draftsByStaff(st) };
}

/** Each staff member's drafts in option order (the chain searches' view; rebuilt after each move made). */
function draftsByStaff(st: BalanceState): Map<number, Option[]> {
  const drafts = new Map<number, Option[]>();
  for (const o of [...st.chosen.values()].sort((a, b) => a.idx - b.idx)) {
    const list = drafts.get(o.cand.staffId);
    if (list) list.push(o);
    else drafts.set(o.cand.staffId, [o]);
  }
  return drafts;
}

/** The options by slot they cover, and each staff member's candidates that have options. */
function optionIndexes(st: BalanceState): { bySlot: Map<number, Option[]>; candsOf: Map<number, number[]> } {
  const bySlot = new Map<number, Option[]>();
  for (const list of st.options.values())
    for (const o of list)
      for (const i of o.slots) {
        const at = bySlot.get(i);
        if (at) at.push(o);
        else bySlot.set(i, [o]);
      }
  const candsOf = new Map<number, number[]>(); // staff id -> their candidates with options
  for (const [candId, list] of st.options)
    if (list.length > 0) {
      const staffId = list[0]!.cand.staffId;
      candsOf.set(staffId, [...(candsOf.get(staffId) ?? []), candId]);
    }
  return { bySlot, candsOf };
}

/** A request and its new option (undefined: not drafted). */
type Change = [number, Option | undefined];

/** Changes of requests on the state, as the spread and chain passes try them. */
function changesOn(st: BalanceState) {
  /** Whether a staff member's request may take this option (none: undrafted, always legal). */
  const legal = (staffId: number, candId: number, to: Option | undefined) =>
    !to ||
    !st.plans.get(staffId)!.check(to, st.settings, st.chosen.has(candId) ? candidateKey(candId) : undefined);
  /** Makes the changes; answers the undo. */
  const make = (changes: Change[]): Change[] => {
    const undo: Change[] = changes.map(([candId]) => [candId, st.chosen.get(candId)]);
    for (const [candId, to] of changes) {
      if (to) st.apply(to);
      else {
        const from = st.chosen.get(candId);
        if (from) st.unapply(from);
      }
    }
    return undo.reverse();
  };
  /** Whether the changes, made one after the other, break no rule (the state is left as it was). */
  const jointlyLegal = (changes: Change[]) => {
    const undos: Change[][] = [];
    let ok = true;
    for (const [candId, to] of changes) {
      const staffId = st.options.get(candId)![0]!.cand.staffId;
      if (!legal(staffId, candId, to)) {
        ok = false;
        break;
      }
      undos.push(make([[candId, to]]));
    }
    for (const undo of undos.reverse()) make(undo);
    return ok;
  };
  /** Whether adding minutes to a staff member's month passes their target. */
  const overTarget = (staffId: number, added: number) => {
    if (added <= 0) return false;
    const target = st.staffById.get(staffId)?.targetMinutes ?? null;
    return target !== null && st.monthWith(staffId, added) > target;
  };
  return { legal, make, jointlyLegal, overTarget };
}

/** Half moves the spread pass joins into one move at most, and the joins it looks at per staff member at an
 * end and move (bounds, not a clock). */
const MAX_HALVES = 2;
const VISIT_BUDGET = 3_000;

/**
 * The spread pass, after `balance`: a move changes one request of a staff member at the highest or the
 * lowest fulfilment rate (to another of its options, or undrafted, or drafted) together with, where places
 * need it, one request of another staff member on the same slots (the taker or the giver), keeping every
 * place filled and none over the required count. A move is taken when it narrows the spread of rates
 * (max - min over staff with requests), or keeps it and leaves fewer staff at either end; the best move of
 * the staff member at an end first (ties by option order). Each move lowers (spread, staff at the ends), so
 * it ends; `maxMoves` bounds it too. Deterministic: no clock.
 */
export function narrowSpread(passes: Passes, rated: number[], maxMoves: number): number {
  if (rated.length < 2) return 0;
  const { st, bySlot, candsOf, make, legal, jointlyLegal, overTarget, late } = passes;
  const minutesOrZero = (o: Option | undefined) => (o ? minutesOf(o) : 0);
  type Score = { spread: number; ends: number };
  /** The score with staff `a` at rate `ra` and `b` at `rb` (the others at theirs). */
  const scoreWith = (
    rates: Map<number, number>,
    a: number,
    ra: number,
    b = -1,
    rb = 0,
    c = -1,
    rc = 0,
  ): Score => {
    let lo = Infinity;
    let hi = -Infinity;
    for (const [id, r0] of rates) {
      const r = id === a ? ra : id === b ? rb : id === c ? rc : r0;
      if (r < lo) lo = r;
      if (r > hi) hi = r;
    }
    let ends = 0;
    for (const [id, r0] of rates) {
      const r = id === a ? ra : id === b ? rb : id === c ? rc : r0;
      if (r <= lo + EPS || r >= hi - EPS) ends++;
    }
    return { spread: hi - lo, ends };
  };
  /** The score with staff `ids[k]` at rate `changed[k]` (the others at theirs). */
  const scoreOver = (rates: Map<number, number>, ids: number[], changed: number[]): Score => {
    let lo = Infinity;
    let hi = -Infinity;
    for (const [id, r0] of rates) {
      const k = ids.indexOf(id);
      const r = k < 0 ? r0 : changed[k]!;
      if (r < lo) lo = r;
      if (r > hi) hi = r;
    }
    let ends = 0;
    for (const [id, r0] of rates) {
      const k = ids.indexOf(id);
      const r = k < 0 ? r0 : changed[k]!;
      if (r <= lo + EPS || r >= hi - EPS) ends++;
    }
    return { spread: hi - lo, ends };
  };
  const betterScore = (a: Score, b: Score) =>
    a.spread < b.spread - EPS || (Math.abs(a.spread - b.spread) <= EPS && a.ends < b.ends);

  let moves = 0;
  while (moves < maxMoves && !late()) {
    const rates = new Map(rated.map((id) => [id, st.rateWith(id, 0)]));
    const now = scoreWith(rates, -1, 0);
    const lo = Math.min(...rates.values());
    const hi = Math.max(...rates.values());
    const ends = rated.filter((id) => rates.get(id)! <= lo + EPS || rates.get(id)! >= hi - EPS);
    type Move = { score: Score; changes: Change[]; order: number };
    let best: Move | null = null;
    const betterThanBest = (score: Score, order: number) =>
      betterScore(score, now) &&
      !(best && (betterScore(best.score, score) || (!betterScore(score, best.score) && best.order <= order)));
    const consider = (score: Score, changes: Change[], order: number) => {
      if (betterThanBest(score, order)) best = { score, changes, order };
    };
    const within = (r: number) => r >= lo - EPS && r <= hi + EPS;
    for (const x of ends) {
      const rx = rates.get(x)!;
      const atTop = rx >= hi - EPS;
      // half moves: one request of x changed, with (where places need it) one request of another on its slots
      type Half = {
        c: number;
        addX: number;
        y: number;
        addY: number;
        changes: Change[];
        slots: number[];
        order: number;
      };
      const halves: Half[] = [];
      for (const c of candsOf.get(x) ?? []) {
        const q = st.chosen.get(c);
        for (const p of [...st.options.get(c)!, undefined]) {
          if (p === q) continue;
          const addX = minutesOrZero(p) - minutesOrZero(q);
          if (addX === 0 || overTarget(x, addX)) continue;
          // p may not cover a slot x already covers from elsewhere
          if (p && p.slots.some((i) => !q?.slots.includes(i) && st.coveredBy[i]!.has(x))) continue;
          if (!legal(x, c, p)) continue;
          const removeX = q ? [q] : [];
          const addXs = p ? [p] : [];
          const touched = new Set([...(q?.slots ?? []), ...(p?.slots ?? [])]);
          const order = p?.idx ?? -1;
          if (keepsPlaces(st, removeX, addXs)) {
            halves.push({ c, addX, y: -1, addY: 0, changes: [[c, p]], slots: [...touched], order });
            continue;
          }
          // what the other request must do: cover a place x leaves, or leave a place x takes when full
          const size = (i: number) => st.coveredBy[i]!.size;
          const lost = (q?.slots ?? []).filter(
            (i) => !p?.slots.includes(i) && size(i) <= st.slots[i]!.required,
          );
          const full = (p?.slots ?? []).filter(
            (i) => !q?.slots.includes(i) && size(i) >= st.slots[i]!.required,
          );
          const others = new Set<number>();
          const firstOf = lost[0] ?? full[0];
          for (const i of firstOf === undefined ? touched : [firstOf])
            for (const o of bySlot.get(i) ?? []) if (o.cand.staffId !== x) others.add(o.cand.id);
          for (const d of [...others].sort((a, b) => a - b)) {
            const list = st.options.get(d)!;
            const y = list[0]!.cand.staffId;
            const r = st.chosen.get(d);
            if (!rates.has(y)) continue;
            if (full.length > 0 && !(r && full.every((i) => r.slots.includes(i)))) continue;
            for (const s of [...list, undefined]) {
              if (s === r) continue;
              if (lost.some((i) => !s?.slots.includes(i)) || full.some((i) => s?.slots.includes(i))) continue;
              const addY = minutesOrZero(s) - minutesOrZero(r);
              if (addY === 0 || Math.sign(addY) === Math.sign(addX) || overTarget(y, addY)) continue;
              if (!within(st.rateWith(y, addY))) continue;
              if (s && s.slots.some((i) => !r?.slots.includes(i) && st.coveredBy[i]!.has(y))) continue;
              if (!keepsPlaces(st, [...removeX, ...(r ? [r] : [])], [...addXs, ...(s ? [s] : [])])) continue;
              if (!legal(y, d, s)) continue;
              const slots = [...new Set([...touched, ...(r?.slots ?? []), ...(s?.slots ?? [])])];
              halves.push({
                c,
                addX,
                y,
                addY,
                changes: [
                  [c, p],
                  [d, s],
                ],
                slots,
                order: order * 1e6 + (s?.idx ?? -1),
              });
            }
          }
        }
      }
      const inward = (addX: number) => (atTop ? addX < 0 : addX > 0);
      // the halves moving x inward first (the move needs one), each group in its order
      halves.sort((a, b) => Number(inward(b.addX)) - Number(inward(a.addX)) || a.order - b.order);
      // up to MAX_HALVES halves on different requests of x and different slots (x may give on one day and
      // take on another), the others' minutes summed per staff member
      let visited = 0;
      const picked: Half[] = [];
      const used = new Set<number>();
      const ids: number[] = [x];
      const adds: number[] = [0];
      const changed: number[] = [0];
      const search = (from: number, addX: number) => {
        if (picked.length > 0 && inward(addX)) {
          const rx2 = st.rateWith(x, addX);
          let ok = within(rx2);
          changed[0] = rx2;
          for (let k = 1; ok && k < ids.length; k++) {
            changed[k] = st.rateWith(ids[k]!, adds[k]!);
            ok = within(changed[k]!);
          }
          if (ok) {
            const score = scoreOver(rates, ids, changed);
            let order = 0;
            for (const h of picked) order = order * 1e6 + h.order;
            if (betterThanBest(score, order)) {
              const changes = picked.flatMap((h) => h.changes);
              if (picked.length === 1 || jointlyLegal(changes)) consider(score, changes, order);
            }
          }
        }
        if (picked.length >= MAX_HALVES) return;
        for (let k = from; k < halves.length && visited < VISIT_BUDGET; k++) {
          const h = halves[k]!;
          visited++;
          if (picked.some((g) => g.c === h.c) || h.slots.some((i) => used.has(i))) continue;
          picked.push(h);
          for (const i of h.slots) used.add(i);
          let at = -1;
          let pushed = false;
          if (h.y >= 0) {
            at = ids.indexOf(h.y);
            if (at < 0) {
              at = ids.length;
              pushed = true;
              ids.push(h.y);
              adds.push(0);
              changed.push(0);
            }
            adds[at]! += h.addY;
          }
          search(k + 1, addX + h.addX);
          if (pushed) {
            ids.pop();
            adds.pop();
            changed.pop();
          } else if (at >= 0) adds[at]! -= h.addY;
          for (const i of h.slots) used.delete(i);
          picked.pop();
        }
      };
      search(0, 0);
    }
    if (!best) break;
    make((best as Move).changes);
    moves++;
  }
  return moves;
}

/**
 * Steps the chain pass looks at per staff member at the top and move (a bound, not a clock): at 100 x 31 peak
 * 1,000 reach what 20,000 do (17.6 -> 14.7 points), shortest chains first.
 */
const CHAIN_VISITS = 2_000;
/** Staff members a chain passes a place through at most (the top one, then up to two more). */
const CHAIN_DEPTH = 3;

/**
 * The chain pass, after the spread pass: lowers the staff at the highest fulfilment rate where no single
 * move can, because everyone who could take their place would rise above them (a student with 39 hours
 * asked whose 5-hour shift only another student can take). A chain: the staff member at the top gives up
 * one drafted shift (or its part), another requester of the same day takes the places it leaves (a new
 * draft, or theirs widened), and when that would lift the taker to the top, the taker gives up one of their
 * own shifts on another day to a third, and so on, up to CHAIN_DEPTH staff. Taken when everyone it changes
 * ends strictly between the lowest and the highest rate (so the spread narrows, or fewer staff share the
 * top); no place lost, none over the required count, no hard rule broken (checked on the joined changes),
 * no staff pushed over their target. The first chain found per staff member at the top, in option order
 * (deterministic: no clock); bounded by `maxMoves` and CHAIN_VISITS.
 */
export function lowerTop(passes: Passes, rated: number[], maxMoves: number): number {
  if (rated.length < 2) return 0;
  // made one after the other (the chain's gives first, then its takes), no rule broken: jointlyLegal
  const { st, bySlot, candsOf, make, jointlyLegal, overTarget, late } = passes;

  let moves = 0;
  while (moves < maxMoves && !late()) {
    // each staff member's drafts in option order (the state changes only when a chain is made)
    const drafts = passes.draftsByStaff();
    const rates = new Map(rated.map((id) => [id, st.rateWith(id, 0)]));
    const lo = Math.min(...rates.values());
    const hi = Math.max(...rates.values());
    if (hi - lo <= EPS) break;
    const inside = (r: number) => r > lo + EPS && r < hi - EPS;
    const tops = rated.filter((id) => rates.get(id)! >= hi - EPS);
    let found: Change[] | null = null;
    for (const top of tops) {
      let visits = 0;
      const gives: Change[] = [];
      const takes: Change[] = [];
      const inChain = new Set<number>([top]);
      const days = new Set<string>();
      /**
       * `x` gives up one of its drafts (or part of it), `added` minutes already taken on by x in the chain;
       * true when the chain closes (gives and takes hold it).
       */
      const give = (x: number, added: number, depth: number): boolean => {
        for (const d of drafts.get(x) ?? []) {
          if (days.has(d.day)) continue;
          for (const keep of [undefined, ...(st.options.get(d.cand.id) ?? [])]) {
            if (keep === d || (keep && !keep.slots.every((i) => d.slots.includes(i)))) continue;
            if (++visits > CHAIN_VISITS) return false;
            const givenX = added - minutesOf(d) + (keep ? minutesOf(keep) : 0);
            const rx = st.rateWith(x, givenX);
            // below the lowest, the staff member at the top may take a shorter shift on another day instead
            // (give 17:00-22:00, take 11:00-14:00)
            if (!inside(rx) && !(depth === 0 && rx <= lo + EPS)) continue;
            // the places the give leaves short: one other requester of the day takes them all
            const lost = d.slots.filter(
              (i) => !keep?.slots.includes(i) && st.coveredBy[i]!.size <= st.slots[i]!.required,
            );
            gives.push([d.cand.id, keep]);
            days.add(d.day);
            const rest = () =>
              lost.length === 0 ? jointlyLegal([...gives, ...takes]) : take(d, keep, lost, depth);
            if (inside(rx) ? rest() : swapIn(x, givenX, rest)) return true;
            days.delete(d.day);
            gives.pop();
          }
        }
        return false;
      };
      /**
       * `x` takes one of its own requests on another day (new, or its draft widened) so that its rate ends
       * inside; where the places it takes are full, their holder of that day gives them up (ending inside
       * too). Then `rest` closes the chain.
       */
      const swapIn = (x: number, added: number, rest: () => boolean): boolean => {
        for (const c of candsOf.get(x) ?? []) {
          const q = st.chosen.get(c);
          const day = st.options.get(c)![0]!.day;
          if (days.has(day)) continue;
          for (const t of st.options.get(c)!) {
            if (q && (q === t || !q.slots.every((i) => t.slots.includes(i)))) continue;
            if (t.slots.some((i) => !q?.slots.includes(i) && st.coveredBy[i]!.has(x))) continue;
            if (++visits > CHAIN_VISITS) return false;
            const addT = minutesOf(t) - (q ? minutesOf(q) : 0);
            if (!inside(st.rateWith(x, added + addT)) || overTarget(x, added + addT)) continue;
            const full = t.slots.filter(
              (i) => !q?.slots.includes(i) && st.coveredBy[i]!.size >= st.slots[i]!.required,
            );
            days.add(day);
            takes.push([c, t]);
            if (full.length === 0) {
              if (keepsPlaces(st, q ? [q] : [], [t]) && rest()) return true;
            } else
              for (const r of bySlot.get(full[0]!) ?? []) {
                const z = r.cand.staffId;
                if (st.chosen.get(r.cand.id) !== r || inChain.has(z) || z === x || !rates.has(z)) continue;
                if (!full.every((i) => r.slots.includes(i))) continue;
                let done = false;
                for (const s of [undefined, ...st.options.get(r.cand.id)!]) {
                  if (s === r || (s && !s.slots.every((i) => r.slots.includes(i) && !full.includes(i))))
                    continue;
                  if (++visits > CHAIN_VISITS) return false;
                  const addZ = (s ? minutesOf(s) : 0) - minutesOf(r);
                  if (!inside(st.rateWith(z, addZ))) continue;
                  if (!keepsPlaces(st, q ? [q, r] : [r], s ? [t, s] : [t])) continue;
                  gives.push([r.cand.id, s]);
                  inChain.add(z);
                  done = rest();
                  if (done) return true;
                  inChain.delete(z);
                  gives.pop();
                }
              }
            takes.pop();
            days.delete(day);
          }
        }
        return false;
      };
      const take = (d: Option, keep: Option | undefined, lost: number[], depth: number): boolean => {
        for (const p of bySlot.get(lost[0]!) ?? []) {
          const y = p.cand.staffId;
          if (inChain.has(y) || !rates.has(y) || !lost.every((i) => p.slots.includes(i))) continue;
          const q = st.chosen.get(p.cand.id);
          if (q && (q === p || !q.slots.every((i) => p.slots.includes(i)))) continue;
          if (p.slots.some((i) => !q?.slots.includes(i) && st.coveredBy[i]!.has(y))) continue;
          if (++visits > CHAIN_VISITS) return false;
          const addY = minutesOf(p) - (q ? minutesOf(q) : 0);
          if (overTarget(y, addY)) continue;
          if (!keepsPlaces(st, q ? [d, q] : [d], keep ? [keep, p] : [p])) continue;
          const except = q ? candidateKey(q.cand.id) : undefined;
          if (st.plans.get(y)!.check(p, st.settings, except) && depth + 1 >= limit) continue;
          takes.push([p.cand.id, p]);
          inChain.add(y);
          const ry = st.rateWith(y, addY);
          if (inside(ry) && jointlyLegal([...gives, ...takes])) return true;
          // y would rise to the top (or is blocked by a shift of its own): y gives one of its own on
          // another day
          if (depth + 1 < limit && give(y, addY, depth + 1)) return true;
          inChain.delete(y);
          takes.pop();
        }
        return false;
      };
      // the shortest chains first
      let limit = 1;
      for (; limit <= CHAIN_DEPTH && visits <= CHAIN_VISITS; limit++)
        if (give(top, 0, 0)) {
          found = [...gives, ...takes];
          break;
        }
      if (found) break;
    }
    if (!found) break;
    make(found);
    moves++;
  }
  return moves;
}

/**
 * The end pass's bounds (counts, not a clock): steps looked at per staff member at the bottom and move, and
 * in the whole pass; staff a chain passes through; options tried by a staff member going back (once risen
 * above or fallen below the range). At 20 x 31 peak the bottom's first chain passes through six staff
 * (8,955 steps); at 100 x 31 peak 12 chains take 13,200 steps, 20,000 in the pass cost 0.1-0.3 s of CPU more
 * on the greedy's 20 x 31 answer where it finds nothing, so 12,000 (11 chains at 100: 14.1 points for 14.0).
 * With the top left to `lowerTop` the bottom spends the same steps where it used them all before (stage
 * one's answers at 20 and 100 x 31 peak: 12,000), and the 20 x 31 peak greedy's 12,000 fall to 10,000.
 */
const END_VISITS = 10_000;
const END_TOTAL = 12_000;
const END_DEPTH = 6;
const BACK = 8;

/**
 * The end pass, after the chain pass `lowerTop`: raises the staff at the bottom of the range by a chain in
 * which anyone who would leave the range goes back the other way on another day (the mirror of `lowerTop`).
 * The staff member at the lowest rate takes one of their requests (a new draft, or theirs widened); where its
 * places are full, their holder of that day gives them up (keeping a narrower part of the shift, or none); a
 * holder who would fall to the bottom takes one of their own requests on another day in turn; a taker who
 * would rise to the top (or whose shift breaks a rule) gives one of their own shifts on another day to a next
 * requester. The bottom staff member pushed past the top goes back once (take 17:00-22:00, give 11:00-14:00).
 * Each staff member gives at most once and takes at most once in a chain, each step on a day of its own.
 * Taken when everyone it changes ends strictly inside the old range (so the spread narrows, or fewer staff
 * share the bottom); no place lost, none over the required count, no hard rule broken (checked on the joined
 * changes), no staff pushed over their target. The top is `lowerTop`'s alone: this pass searched it too
 * (the same chains, plus ones through staff going back) right after `lowerTop` had found none, and on the
 * nine bench stores that second search of the top made no chain `lowerTop` had not. The first chain found
 * per bottom staff member, fewest staff first, in option order (deterministic without a deadline); bounded
 * by `maxMoves`, END_VISITS, END_TOTAL and END_DEPTH, and stopped between chains past the solve's deadline.
 */
export function raiseBottom(passes: Passes, rated: number[], maxMoves: number): number {
  if (rated.length < 2) return 0;
  const { st, bySlot, candsOf, make, jointlyLegal, overTarget, late } = passes;
  const size = (i: number) => st.coveredBy[i]!.size;

  let moves = 0;
  let spent = 0; // visits over the whole pass
  while (moves < maxMoves && spent < END_TOTAL && !late()) {
    const rates = new Map(rated.map((id) => [id, st.rateWith(id, 0)]));
    const lo = Math.min(...rates.values());
    const hi = Math.max(...rates.values());
    if (hi - lo <= EPS) break;
    const inside = (r: number) => r > lo + EPS && r < hi - EPS;
    // each staff member's drafts in option order (the state changes only when a chain is made)
    const drafts = passes.draftsByStaff();
    // the bottom only: the top is the chain pass's (lowerTop, just before), searched once
    const bottoms = rated.filter((id) => rates.get(id)! <= lo + EPS);
    let found: Change[] | null = null;
    for (const end of bottoms) {
      if (late()) break;
      let visits = 0;
      const cap = Math.min(END_VISITS, END_TOTAL - spent);
      if (cap <= 0) break;
      let limit = 1;
      const gives: Change[] = [];
      const takes: Change[] = [];
      const inChain = new Set<number>([end]);
      const days = new Set<string>();
      // made one after the other, the gives first: no rule broken
      const close = () => jointlyLegal([...gives, ...takes]);
      /**
       * `x` gives up one of its drafts (or part of it), `added` minutes already changed for x in the chain;
       * `took`: x took already (it may not go back); then `k` closes the chain.
       */
      const give = (x: number, added: number, took: boolean, k: () => boolean): boolean => {
        let tried = 0;
        for (const d of drafts.get(x) ?? []) {
          if (days.has(d.day)) continue;
          for (const keep of [undefined, ...(st.options.get(d.cand.id) ?? [])]) {
            if (keep === d || (keep && !keep.slots.every((i) => d.slots.includes(i)))) continue;
            if (++visits > cap) return false;
            const now = added - minutesOf(d) + (keep ? minutesOf(keep) : 0);
            const r = st.rateWith(x, now);
            const below = r <= lo + EPS;
            if (!inside(r) && (took || !below)) continue;
            if (took && ++tried > BACK) return false;
            // the places the give leaves short: one other requester of the day takes them all
            const lost = d.slots.filter((i) => !keep?.slots.includes(i) && size(i) <= st.slots[i]!.required);
            gives.push([d.cand.id, keep]);
            days.add(d.day);
            const then = () =>
              lost.length === 0 ? keepsPlaces(st, [d], keep ? [keep] : []) && k() : hand(d, keep, lost, k);
            // fallen below the lowest: x takes one of its own requests on another day
            if (below ? take(x, now, true, then) : then()) return true;
            days.delete(d.day);
            gives.pop();
          }
        }
        return false;
      };
      /** Another requester of `d`'s day takes its `lost` places (a new draft, or theirs widened). */
      const hand = (d: Option, keep: Option | undefined, lost: number[], k: () => boolean): boolean => {
        if (inChain.size >= limit) return false;
        for (const p of bySlot.get(lost[0]!) ?? []) {
          const y = p.cand.staffId;
          if (inChain.has(y) || !rates.has(y) || !lost.every((i) => p.slots.includes(i))) continue;
          const q = st.chosen.get(p.cand.id);
          if (q && (q === p || !q.slots.every((i) => p.slots.includes(i)))) continue;
          if (p.slots.some((i) => !q?.slots.includes(i) && st.coveredBy[i]!.has(y))) continue;
          if (++visits > cap) return false;
          const addY = minutesOf(p) - (q ? minutesOf(q) : 0);
          const ry = st.rateWith(y, addY);
          const above = ry >= hi - EPS;
          if ((!inside(ry) && !above) || overTarget(y, addY)) continue;
          if (!keepsPlaces(st, q ? [d, q] : [d], keep ? [keep, p] : [p])) continue;
          // a rule p breaks (a weekly cap) may be freed by a give of y's own
          const illegal = !!st.plans.get(y)!.check(p, st.settings, q ? candidateKey(q.cand.id) : undefined);
          takes.push([p.cand.id, p]);
          inChain.add(y);
          // risen to the top (or blocked): y gives one of its own shifts on another day
          if (above || illegal ? give(y, addY, true, k) : k()) return true;
          inChain.delete(y);
          takes.pop();
        }
        return false;
      };
      /**
       * `x` takes one of its requests (new, or its draft widened), `added` minutes already changed for x in
       * the chain; `gave`: x gave already (it may not go back); then `k` closes the chain.
       */
      const take = (x: number, added: number, gave: boolean, k: () => boolean): boolean => {
        let tried = 0;
        for (const c of candsOf.get(x) ?? []) {
          const q = st.chosen.get(c);
          const day = st.options.get(c)![0]!.day;
          if (days.has(day)) continue;
          for (const t of st.options.get(c)!) {
            if (q && (q === t || !q.slots.every((i) => t.slots.includes(i)))) continue;
            if (t.slots.some((i) => !q?.slots.includes(i) && st.coveredBy[i]!.has(x))) continue;
            if (++visits > cap) return false;
            const now = added + minutesOf(t) - (q ? minutesOf(q) : 0);
            if (overTarget(x, now)) continue;
            const r = st.rateWith(x, now);
            const above = r >= hi - EPS;
            if (!inside(r) && (gave || !above)) continue;
            // a rule t breaks is freed only by a give of x's own (made before it, or after it when above)
            if (!gave && !above && st.plans.get(x)!.check(t, st.settings, q ? candidateKey(c) : undefined))
              continue;
            if (gave && ++tried > BACK) return false;
            // the places t takes that are full: their holder of the day gives them up
            const full = t.slots.filter((i) => !q?.slots.includes(i) && size(i) >= st.slots[i]!.required);
            takes.push([c, t]);
            days.add(day);
            const then = () =>
              full.length === 0 ? keepsPlaces(st, q ? [q] : [], [t]) && k() : release(q, t, full, k);
            // risen above the highest: x gives one of its own shifts on another day
            if (above ? give(x, now, true, then) : then()) return true;
            days.delete(day);
            takes.pop();
          }
        }
        return false;
      };
      /** A holder of the `full` places gives them up to `t` (which replaces `q`, if any). */
      const release = (q: Option | undefined, t: Option, full: number[], k: () => boolean): boolean => {
        if (inChain.size >= limit) return false;
        for (const r of bySlot.get(full[0]!) ?? []) {
          const y = r.cand.staffId;
          if (st.chosen.get(r.cand.id) !== r || inChain.has(y) || !rates.has(y)) continue;
          if (!full.every((i) => r.slots.includes(i))) continue;
          for (const s of [undefined, ...st.options.get(r.cand.id)!]) {
            if (s === r || (s && !s.slots.every((i) => r.slots.includes(i) && !full.includes(i)))) continue;
            if (++visits > cap) return false;
            const addY = (s ? minutesOf(s) : 0) - minutesOf(r);
            const ry = st.rateWith(y, addY);
            const below = ry <= lo + EPS;
            if (!inside(ry) && !below) continue;
            if (!keepsPlaces(st, q ? [q, r] : [r], s ? [t, s] : [t])) continue;
            gives.push([r.cand.id, s]);
            inChain.add(y);
            // fallen to the bottom: y takes one of its own requests on another day
            if (below ? take(y, addY, true, k) : k()) return true;
            inChain.delete(y);
            gives.pop();
          }
        }
        return false;
      };
      // the fewest staff first
      for (; limit <= END_DEPTH && visits <= cap; limit++)
        if (take(end, 0, false, close)) {
          found = [...gives, ...takes];
          break;
        }
      spent += Math.min(visits, cap);
      if (found) break;
    }
    if (!found) break;
    make(found);
    moves++;
  }
  return moves;
}
