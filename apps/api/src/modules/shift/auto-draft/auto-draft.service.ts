// The automatic draft call: loads the window's shifts, staff and rules, runs the solver (in its worker
// thread), answers the preview and keeps it by its inputs' version; accepting, in one transaction, saves the
// kept plan through save-shift when the inputs are the same, on whichever process (docs/decisions/0017,
// 0042).
import { createHash } from 'node:crypto';
import {
  shiftMessages,
  type AutoDraftResult,
  type ShiftStoreParams,
  type acceptAutoDraftBodySchema,
  type autoDraftBodySchema,
} from '@app/contracts';
import type { z } from 'zod';
import { inTransaction, type Db } from '../../../db/client.ts';
import type { ServiceContext } from '../../../platform/context.ts';
import { conflict } from '../../../platform/errors.ts';
import {
  eachDay,
  formatInstant,
  isoWeekday,
  localDay,
  localMinutes,
  parseInstant,
  zonedInstant,
  type Day,
} from '../../../platform/dates.ts';
import { periodOf } from '../rules/periods.ts';
import { periodRange } from '../rules/reminders.ts';
import { listNormalRules, listSpecialRules } from '../rules/rules.repository.ts';
import { getClosureSetting } from '../rules/settings.repository.ts';
import { loadStore, scopeOf, type ShiftStoreRow, type StoreScope } from '../shift-store.ts';
import { saveShifts } from '../table/shifts.service.ts';
import { listShiftsStarting, type ShiftRow } from '../table/shifts.repository.ts';
import { listAllStaff, lockStaff } from '../staff/staff.repository.ts';
import { toStaffView } from '../shift.views.ts';
import { reasonText } from './reasons.ts';
import { normalise } from './solver-model.ts';
import type { Candidate, FixedShift, Slot, SolverInput, SolverSettings } from './solver-types.ts';
import { draftInWorker } from './draft-pool.ts';
import { findStoredDraft, storeDraft } from './auto-draft.repository.ts';

type Ctx = { ctx: ServiceContext };
type DraftInput = ShiftStoreParams & z.output<typeof autoDraftBodySchema>;

const DAY_MS = 86_400_000;
const minutes = (hours: number | null) => (hours === null ? null : hours * 60);

const clockMinutes = (time: string) => {
  const [h, m] = time.split(':').map(Number);
  return h! * 60 + m!;
};

/** The required slots of each day: the special rules of a date replace the weekly rules of its weekday. */
function slotsOf(
  days: Day[],
  weekly: Awaited<ReturnType<typeof listNormalRules>>,
  special: Awaited<ReturnType<typeof listSpecialRules>>,
  store: ShiftStoreRow,
  division: number,
) {
  const slots: Slot[] = [];
  const closedDays: Day[] = [];
  const closedWindows: { start: number; end: number }[] = [];
  const align = (ms: number, up: boolean) => {
    const m = localMinutes(new Date(ms), store.timeZone) % division;
    if (m === 0 && ms % 60_000 === 0) return ms;
    return up ? ms + (division - m) * 60_000 - (ms % 60_000) : ms - m * 60_000 - (ms % 60_000);
  };
  for (const day of days) {
    const specials = special.filter((r) => localDay(r.shiftStartDateTime, store.timeZone) === day);
    const rules = specials.length
      ? specials.map((r) => ({
          id: `s${r.id}`,
          start: r.shiftStartDateTime.getTime(),
          end: r.shiftEndDateTime.getTime(),
          required: r.staffCount,
          isRest: r.isRest,
        }))
      : weekly
          .filter((r) => Number(r.dayOfWeek) === isoWeekday(day))
          .map((r) => ({
            id: `w${r.id}`,
            start: zonedInstant(day, clockMinutes(r.shiftStartTime), store.timeZone).getTime(),
            end: zonedInstant(
              day,
              clockMinutes(r.shiftEndTime) + r.shiftEndDayDiff * 1440,
              store.timeZone,
            ).getTime(),
            required: r.staffCount,
            isRest: r.isRest,
          }));
    if (rules.length > 0 && rules.every((r) => r.isRest)) closedDays.push(day);
    // a rest rule beside work rules closes its hours: no draft reaches into them
    else
      for (const r of rules)
        if (r.isRest && r.end > r.start) closedWindows.push({ start: r.start, end: r.end });
    // the slot keeps the rule's own times (who covers it); drafts start and end on the time division
    for (const r of rules)
      if (!r.isRest && r.required > 0 && r.end > r.start)
        slots.push({
          id: `${day}:${r.id}`,
          day,
          start: r.start,
          end: r.end,
          required: r.required,
          shiftStart: align(r.start, false),
          shiftEnd: align(r.end, true),
        });
  }
  return { slots, closedDays, closedWindows };
}

/**
 * What a preview was made from and what accepting it would save: the shifts around the window (a
 * manager's edit), the approved staff, and the plan itself (so a rule, setting or cap changed since the
 * preview, which changes the plan, is caught too; one that changes nothing is not a conflict).
 */
