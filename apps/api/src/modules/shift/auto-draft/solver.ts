// The automatic shift draft's solver: pure (no database, no clock), deterministic (same input, same answer).
// A lazy greedy fills the slots' required counts from the staff's requests, never breaking a hard rule,
// then a local search moves a staff member's assignment to someone else where that frees them for a slot
// nobody else can take. Every slot left short gets its reasons, per requester, by name (docs/decisions/0017).
import { addDays, isoWeekday, type Day } from '../../../platform/dates.ts';

const MINUTE = 60_000;

/** A required slot: a weekly or special rule of one day (`required` staff covering [start, end)). */
export type Slot = { id: string; day: Day; start: number; end: number; required: number };

export type StaffLimits = {
  /** Caps in minutes; null = no cap. */
  maxDayMinutes: number | null;
  maxWeekMinutes: number | null;
  maxMonthMinutes: number | null;
  /** Target hours of the month in minutes (a goal, not a rule); null = none. */
  targetMinutes: number | null;
};

export type SolverStaff = StaffLimits & { id: number; name: string };

/** A request the solver may turn into a draft, trimmed to slots but never extended. */
export type Candidate = { id: number; staffId: number; day: Day; start: number; end: number };

/** A shift the solver keeps as it is (approved, or a draft in fill mode), and rest days (isRest). */
export type FixedShift = {
  id: number;
  staffId: number;
  day: Day;
  start: number;
  end: number;
  isRest: boolean;
  /** Minutes the staff member requested for it (a draft made from a request), for the fulfilment rate. */
  requestedMinutes: number;
  /**
   * A shift of the days around the period, kept for the rest interval and the week's cap only: not
   * counted in the staff member's planned minutes.
   */
  isOutsidePeriod?: boolean;
};

export type SolverSettings = {
  minRestMinutes: number;
  allowMultiplePerDay: boolean;
};

export type SolverInput = {
  settings: SolverSettings;
  staff: SolverStaff[];
  slots: Slot[];
  candidates: Candidate[];
  fixed: FixedShift[];
  /** Days the store is closed (a rest rule): nobody is drafted on them. */
  closedDays: Day[];
};

export type Violation =
  | { kind: 'CLOSED_DAY' }
  | { kind: 'REST_DAY' }
  | { kind: 'OVERLAP'; withStart: number; withEnd: number }
  | { kind: 'ONE_PER_DAY'; withStart: number; withEnd: number }
  | { kind: 'MIN_REST'; withStart: number; withEnd: number }
  | { kind: 'DAY_CAP'; minutes: number; cap: number }
  | { kind: 'WEEK_CAP'; minutes: number; cap: number }
  | { kind: 'MONTH_CAP'; minutes: number; cap: number };

export type GapReason =
  | { kind: 'NO_REQUEST' }
  /** A requester who was not drafted for it, and the first rule drafting them would break. */
  | { kind: 'BLOCKED'; staffId: number; staffName: string; violation: Violation }
  | { kind: 'NOT_DRAFTED'; staffId: number; staffName: string };

export type Assignment = { candidateId: number; staffId: number; day: Day; start: number; end: number };

export type SlotResult = {
  slotId: string;
  day: Day;
  start: number;
  end: number;
  required: number;
  /** Staff covering the whole slot: kept shifts plus proposed drafts. */
  assigned: number;
  staffIds: number[];
  reasons: GapReason[];
};

export type StaffResult = {
  staffId: number;
  name: string;
  /** Minutes planned in the input's period: kept non-rest shifts plus proposed drafts. */
  plannedMinutes: number;
  proposedMinutes: number;
  requestedMinutes: number;
  /** Minutes drafted or kept from requests / minutes requested; null without requests. */
  fulfilmentRate: number | null;
  targetMinutes: number | null;
};

export type SolverResult = {
  assignments: Assignment[];
  slots: SlotResult[];
  staff: StaffResult[];
  totals: {
    required: number;
    assigned: number;
    /** Slot places filled, each slot counted up to its required number. */
    filled: number;
    /** The upper bound of fillable places (see fillableUpperBound). */
    fillable: number;
    unfilledSlots: number;
    proposedShifts: number;
    proposedMinutes: number;
  };
};

// ---- days, weeks, months ----

const weekKey = (day: Day): Day => addDays(day, 1 - isoWeekday(day));
const monthKey = (day: Day): string => day.slice(0, 7);
const covers = (s: { start: number; end: number }, slot: { start: number; end: number }) =>
  s.start <= slot.start && s.end >= slot.end;
