// The solver's scoring: its answer (coverage, each short slot's reasons, staff minutes, totals), the upper
// bound of fillable places, the hard-rule check of any drafts, and the bench's naive baseline and measure.
import { candidateKey, covers, minutesOf, normalise, Plan, type Option } from './solver-model.ts';
import type {
  Assignment,
  GapReason,
  SlotResult,
  Slot,
  SolverInput,
  SolverResult,
  SolverStaff,
  StaffResult,
  Violation,
} from './solver-types.ts';

export function report(
  input: SolverInput,
  slots: Slot[],
  need: number[],
  coveredBy: Set<number>[],
  chosen: Map<number, Option>,
  plans: Map<number, Plan>,
  staffById: Map<number, SolverStaff>,
  requested: Map<number, number>,
  fromRequests: Map<number, number>,
  extra: { proposed: Map<number, number>; fillable: number; unmet: boolean[] },
): SolverResult {
  const closed = new Set(input.closedDays);
  const closedHours = input.closedWindows ?? [];
  const assignments: Assignment[] = [...chosen.values()]
    .map((o) => ({
      candidateId: o.cand.id,
      staffId: o.cand.staffId,
      day: o.cand.day,
      start: o.start,
      end: o.end,
    }))
    .sort((a, b) => a.start - b.start || a.staffId - b.staffId || a.candidateId - b.candidateId);

  const timeOf = (o: Option) => ({ fromDay: o.day, fromStart: o.start, fromEnd: o.end });
  // the hours of the day some request (or kept shift) of the period reaches, for slots nobody asked for:
  // hours outside all of them cannot be met from these requests on any day
  const DAY_MS = 86_400_000;
  const ofDay = (x: { day: string; start: number; end: number }) => {
    const midnight = Date.parse(`${x.day}T00:00:00Z`);
    return [x.start - midnight, x.end - midnight] as const;
  };
  const asked = [
    ...input.candidates.filter((c) => staffById.has(c.staffId)),
    ...input.fixed.filter((f) => !f.isRest),
  ].map(ofDay);
  const outsideEveryRequest = (slot: Slot) => {
    const [start, end] = ofDay(slot);
    return !asked.some(([a, b]) => [-DAY_MS, 0, DAY_MS].some((k) => a + k < end && start < b + k));
  };
  const slotResults: SlotResult[] = slots.map((slot, i) => {
    const reasons: GapReason[] = [];
    if (need[i]! > 0) {
      if (extra.unmet[i])
        reasons.push({ kind: 'UNMEETABLE', required: slot.required, staffCount: staffById.size });
      const mine = (c: { staffId: number }) => !coveredBy[i]!.has(c.staffId) && staffById.has(c.staffId);
      const onDay = input.candidates.filter((c) => c.day === slot.day && mine(c));
      const requesters = onDay.filter((c) => covers(c, slot));
      const partial = onDay.filter((c) => !covers(c, slot) && c.start < slot.end && slot.start < c.end);
      if (requesters.length === 0 && partial.length === 0)
        reasons.push(
          outsideEveryRequest(slot)
            ? { kind: 'OUTSIDE_REQUESTS' }
            : { kind: 'NO_REQUEST', othersPlaced: coveredBy[i]!.size > 0 },
        );
      const seen = new Set<number>();
      for (const c of requesters) {
        if (seen.has(c.staffId)) continue;
        seen.add(c.staffId);
        const staff = staffById.get(c.staffId)!;
        const prev = chosen.get(c.id);
        const wish = prev
          ? { day: c.day, start: Math.min(prev.start, slot.start), end: Math.max(prev.end, slot.end) }
          : { day: c.day, start: slot.start, end: slot.end };
        const plan = plans.get(c.staffId)!;
        const except = prev ? candidateKey(c.id) : undefined;
        const shut = closedHours.find((w) => w.start < wish.end && wish.start < w.end);
        const violation: Violation | null =
          (closed.has(c.day) ? { kind: 'CLOSED_DAY' } : null) ??
          (shut ? { kind: 'CLOSED_HOURS', withStart: shut.start, withEnd: shut.end } : null) ??
          plan.check(wish, input.settings, except);
        // held by their own draft of another slot: moving them would fill this one (the gap moves there)
        const holder =
          violation && 'withStart' in violation && violation.kind !== 'CLOSED_HOURS'
            ? [...chosen.values()].find(
                (o) =>
                  o.cand.staffId === c.staffId &&
                  o.cand.id !== c.id &&
                  o.start === violation.withStart &&
                  o.end === violation.withEnd,
              )
            : undefined;
        if (holder && !prev && !plan.check(wish, input.settings, candidateKey(holder.cand.id)))
          reasons.push({ kind: 'SWAP', staffId: c.staffId, staffName: staff.name, ...timeOf(holder) });
        else
          reasons.push(
            violation
              ? { kind: 'BLOCKED', staffId: c.staffId, staffName: staff.name, violation }
              : { kind: 'NOT_DRAFTED', staffId: c.staffId, staffName: staff.name },
          );
      }
      for (const c of partial) {
        if (seen.has(c.staffId)) continue;
        seen.add(c.staffId);
        const staffName = staffById.get(c.staffId)!.name;
        reasons.push({ kind: 'PARTIAL_REQUEST', staffId: c.staffId, staffName, start: c.start, end: c.end });
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
      over: slotResults.reduce((n, s) => n + Math.max(0, s.assigned - s.required), 0),
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
    if ((input.closedWindows ?? []).some((w) => w.start < a.end && a.start < w.end))
      out.push(`draft ${a.candidateId}: in closed hours`);
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