const fingerprintOf = (rows: ShiftRow[], staffIds: number[], plan: unknown) =>
  createHash('sha256')
    .update(
      JSON.stringify([
        staffIds,
        rows.map((r) => [
          r.id,
          r.staffId,
          r.status,
          r.startAt.getTime(),
          r.endAt.getTime(),
          r.isRest,
          r.updatedAt.getTime(),
        ]),
        plan,
      ]),
    )
    .digest('base64url');

type Save = {
  date: Day;
  toDraft: number[];
  toRequest: number[];
  toUpdate: { id: number; startAt: string; endAt: string }[];
};

/**
 * The version of everything a draft is made from: the window, the mode and the zone, the approved staff,
 * the shifts around the window with their update times, and the solver's whole input (rules, settings,
 * caps, targets, names). Equal keys, equal inputs: the stored plan is the one to show and to save.
 */
const inputKeyOf = (
  parts: { mode: string; from: Date; to: Date; timeZone: string },
  rows: ShiftRow[],
  staffIds: number[],
  solverInput: SolverInput,
) =>
  createHash('sha256')
    .update(
      JSON.stringify([
        [parts.mode, parts.from.getTime(), parts.to.getTime(), parts.timeZone],
        fingerprintOf(rows, staffIds, null),
        normalise(solverInput),
      ]),
    )
    .digest('hex');

async function draft(db: Db, store: ShiftStoreRow, scope: StoreScope, input: DraftInput) {
  const tz = store.timeZone;
  const closure = await getClosureSetting(db, scope);
  const asked = { from: parseInstant(input.startAtMin, tz), to: parseInstant(input.startAtMax, tz) };
  // save-shift saves inside one closure period: the window is cut to the period it starts in
  const firstDay = localDay(asked.from, tz);
  const period = periodOf(firstDay, closure);
  const periodSpan = periodRange(period, tz);
  const range = {
    from: new Date(Math.max(asked.from.getTime(), periodSpan.from.getTime())),
    to: new Date(Math.min(asked.to.getTime(), periodSpan.to.getTime())),
  };
  // the rest interval and the week reach a week around the window
  const around = {
    from: new Date(range.from.getTime() - 8 * DAY_MS),
    to: new Date(range.to.getTime() + 8 * DAY_MS),
  };
  const rows = await listShiftsStarting(db, scope, around);
  const staffRows = (await listAllStaff(db, scope)).filter((s) => s.status === 'APPROVED');
  const approved = new Set(staffRows.map((s) => s.id));
  const inRange = (r: ShiftRow) => r.startAt >= range.from && r.startAt < range.to;
  const redraftable = (r: ShiftRow) =>
    input.mode === 'REDRAFT' && r.status === 'DRAFT' && r.requestedAt !== null && !r.isRest;

  const candidates: Candidate[] = [];
  const fixed: FixedShift[] = [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const r of rows) {
    const day = localDay(r.startAt, tz);
    if (inRange(r) && approved.has(r.staffId) && !r.isRest && (r.status === 'REQUEST' || redraftable(r))) {
      // a request drafted earlier is redrafted from the times the staff member asked for
      const start = (r.status === 'DRAFT' ? r.originalStartAt : null) ?? r.startAt;
      const end = (r.status === 'DRAFT' ? r.originalEndAt : null) ?? r.endAt;
      candidates.push({
        id: r.id,
        staffId: r.staffId,
        day: localDay(start, tz),
        start: start.getTime(),
        end: end.getTime(),
      });
    } else if (r.status !== 'REQUEST' || r.isRest) {
      // a rest request counts as a rest day even before it is approved
      fixed.push({
        id: r.id,
        staffId: r.staffId,
        day,
        start: r.startAt.getTime(),
        end: r.endAt.getTime(),
        isRest: r.isRest,
        requestedMinutes: r.requestedAt && inRange(r) && !r.isRest ? (r.originalDuration ?? r.duration) : 0,
        isOutsidePeriod: !inRange(r),
      });
    }
  }

  const days = eachDay(localDay(range.from, tz), localDay(new Date(range.to.getTime() - 1), tz));
  const [weekly, special] = await Promise.all([
    listNormalRules(db, scope),
    listSpecialRules(db, scope, {
      from: zonedInstant(days[0]!, 0, tz),
      to: zonedInstant(days.at(-1)!, 1440, tz),
    }),
  ]);
  const { slots, closedDays, closedWindows } = slotsOf(
    days,
    weekly,
    special,
    store,
    closure.timeDivisionSetting,
  );
  const solverInput: SolverInput = {
    settings: {
      minRestMinutes: closure.minRestHours * 60,
      allowMultiplePerDay: closure.allowMultipleShiftsPerDay,
    } satisfies SolverSettings,
    // a staff member's own cap replaces the store's
    staff: staffRows.map((s) => ({
      id: s.id,
      name: toStaffView(s).name,
      maxDayMinutes: minutes(s.maxHoursPerDay ?? closure.maxHoursPerDay),
      maxWeekMinutes: minutes(s.maxHoursPerWeek ?? closure.maxHoursPerWeek),
      maxMonthMinutes: minutes(s.maxHoursPerMonth ?? closure.maxHoursPerMonth),
      targetMinutes: minutes(s.targetHoursPerMonth),
    })),
    slots,
    candidates,
    fixed,
    closedDays,
    closedWindows,
  };
  const staffIds = staffRows.map((s) => s.id);
  const inputKey = inputKeyOf({ mode: input.mode, ...range, timeZone: tz }, rows, staffIds, solverInput);
  // made before, here or on another process (from the same inputs): that plan, not another solve's
  const stored = await findStoredDraft<AutoDraftResult, Save>(db, scope, inputKey);
  if (stored) return stored;
  const result = await draftInWorker(solverInput);

  const chosen = new Map(result.assignments.map((a) => [a.candidateId, a]));
  const proposed = result.assignments.map((a) => {
    const source = candidates.find((c) => c.id === a.candidateId)!;
    return {
      shiftId: a.candidateId,
      staffId: a.staffId,
      date: a.day,
      startAt: formatInstant(new Date(a.start), tz),
      endAt: formatInstant(new Date(a.end), tz),
      duration: Math.round((a.end - a.start) / 60_000),
      requestStartAt: formatInstant(new Date(source.start), tz),
      requestEndAt: formatInstant(new Date(source.end), tz),
    };
  });
  // what save-shift gets: requests drafted (trimmed), redrafted drafts moved, the others back to requests
  const toDraft: number[] = [];
  const toRequest: number[] = [];
  const toUpdate: { id: number; startAt: string; endAt: string }[] = [];
  for (const c of candidates) {
    const row = byId.get(c.id)!;
    const a = chosen.get(c.id);
    const want = a ? { start: a.start, end: a.end } : { start: c.start, end: c.end };
    if (a && row.status === 'REQUEST') toDraft.push(c.id);
    if (!a && row.status === 'DRAFT') toRequest.push(c.id);
    if (want.start !== row.startAt.getTime() || want.end !== row.endAt.getTime())
      toUpdate.push({
        id: c.id,
        startAt: formatInstant(new Date(want.start), tz),
        endAt: formatInstant(new Date(want.end), tz),
      });
  }

  const answer: AutoDraftResult = {
    mode: input.mode,
    startAtMin: formatInstant(range.from, tz),
    startAtMax: formatInstant(range.to, tz),
    fingerprint: fingerprintOf(rows, staffIds, [proposed, toDraft, toRequest, toUpdate]),
    proposed,
    toRequest,
    slots: result.slots.map((s) => ({
      date: s.day,
      startAt: formatInstant(new Date(s.start), tz),
      endAt: formatInstant(new Date(s.end), tz),
      required: s.required,
      assigned: s.assigned,
      staffIds: s.staffIds,
      reasons: s.reasons.map((r) => ({
        kind: r.kind,
        staffId: 'staffId' in r ? r.staffId : null,
        rule: r.kind === 'BLOCKED' ? r.violation.kind : null,
        text: reasonText(r, tz),
      })),
    })),
    staff: result.staff,
    totals: result.totals,
  };
  return storeDraft<AutoDraftResult, Save>(db, scope, inputKey, {
    answer,
    save: { date: firstDay, toDraft, toRequest, toUpdate },
  });
}

