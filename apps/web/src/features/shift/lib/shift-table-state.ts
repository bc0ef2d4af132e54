import type { AutoDraftResult, TableShift } from '@app/contracts';
import {
  buildCells,
  cellKey,
  draftFromRequests,
  noEdits,
  resetCells,
  setCell,
  type CellShift,
  type CellValue,
  type Edits,
} from './shift-grid-model.ts';

/*
 * The shift table's state as one pure reducer over the grid model: the manager's unsaved edits, the
 * grid's selection and cursor, the open cell editor, and what the table says (refusals per cell, a
 * failure, a notice). An action that changes the edits carries the model it acts on: the stored shifts,
 * the period's days and the cells as the grid shows them (while a proposal is previewed, its cells).
 */

export type AutoDraftMode = AutoDraftResult['mode'];

export type GridPosition = { row: number; col: number };
/** The grid's rows and columns: staff ids from top to bottom, days from left to right. */
export type GridShape = { staffIds: number[]; days: string[] };
/** What an edit acts on. */
export type TableModel = { shifts: TableShift[]; days: string[]; cells: Map<string, CellShift[]> };

export type ShiftTableState = {
  edits: Edits;
  /** Cell keys (`staffId|date`) the toolbar acts on. */
  selection: Set<string>;
  /** The cell the keyboard is on. */
  focus: GridPosition;
  /** Where a Shift-extended selection starts. */
  anchor: GridPosition;
  /** The cell whose editor is open. */
  editing: string | null;
  /** The server's refusal per cell of the last save. */
  errors: Map<string, string>;
  /** The failure shown above the grid. */
  saveError: string | null;
  notice: string | null;
  confirm: 'approve' | 'unapprove' | null;
  draftMode: AutoDraftMode;
};

export const initialTableState = (): ShiftTableState => ({
  edits: noEdits,
  selection: new Set(),
  focus: { row: 0, col: 0 },
  anchor: { row: 0, col: 0 },
  editing: null,
  errors: new Map(),
  saveError: null,
  notice: null,
  confirm: null,
  draftMode: 'FILL_EMPTY',
});

/** What the grid does with the mouse and the keyboard. */
export type GridAction =
  /** A click: the cell alone (and a drag starts), the rectangle from the anchor (Shift), or toggled (Ctrl). */
  | { type: 'press'; pos: GridPosition; how: 'single' | 'extend' | 'toggle'; grid: GridShape }
  | { type: 'drag'; pos: GridPosition; grid: GridShape }
  /** Arrow keys; with Shift the selection grows from the anchor. */
  | { type: 'move'; by: readonly [number, number]; extend: boolean; grid: GridShape }
  | { type: 'toggleFocused'; grid: GridShape }
  | { type: 'selectFocused'; grid: GridShape };

export type ShiftTableAction =
  | GridAction
  | { type: 'applyValue'; value: CellValue; keys: Iterable<string>; model: TableModel }
  /** Requests become drafts as asked: in these cells, or in every cell when `keys` is null. */
  | { type: 'draftRequests'; keys: Set<string> | null; model: TableModel }
  | { type: 'resetCells'; keys: Iterable<string>; model: TableModel }
  | { type: 'discard' }
  | { type: 'saveStarted' }
  | { type: 'saved'; notice: string }
  | { type: 'saveRefused'; errors: Map<string, string>; message: string }
  | { type: 'autoDraftStarted'; mode: AutoDraftMode }
  | { type: 'confirm'; confirm: 'approve' | 'unapprove' | null }
  | { type: 'approved'; notice: string }
  | { type: 'approveFailed'; message: string }
  | { type: 'succeeded'; notice: string }
  | { type: 'failed'; message: string }
  | { type: 'dismissFailure' }
  | { type: 'dismissNotice' }
  | { type: 'openEditor'; cell: string }
  | { type: 'closeEditor' };

/** The key of the cell at a position of the grid, null outside it. */
export function cellAt(grid: GridShape, pos: GridPosition): string | null {
  const staffId = grid.staffIds[pos.row];
  const day = grid.days[pos.col];
  return staffId !== undefined && day ? cellKey(staffId, day) : null;
}

/** The cells of the rectangle between two positions. */
export function rectangleOf(grid: GridShape, from: GridPosition, to: GridPosition): Set<string> {
  const out = new Set<string>();
  for (let r = Math.min(from.row, to.row); r <= Math.max(from.row, to.row); r++) {
    for (let c = Math.min(from.col, to.col); c <= Math.max(from.col, to.col); c++) {
      const k = cellAt(grid, { row: r, col: c });
      if (k) out.add(k);
    }
  }
  return out;
}