const minutesOf = (s: { start: number; end: number }) => Math.round((s.end - s.start) / MINUTE);

type Work = { key: number; day: Day; start: number; end: number; isRest: boolean };

/** One staff member's plan: every shift they hold (kept and proposed), indexed for the rule checks. */
class Plan {
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

/** A way to draft one request: the hull of a run of consecutive slots it fully contains. */
type Option = { cand: Candidate; day: Day; slots: number[]; start: number; end: number; idx: number };

function buildOptions(input: SolverInput, slots: Slot[]): Map<number, Option[]> {
  const byDay = new Map<Day, number[]>();
  slots.forEach((s, i) => byDay.set(s.day, [...(byDay.get(s.day) ?? []), i]));
  const out = new Map<number, Option[]>();
  let idx = 0;
  for (const cand of input.candidates) {
    const inside = (byDay.get(cand.day) ?? []).filter((i) => covers(cand, slots[i]!));
    const options: Option[] = [];
    for (let a = 0; a < inside.length; a++) {
      let start = Infinity;
      let end = -Infinity;
      for (let b = a; b < inside.length; b++) {
        const slot = slots[inside[b]!]!;
        start = Math.min(start, slot.start);
        end = Math.max(end, slot.end);
        options.push({ cand, day: cand.day, slots: inside.slice(a, b + 1), start, end, idx: idx++ });
      }
    }
    out.set(cand.id, options);
  }
  return out;
}

const candidateKey = (id: number) => -1 - id; // plan keys: fixed shifts >= 0 by position, candidates < 0

/** The solver. `input` is not changed; its order does not matter (everything is sorted first). */
export function solve(raw: SolverInput): SolverResult {
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
  const rate = (staffId: number) =>
    ((fromRequests.get(staffId) ?? 0) + (proposed.get(staffId) ?? 0)) / (requested.get(staffId) || 1);
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

  // priority: more places, then under target, then the lower fulfilment rate, longer, then ids
  type Key = [number, number, number, number, number];
  const keyOf = (o: Option, gain: number): Key => {
    const s = staffById.get(o.cand.staffId)!;
    const overTarget = s.targetMinutes !== null && monthPlanned(s.id) >= s.targetMinutes ? 1 : 0;
    return [gain, -overTarget, -rate(s.id), o.end - o.start, -o.idx];
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
    while (heap.size > 0) {
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
  greedy(allOptions);

  // local search: for a short slot, draft a requester whose other draft blocks them, if someone else
  // can take that draft's places (or it gains more than it loses)
  const filled = () => slots.reduce((n, slot, i) => n + Math.min(slot.required, slot.required - need[i]!), 0);
  const restore = (snapshot: Map<number, Option>) => {
    for (const x of [...chosen.values()]) if (snapshot.get(x.cand.id) !== x) unapply(x);
    for (const x of snapshot.values()) if (chosen.get(x.cand.id) !== x) apply(x);
  };
  for (let round = 0; round < 3; round++) {
    let improved = false;
    for (let i = 0; i < slots.length; i++) {
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
    if (!improved) break;
  }

  const fillable = fillableUpperBound(input);
  return report(input, slots, need, coveredBy, chosen, plans, staffById, requested, fromRequests, {
    proposed,
    fillable,
  });
}

function report(
  input: SolverInput,
  slots: Slot[],
  need: number[],
  coveredBy: Set<number>[],
  chosen: Map<number, Option>,
  plans: Map<number, Plan>,
  staffById: Map<number, SolverStaff>,
  requested: Map<number, number>,
  fromRequests: Map<number, number>,
  extra: { proposed: Map<number, number>; fillable: number },
): SolverResult {
  const closed = new Set(input.closedDays);
  const assignments: Assignment[] = [...chosen.values()]
    .map((o) => ({
      candidateId: o.cand.id,
      staffId: o.cand.staffId,
      day: o.cand.day,
      start: o.start,
      end: o.end,
    }))
    .sort((a, b) => a.start - b.start || a.staffId - b.staffId || a.candidateId - b.candidateId);

  const slotResults: SlotResult[] = slots.map((slot, i) => {
    const reasons: GapReason[] = [];
    if (need[i]! > 0) {
      const requesters = input.candidates.filter(
        (c) =>
          c.day === slot.day && covers(c, slot) && !coveredBy[i]!.has(c.staffId) && staffById.has(c.staffId),
      );
      if (requesters.length === 0) reasons.push({ kind: 'NO_REQUEST' });
      const seen = new Set<number>();
      for (const c of requesters) {
        if (seen.has(c.staffId)) continue;
        seen.add(c.staffId);
        const staff = staffById.get(c.staffId)!;
        const prev = chosen.get(c.id);
        const wish = prev
          ? { day: c.day, start: Math.min(prev.start, slot.start), end: Math.max(prev.end, slot.end) }
          : { day: c.day, start: slot.start, end: slot.end };
        const violation: Violation | null =
          (closed.has(c.day) ? { kind: 'CLOSED_DAY' } : null) ??
          plans.get(c.staffId)!.check(wish, input.settings, prev ? candidateKey(c.id) : undefined);
        // allowed on its own yet not drafted: the search did not reach it (not expected after the greedy)
        reasons.push(
          violation
            ? { kind: 'BLOCKED', staffId: c.staffId, staffName: staff.name, violation }
            : { kind: 'NOT_DRAFTED', staffId: c.staffId, staffName: staff.name },
        );
      }
    }
    return {
      slotId: slot.id,
      day: slot.day,
      start: slot.start,
      end: slot.end,
      required: slot.required,
      assigned: coveredBy[i]!.size,
      staffIds: [...coveredBy[i]!].sort((a, b) => a - b),
      reasons,
    };
  });

  const staffResults: StaffResult[] = input.staff.map((s) => {
    const plan = plans.get(s.id)!;
    let planned = 0;
    for (const w of plan.shifts.values())
      if (!w.isRest && !(w.key >= 0 && input.fixed[w.key]!.isOutsidePeriod)) planned += minutesOf(w);
    const req = requested.get(s.id) ?? 0;
    const prop = extra.proposed.get(s.id) ?? 0;
    return {
      staffId: s.id,
      name: s.name,
      plannedMinutes: planned,
      proposedMinutes: prop,
      requestedMinutes: req,
      fulfilmentRate:
        req > 0 ? Math.round((((fromRequests.get(s.id) ?? 0) + prop) / req) * 1000) / 1000 : null,
      targetMinutes: s.targetMinutes,
    };
  });

  const required = slots.reduce((n, s) => n + s.required, 0);
  return {
    assignments,
    slots: slotResults,
    staff: staffResults,
    totals: {
      required,
      assigned: slotResults.reduce((n, s) => n + s.assigned, 0),
      filled: slotResults.reduce((n, s) => n + Math.min(s.required, s.assigned), 0),
      fillable: extra.fillable,
      unfilledSlots: slotResults.filter((s) => s.assigned < s.required).length,
      proposedShifts: assignments.length,
      proposedMinutes: assignments.reduce((n, a) => n + minutesOf(a), 0),
    },
  };
}

/**
 * An upper bound of the places any legal draft can fill: per slot, the kept shifts covering it plus the
 * requesters who could take it alone (no rule broken against the kept shifts), at most its required number.
 * A slot nobody can legally take does not count against the solver.
 */
export function fillableUpperBound(raw: SolverInput): number {
  const input = normalise(raw);
  const closed = new Set(input.closedDays);
  const staffById = new Map(input.staff.map((s) => [s.id, s]));
  const plans = new Map(input.staff.map((s) => [s.id, new Plan(s)]));
  input.fixed.forEach((f, i) => plans.get(f.staffId)?.add({ key: i, ...f }));
  let total = 0;
  for (const slot of input.slots) {
    const who = new Set<number>();
    for (const f of input.fixed) if (!f.isRest && f.day === slot.day && covers(f, slot)) who.add(f.staffId);
    for (const c of input.candidates) {
      if (who.has(c.staffId) || !staffById.has(c.staffId) || closed.has(c.day)) continue;
      if (c.day !== slot.day || !covers(c, slot)) continue;
      if (!plans.get(c.staffId)!.check(slot, input.settings)) who.add(c.staffId);
    }
    total += Math.min(slot.required, who.size);
  }
  return total;
}

/** Every hard rule the proposed drafts break, against each other and the kept shifts (tests, bench). */
export function findViolations(raw: SolverInput, assignments: Assignment[]): string[] {
  const input = normalise(raw);
  const out: string[] = [];
  const closed = new Set(input.closedDays);
  const candidates = new Map(input.candidates.map((c) => [c.id, c]));
  const plans = new Map(input.staff.map((s) => [s.id, new Plan(s)]));
  input.fixed.forEach((f, i) => plans.get(f.staffId)?.add({ key: i, ...f }));
  const used = new Set<number>();
  for (const a of assignments) {
    const c = candidates.get(a.candidateId);
    if (!c || c.staffId !== a.staffId)
      out.push(`draft ${a.candidateId}: not a request of staff ${a.staffId}`);
    else if (a.start < c.start || a.end > c.end || a.start >= a.end || a.day !== c.day)
      out.push(`draft ${a.candidateId}: outside its request`);
    if (used.has(a.candidateId)) out.push(`draft ${a.candidateId}: drafted twice`);
    used.add(a.candidateId);
    if (closed.has(a.day)) out.push(`draft ${a.candidateId}: on a closed day`);
  }
  // each draft against the kept shifts and every other draft of the same staff member
  for (const a of assignments) {
    const plan = plans.get(a.staffId);
    if (!plan) {
      out.push(`draft ${a.candidateId}: unknown staff`);
      continue;
    }
    const v = plan.check(a, input.settings);
    if (v) out.push(`draft ${a.candidateId} (staff ${a.staffId}): ${v.kind}`);
    plan.add({ key: candidateKey(a.candidateId), day: a.day, start: a.start, end: a.end, isRest: false });
  }
  return out;
}

function normalise(input: SolverInput): SolverInput {
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
  };
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

/**
 * The bench's baseline, a naive first-come greedy: requests in the order they came (id), each drafted
 * whole while a slot it covers still needs staff, skipped if it breaks a hard rule. No trimming, no search.
 */
export function naiveFirstCome(raw: SolverInput): Assignment[] {
  const input = normalise(raw);
  const closed = new Set(input.closedDays);
  const plans = new Map(input.staff.map((s) => [s.id, new Plan(s)]));
  input.fixed.forEach((f, i) => plans.get(f.staffId)?.add({ key: i, ...f }));
  const need = input.slots.map((s) => s.required);
  input.slots.forEach((slot, i) => {
    for (const f of input.fixed) if (!f.isRest && f.day === slot.day && covers(f, slot)) need[i]!--;
  });
  const out: Assignment[] = [];
  for (const c of input.candidates) {
    const plan = plans.get(c.staffId);
    if (!plan || closed.has(c.day)) continue;
    const hits = input.slots.flatMap((slot, i) =>
      slot.day === c.day && covers(c, slot) && need[i]! > 0 ? [i] : [],
    );
    if (hits.length === 0 || plan.check(c, input.settings)) continue;
    plan.add({ key: candidateKey(c.id), day: c.day, start: c.start, end: c.end, isRest: false });
    for (const i of hits) need[i]!--;
    out.push({ candidateId: c.id, staffId: c.staffId, day: c.day, start: c.start, end: c.end });
  }
  return out;
}

/** Places filled and fulfilment rates of any set of drafts (the bench compares the solver and the baseline). */
export function measure(raw: SolverInput, assignments: Assignment[]) {
  const input = normalise(raw);
  const work = [...input.fixed.filter((f) => !f.isRest), ...assignments];
  let filled = 0;
  for (const slot of input.slots) {
    const who = new Set(work.filter((w) => w.day === slot.day && covers(w, slot)).map((w) => w.staffId));
    filled += Math.min(slot.required, who.size);
  }
  const rates: number[] = [];
  for (const s of input.staff) {
    const requested = input.candidates
      .filter((c) => c.staffId === s.id)
      .reduce((n, c) => n + minutesOf(c), 0);
    if (requested === 0) continue;
    const got = assignments.filter((a) => a.staffId === s.id).reduce((n, a) => n + minutesOf(a), 0);
    rates.push(got / requested);
  }
  const mean = rates.reduce((n, r) => n + r, 0) / (rates.length || 1);
  const sd = Math.sqrt(rates.reduce((n, r) => n + (r - mean) ** 2, 0) / (rates.length || 1));
  return {
    filled,
    minutes: assignments.reduce((n, a) => n + minutesOf(a), 0),
    rateMin: rates.length ? Math.min(...rates) : 0,
    rateMax: rates.length ? Math.max(...rates) : 0,
    rateMean: mean,
    rateSd: sd,
  };
}