/** The preview: nothing is saved. */
export async function previewAutoDraft({
  ctx,
  input,
}: Ctx & { input: DraftInput }): Promise<AutoDraftResult> {
  const store = await loadStore(ctx, input.storeId);
  return (await draft(ctx.db, store, scopeOf(store), input)).answer;
}

/**
 * Accepting: in one transaction, with the store's staff rows locked, the period's inputs are read again;
 * the same inputs find the plan kept at the preview (computed on any process) and it is saved; changed
 * inputs are drafted again, and a plan other than the preview's (its fingerprint) answers 409, saving
 * nothing. Otherwise it is saved through save-shift, all or nothing.
 */
export async function acceptAutoDraft({
  ctx,
  input,
}: Ctx & { input: ShiftStoreParams & z.output<typeof acceptAutoDraftBodySchema> }) {
  const store = await loadStore(ctx, input.storeId);
  const scope = scopeOf(store);
  return inTransaction(ctx.db, async (tx) => {
    await lockStaff(
      tx,
      scope,
      (await listAllStaff(tx, scope)).map((s) => s.id),
    );
    const { answer, save } = await draft(tx, store, scope, input);
    if (answer.fingerprint !== input.fingerprint) throw conflict(shiftMessages.draftOutdated);
    const saved = await saveShifts({
      ctx: { ...ctx, db: tx },
      input: { storeId: input.storeId, ...save, toCreate: [] },
    });
    return { drafted: answer.proposed.length, updatedIds: saved.updatedIds };
  });
}