const toggled = (selection: Set<string>, key: string) => {
  const next = new Set(selection);
  if (next.has(key)) next.delete(key);
  else next.add(key);
  return next;
};

/** Sets each of these cells to the value, one after the other (each sees the ones set before it). */
function setCells(edits: Edits, model: TableModel, keys: string[], value: CellValue): Edits {
  let next = edits;
  let current = model.cells;
  for (const k of keys) {
    const [staffId, date] = k.split('|');
    next = setCell(next, model.shifts, current, Number(staffId), date!, value);
    current = buildCells(model.shifts, next, model.days);
  }
  return next;
}

/** New edits: the notice goes, and so do the refusals of the cells they touched. */
function withEdits(state: ShiftTableState, edits: Edits, touched: string[]): ShiftTableState {
  let errors = state.errors;
  if (touched.some((k) => errors.has(k))) {
    errors = new Map(errors);
    for (const k of touched) errors.delete(k);
  }
  return { ...state, edits, notice: null, errors };
}

function gridReducer(state: ShiftTableState, action: GridAction): ShiftTableState {
  const { grid } = action;
  switch (action.type) {
    case 'press': {
      const { pos } = action;
      const k = cellAt(grid, pos);
      if (!k) return state;
      if (action.how === 'extend') {
        return { ...state, focus: pos, selection: rectangleOf(grid, state.anchor, pos) };
      }
      const selection = action.how === 'toggle' ? toggled(state.selection, k) : new Set([k]);
      return { ...state, focus: pos, anchor: pos, selection };
    }
    case 'drag':
      return { ...state, focus: action.pos, selection: rectangleOf(grid, state.anchor, action.pos) };
    case 'move': {
      const next = {
        row: Math.max(0, Math.min(grid.staffIds.length - 1, state.focus.row + action.by[0])),
        col: Math.max(0, Math.min(grid.days.length - 1, state.focus.col + action.by[1])),
      };
      if (action.extend) return { ...state, focus: next, selection: rectangleOf(grid, state.anchor, next) };
      const k = cellAt(grid, next);
      return { ...state, focus: next, anchor: next, selection: new Set(k ? [k] : []) };
    }
    case 'toggleFocused': {
      const k = cellAt(grid, state.focus);
      return k ? { ...state, selection: toggled(state.selection, k) } : state;
    }
    case 'selectFocused': {
      const k = cellAt(grid, state.focus);
      return k ? { ...state, selection: new Set([k]) } : state;
    }
  }
}

export function shiftTableReducer(state: ShiftTableState, action: ShiftTableAction): ShiftTableState {
  switch (action.type) {
    case 'press':
    case 'drag':
    case 'move':
    case 'toggleFocused':
    case 'selectFocused':
      return gridReducer(state, action);
    case 'applyValue': {
      const keys = [...action.keys];
      return withEdits(state, setCells(state.edits, action.model, keys, action.value), keys);
    }
    case 'draftRequests': {
      const { shifts, cells } = action.model;
      const edits = draftFromRequests(state.edits, shifts, cells, action.keys);
      return withEdits(state, edits, [...(action.keys ?? [])]);
    }
    case 'resetCells': {
      const keys = [...action.keys];
      const edits = resetCells(state.edits, action.model.shifts, action.model.cells, keys);
      return withEdits(state, edits, keys);
    }
    case 'discard':
      return { ...state, edits: noEdits, errors: new Map(), saveError: null };
    case 'saveStarted':
      return { ...state, saveError: null };
    case 'saved':
      return { ...state, edits: noEdits, errors: new Map(), notice: action.notice };
    case 'saveRefused':
      return { ...state, errors: action.errors, saveError: action.message };
    case 'autoDraftStarted':
      return { ...state, draftMode: action.mode, saveError: null, notice: null };
    case 'confirm':
      return { ...state, confirm: action.confirm };
    case 'approved':
      return { ...state, confirm: null, notice: action.notice };
    case 'approveFailed':
      return { ...state, confirm: null, saveError: action.message };
    case 'succeeded':
      return { ...state, notice: action.notice };
    case 'failed':
      return { ...state, saveError: action.message };
    case 'dismissFailure':
      return { ...state, saveError: null };
    case 'dismissNotice':
      return { ...state, notice: null };
    case 'openEditor':
      return { ...state, editing: action.cell };
    case 'closeEditor':
      return { ...state, editing: null };
  }
}
