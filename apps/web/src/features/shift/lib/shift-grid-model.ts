import type {
  NormalRule,
  SaveShiftBody,
  ShiftPattern,
  ShiftStaff,
  SpecialRuleGroup,
  TableShift,
} from '@app/contracts';

/*
 * The shift table's model, pure: the period's days, the cells (server shifts with the manager's unsaved
 * changes on top), the save-shift body those changes make, and what the summary under the grid counts.
 * Times are store-local wall-clock 'HH:MM' (the API answers instants with the store's offset).
 */

export type ShiftStatus = TableShift['status'];

/** One closure period of the table: '2026-12' (month) or '2026-12-H1' / '2026-12-H2' (halves). */
export type TablePeriod = { key: string; year: number; month: number; startDate: string; endDate: string };

const pad = (n: number) => String(n).padStart(2, '0');
const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

export function periodOfKey(key: string): TablePeriod | null {
  const match = /^(\d{4})-(\d{2})(?:-(H1|H2))?$/.exec(key);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  if (month < 1 || month > 12 || year < 2020 || year > 2100) return null;
  const last = daysInMonth(year, month);
  const [from, to] = match[3] === 'H1' ? [1, 15] : match[3] === 'H2' ? [16, last] : [1, last];
  const ym = `${year}-${pad(month)}`;
  return { key, year, month, startDate: `${ym}-${pad(from)}`, endDate: `${ym}-${pad(to)}` };
}

/** The period `step` periods away (-1: the one before), in the same pattern. */
export function shiftPeriodKey(key: string, step: number): string {
  const p = periodOfKey(key);
  if (!p) return key;
  const half = key.endsWith('-H1') ? 0 : key.endsWith('-H2') ? 1 : null;
  if (half === null) {
    const index = p.year * 12 + (p.month - 1) + step;
    return `${Math.floor(index / 12)}-${pad((index % 12) + 1)}`;
  }
  const index = (p.year * 12 + (p.month - 1)) * 2 + half + step;
  const monthIndex = Math.floor(index / 2);
  return `${Math.floor(monthIndex / 12)}-${pad((monthIndex % 12) + 1)}-H${(index % 2) + 1}`;
}

/** The period containing `day` in the store's pattern. */
export function periodKeyOfDay(day: string, pattern: 'FULL_MONTH' | 'HALF_MONTH'): string {
  const ym = day.slice(0, 7);
  if (pattern === 'FULL_MONTH') return ym;
  return Number(day.slice(8, 10)) <= 15 ? `${ym}-H1` : `${ym}-H2`;
}

export function addDay(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

export function daysOf(period: Pick<TablePeriod, 'startDate' | 'endDate'>): string[] {
  const days: string[] = [];
  for (let d = period.startDate; d <= period.endDate; d = addDay(d, 1)) days.push(d);
  return days;
}

/** ISO weekday: 1 Monday .. 7 Sunday. */
export const isoWeekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay() || 7;

export const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
export const hhmmOf = (minutes: number) => `${pad(Math.floor(minutes / 60) % 24)}:${pad(minutes % 60)}`;
/** 'HH:MM' of an instant the API answered with the store's offset ('2026-12-01T22:00:00+09:00'). */
export const localTime = (instant: string) => instant.slice(11, 16);

/** The times a day offers in steps of the time division. */
export function timeOptions(division: number): string[] {
  const out: string[] = [];
  for (let m = 0; m < 1440; m += division) out.push(hhmmOf(m));
  return out;
}

export const isAligned = (hhmm: string, division: number) => minutesOf(hhmm) % division === 0;

/** Minutes a shift lasts; an end at or before the start is on the next day (overnight). */
export const lengthOf = (start: string, end: string) => {
  const d = minutesOf(end) - minutesOf(start);
  return d <= 0 ? d + 1440 : d;
};
export const isOvernight = (start: string, end: string) => minutesOf(end) <= minutesOf(start);

// ---- cells ----

export type CellShift = {
  /** `s<id>` for a stored shift, `n<k>` for one made here and not saved yet. */
  key: string;
  id: number | null;
  staffId: number;
  date: string;
  status: ShiftStatus;
  start: string;
  end: string;
  isRest: boolean;
  /** The staff member's own request (kept when the manager changes it). */
  isRequested: boolean;
  /** Original request times when the manager changed them (saved), e.g. '10:00-15:00'. */
  original: string | null;
  /** Changed here and not saved yet. */
  isDirty: boolean;
};

/** The manager's unsaved change of a stored shift. */
export type ShiftEdit = { status?: ShiftStatus; start?: string; end?: string; isRest?: boolean };
export type NewDraft = {
  key: string;
  staffId: number;
  date: string;
  start: string;
  end: string;
  isRest: boolean;
};
export type Edits = { changed: Record<number, ShiftEdit>; created: NewDraft[]; nextKey: number };
export const noEdits: Edits = { changed: {}, created: [], nextKey: 1 };

export const cellKey = (staffId: number, date: string) => `${staffId}|${date}`;

export function toCellShift(s: TableShift, edit: ShiftEdit | undefined): CellShift {
  const start = edit?.start ?? localTime(s.startAt);
  const end = edit?.end ?? localTime(s.endAt);
  const original =
    s.hasBeenModified && s.originalStartAt && s.originalEndAt
      ? `${localTime(s.originalStartAt)}-${localTime(s.originalEndAt)}`
      : null;
  const isDirty =
    edit !== undefined &&
    ((edit.status !== undefined && edit.status !== s.status) ||
      (edit.start !== undefined && edit.start !== localTime(s.startAt)) ||
      (edit.end !== undefined && edit.end !== localTime(s.endAt)) ||
      (edit.isRest !== undefined && edit.isRest !== s.isRest));
  return {
    key: `s${s.id}`,
    id: s.id,
    staffId: s.staffId,
    date: s.date,
    status: edit?.status ?? s.status,
    start,
    end,
    isRest: edit?.isRest ?? s.isRest,
    isRequested: s.isRequested,
    original,
    isDirty,
  };
}

const statusOrder: Record<ShiftStatus, number> = { APPROVED: 0, DRAFT: 1, REQUEST: 2 };

/** staffId|date -> the cell's shifts (approved, draft, request; then by start). */
export function buildCells(shifts: TableShift[], edits: Edits, days: string[]): Map<string, CellShift[]> {
  const inPeriod = new Set(days);
  const cells = new Map<string, CellShift[]>();
  const put = (c: CellShift) => {
    if (!inPeriod.has(c.date)) return;
    const k = cellKey(c.staffId, c.date);
    const list = cells.get(k);
    if (list) list.push(c);
    else cells.set(k, [c]);
  };
  for (const s of shifts) put(toCellShift(s, edits.changed[s.id]));
  for (const n of edits.created) {
    put({ ...n, id: null, status: 'DRAFT', isRequested: false, original: null, isDirty: true });
  }
  for (const list of cells.values()) {
    list.sort((a, b) => statusOrder[a.status] - statusOrder[b.status] || a.start.localeCompare(b.start));
  }
  return cells;
}

/** The shift of a cell the manager's edit acts on: a draft, else a request (approved ones are locked). */
export const editableShiftOf = (list: CellShift[] | undefined) =>
  list?.find((c) => c.status === 'DRAFT') ?? list?.find((c) => c.status === 'REQUEST');

export const isLocked = (list: CellShift[] | undefined) =>
  (list ?? []).some((c) => c.status === 'APPROVED') && !editableShiftOf(list);

export type CellValue = { start: string; end: string; isRest: boolean };
/** A rest day is stored as the whole day (00:00 to 24:00). */
export const REST_DAY: CellValue = { start: '00:00', end: '00:00', isRest: true };

/**
 * Sets a cell to a draft with these times: its draft changes, else its request becomes a draft with them
 * (drafting from the request), else a new draft. Approved cells stay as they are.
 */
export function setCell(
  edits: Edits,
  shifts: TableShift[],
  cells: Map<string, CellShift[]>,
  staffId: number,
  date: string,
  value: CellValue,
): Edits {
  const list = cells.get(cellKey(staffId, date));
  if (isLocked(list)) return edits;
  const target = editableShiftOf(list);
  if (!target) {
    const key = `n${edits.nextKey}`;
    return {
      ...edits,
      created: [...edits.created, { key, staffId, date, ...value }],
      nextKey: edits.nextKey + 1,
    };
  }
  // A rest keeps the shift's times (the day is marked, the request's times stay readable).
  const change = value.isRest ? { isRest: true } : value;
  if (target.id === null) {
    return {
      ...edits,
      created: edits.created.map((n) => (n.key === target.key ? { ...n, ...change } : n)),
    };
  }
  return changeStored(edits, shifts, target.id, { status: 'DRAFT', ...change });
}

/** Records a change of a stored shift, dropping what equals the stored value. */
function changeStored(edits: Edits, shifts: TableShift[], id: number, change: ShiftEdit): Edits {
  const stored = shifts.find((s) => s.id === id);
  if (!stored) return edits;
  const merged: ShiftEdit = { ...edits.changed[id], ...change };
  const clean: ShiftEdit = {};
  if (merged.status !== undefined && merged.status !== stored.status) clean.status = merged.status;
  if (merged.start !== undefined && merged.start !== localTime(stored.startAt)) clean.start = merged.start;
  if (merged.end !== undefined && merged.end !== localTime(stored.endAt)) clean.end = merged.end;
  if (merged.isRest !== undefined && merged.isRest !== stored.isRest) clean.isRest = merged.isRest;
  const changed = { ...edits.changed };
  if (Object.keys(clean).length === 0) delete changed[id];
  else changed[id] = clean;
  return { ...edits, changed };
}

/** Requests of these cells (every one when `keys` is null) become drafts as the staff asked. */
export function draftFromRequests(
  edits: Edits,
  shifts: TableShift[],
  cells: Map<string, CellShift[]>,
  keys: Iterable<string> | null,
): Edits {
  let next = edits;
  const lists = keys === null ? [...cells.values()] : [...keys].map((k) => cells.get(k) ?? []);
  for (const list of lists) {
    if (list.some((c) => c.status === 'DRAFT' || c.status === 'APPROVED')) continue;
    for (const c of list) {
      if (c.status === 'REQUEST' && c.id !== null)
        next = changeStored(next, shifts, c.id, { status: 'DRAFT' });
    }
  }
  return next;
}

/**
 * Clears these cells back to what the staff asked: unsaved new drafts go, drafts made from requests
 * become requests again (with the requested times), unsaved changes are dropped.
 */
export function resetCells(
  edits: Edits,
  shifts: TableShift[],
  cells: Map<string, CellShift[]>,
  keys: Iterable<string>,
): Edits {
  let next = edits;
  for (const k of keys) {
    for (const c of cells.get(k) ?? []) {
      if (c.id === null) next = { ...next, created: next.created.filter((n) => n.key !== c.key) };
      else if (c.status === 'DRAFT' && c.isRequested) {
        const stored = shifts.find((s) => s.id === c.id)!;
        next = changeStored(next, shifts, c.id, {
          status: 'REQUEST',
          start: localTime(stored.startAt),
          end: localTime(stored.endAt),
          isRest: stored.isRest,
        });
      } else if (c.isDirty) {
        const changed = { ...next.changed };
        delete changed[c.id];
        next = { ...next, changed };
      }
    }
  }
  return next;
}

export const patternValue = (p: ShiftPattern): CellValue => ({
  start: `${pad(p.startHour)}:${pad(p.startMinute)}`,
  end: `${pad(p.endHour)}:${pad(p.endMinute)}`,
  isRest: false,
});

export const hasEdits = (edits: Edits) => edits.created.length > 0 || Object.keys(edits.changed).length > 0;

export const countEdits = (edits: Edits) => edits.created.length + Object.keys(edits.changed).length;

const endDayOf = (date: string, start: string, end: string) =>
  isOvernight(start, end) ? addDay(date, 1) : date;

/** The save-shift body of the unsaved changes, and which cell each listed item belongs to. */
export function saveBodyOf(
  edits: Edits,
  shifts: TableShift[],
  periodStart: string,
): { body: SaveShiftBody; cellOfPath: Map<string, string> } {
  const toDraft: number[] = [];
  const toRequest: number[] = [];
  const toUpdate: NonNullable<SaveShiftBody['toUpdate']> = [];
  const cellOfPath = new Map<string, string>();
  const byId = new Map(shifts.map((s) => [s.id, s]));
  for (const [idText, edit] of Object.entries(edits.changed)) {
    const s = byId.get(Number(idText));
    if (!s) continue;
    const cell = cellKey(s.staffId, s.date);
    if (edit.status === 'DRAFT') {
      cellOfPath.set(`toDraft.${toDraft.length}`, cell);
      toDraft.push(s.id);
    } else if (edit.status === 'REQUEST') {
      cellOfPath.set(`toRequest.${toRequest.length}`, cell);
      toRequest.push(s.id);
    }
    if (edit.start !== undefined || edit.end !== undefined || edit.isRest !== undefined) {
      const start = edit.start ?? localTime(s.startAt);
      const end = edit.end ?? localTime(s.endAt);
      cellOfPath.set(`toUpdate.${toUpdate.length}`, cell);
      toUpdate.push({
        id: s.id,
        ...(edit.start !== undefined || edit.end !== undefined
          ? { startAt: `${s.date}T${start}`, endAt: `${endDayOf(s.date, start, end)}T${end}` }
          : {}),
        ...(edit.isRest !== undefined ? { isRest: edit.isRest } : {}),
      });
    }
  }
  const toCreate = edits.created.map((n, i) => {
    cellOfPath.set(`toCreate.${i}`, cellKey(n.staffId, n.date));
    return {
      staffId: n.staffId,
      startAt: `${n.date}T${n.start}`,
      endAt: `${endDayOf(n.date, n.start, n.end)}T${n.end}`,
      isRest: n.isRest,
    };
  });
  return { body: { date: periodStart, toDraft, toRequest, toUpdate, toCreate }, cellOfPath };
}

// ---- the summary under the grid ----

/** Shifts that are the plan: drafts and approved ones, not rest. */
const isPlanned = (c: CellShift) => c.status !== 'REQUEST' && !c.isRest;

/** Planned hours per staff member and per day (drafts and approved shifts, rest days excluded). */
export function hoursOf(cells: Map<string, CellShift[]>) {
  const byStaff = new Map<number, number>();
  const byDay = new Map<string, number>();
  let total = 0;
  for (const list of cells.values()) {
    for (const c of list) {
      if (!isPlanned(c)) continue;
      const hours = lengthOf(c.start, c.end) / 60;
      byStaff.set(c.staffId, (byStaff.get(c.staffId) ?? 0) + hours);
      byDay.set(c.date, (byDay.get(c.date) ?? 0) + hours);
      total += hours;
    }
  }
  return { byStaff, byDay, total };
}

export type Slot = { label: string; start: number; end: number; required: number; isRest: boolean };

/** The slots a day needs staffed: the special rules of that date, else the weekly rules of its weekday. */
export function slotsOfDay(day: string, weekly: NormalRule[], special: SpecialRuleGroup[]): Slot[] {
  const specials = special
    .flatMap((g) => g.specialRules)
    .filter((r) => r.shiftStartDateTime.slice(0, 10) === day)
    .map((r) => {
      const start = minutesOf(localTime(r.shiftStartDateTime));
      return {
        label: `${localTime(r.shiftStartDateTime)}-${localTime(r.shiftEndDateTime)}`,
        start,
        end: start + r.shiftDurationMinutes,
        required: r.isRest ? 0 : r.staffCount,
        isRest: r.isRest,
      };
    });
  if (specials.length > 0) return specials;
  const weekday = String(isoWeekday(day));
  return weekly
    .filter((r) => r.dayOfWeek === weekday)
    .map((r) => {
      const start = minutesOf(r.shiftStartTime);
      return {
        label: `${r.shiftStartTime.slice(0, 5)}-${r.shiftEndTime.slice(0, 5)}`,
        start,
        end: start + r.shiftDurationMinutes,
        required: r.isRest ? 0 : r.staffCount,
        isRest: r.isRest,
      };
    });
}

export type Coverage = { label: string; byDay: Map<string, { required: number; assigned: number } | null> };

/**
 * Required against assigned staff per slot and day: a staff member counts for a slot when one of their
 * planned shifts of that day covers the whole slot.
 */
export function coverageOf(
  days: string[],
  staffIds: number[],
  cells: Map<string, CellShift[]>,
  weekly: NormalRule[],
  special: SpecialRuleGroup[],
): Coverage[] {
  const rows = new Map<string, Coverage>();
  const order: { label: string; start: number }[] = [];
  for (const day of days) {
    for (const slot of slotsOfDay(day, weekly, special)) {
      let row = rows.get(slot.label);
      if (!row) {
        row = { label: slot.label, byDay: new Map() };
        rows.set(slot.label, row);
        order.push({ label: slot.label, start: slot.start });
      }
      let assigned = 0;
      if (!slot.isRest) {
        for (const staffId of staffIds) {
          const covers = (cells.get(cellKey(staffId, day)) ?? []).some((c) => {
            if (!isPlanned(c)) return false;
            const start = minutesOf(c.start);
            return start <= slot.start && start + lengthOf(c.start, c.end) >= slot.end;
          });
          if (covers) assigned += 1;
        }
      }
      row.byDay.set(day, { required: slot.required, assigned });
    }
  }
  return order
    .sort((a, b) => a.start - b.start || a.label.localeCompare(b.label))
    .map((o) => rows.get(o.label)!);
}

/** Approved staff in the order of their employee number, then name. */
export function tableStaff(staff: ShiftStaff[]): ShiftStaff[] {
  return staff
    .filter((s) => s.status === 'APPROVED')
    .sort(
      (a, b) =>
        (a.employeeNumber ?? '\uffff').localeCompare(b.employeeNumber ?? '\uffff') ||
        a.name.localeCompare(b.name, 'ja') ||
        a.id - b.id,
    );
}

export const formatHours = (h: number) => (Math.round(h * 100) / 100).toString();

/**
 * The automatic draft's proposal as edits of the grid (shown, not saved): each proposed request becomes a
 * draft with its trimmed times, each redrafted draft left out goes back to its request's times.
 */
export function autoDraftEdits(
  shifts: TableShift[],
  proposal: { proposed: { shiftId: number; startAt: string; endAt: string }[]; toRequest: number[] },
): Edits {
  const changed: Record<number, ShiftEdit> = {};
  for (const p of proposal.proposed)
    changed[p.shiftId] = { status: 'DRAFT', start: localTime(p.startAt), end: localTime(p.endAt) };
  const byId = new Map(shifts.map((s) => [s.id, s]));
  for (const id of proposal.toRequest) {
    const s = byId.get(id);
    if (!s) continue;
    changed[id] = {
      status: 'REQUEST',
      start: localTime(s.originalStartAt ?? s.startAt),
      end: localTime(s.originalEndAt ?? s.endAt),
    };
  }
  return { changed, created: [], nextKey: 1 };
}
