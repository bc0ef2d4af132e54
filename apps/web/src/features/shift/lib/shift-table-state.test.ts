import { describe, expect, it } from 'vitest';
import { shiftBody } from '../../../testing/shift-fixtures.ts';
import { buildCells, cellKey, daysOf, noEdits, periodOfKey, REST_DAY } from './shift-grid-model.ts';
import {
  initialTableState,
  rectangleOf,
  shiftTableReducer,
  type GridShape,
  type ShiftTableAction,
  type ShiftTableState,
} from './shift-table-state.ts';

const days = daysOf(periodOfKey('2026-12')!);
const grid: GridShape = { staffIds: [7, 8], days };
const shifts = [shiftBody({ id: 1, staffId: 7, date: '2026-12-01' })];
const model = { shifts, days, cells: buildCells(shifts, noEdits, days) };
const run = (actions: ShiftTableAction[], from: ShiftTableState = initialTableState()) =>
  actions.reduce(shiftTableReducer, from);
const selected = (state: ShiftTableState) => [...state.selection].sort();

describe('the grid cursor', () => {
  it('moves inside the grid, and extends the selection from the anchor with Shift', () => {
    const state = run([
      { type: 'move', by: [-1, 0], extend: false, grid },
      { type: 'move', by: [0, 1], extend: false, grid },
      { type: 'move', by: [1, 0], extend: true, grid },
      { type: 'move', by: [5, 0], extend: true, grid },
    ]);
    expect(state.focus).toEqual({ row: 1, col: 1 });
    expect(state.anchor).toEqual({ row: 0, col: 1 });
    expect(selected(state)).toEqual(['7|2026-12-02', '8|2026-12-02']);
  });

  it('selects a cell on a click, toggles with Ctrl, takes the rectangle with Shift and while dragging', () => {
    const clicked = run([{ type: 'press', pos: { row: 0, col: 0 }, how: 'single', grid }]);
    expect(selected(clicked)).toEqual(['7|2026-12-01']);
    const toggled = run([{ type: 'press', pos: { row: 1, col: 2 }, how: 'toggle', grid }], clicked);
    expect(selected(toggled)).toEqual(['7|2026-12-01', '8|2026-12-03']);
    expect(toggled.anchor).toEqual({ row: 1, col: 2 });
    const extended = run([{ type: 'press', pos: { row: 0, col: 1 }, how: 'extend', grid }], toggled);
    expect(selected(extended)).toEqual([...rectangleOf(grid, { row: 1, col: 2 }, { row: 0, col: 1 })].sort());
    expect(extended.selection.size).toBe(4);
    const dragged = run([{ type: 'drag', pos: { row: 1, col: 1 }, grid }], clicked);
    expect(dragged.selection.size).toBe(4);
    // outside the grid nothing changes
    expect(run([{ type: 'press', pos: { row: 5, col: 0 }, how: 'single', grid }], clicked)).toBe(clicked);
  });

  it('toggles the focused cell (Space) and keeps only it selected (Escape)', () => {
    const state = run([
      { type: 'press', pos: { row: 0, col: 0 }, how: 'single', grid },
      { type: 'drag', pos: { row: 1, col: 1 }, grid },
      { type: 'toggleFocused', grid },
    ]);
    expect(state.selection.has(cellKey(8, '2026-12-02'))).toBe(false);
    expect(state.selection.size).toBe(3);
    expect(selected(run([{ type: 'selectFocused', grid }], state))).toEqual(['8|2026-12-02']);
  });
});

describe('edits', () => {
  it('sets cells through the model and clears the notice and the refusals of the cells it touched', () => {
    const refused = run([
      {
        type: 'saveRefused',
        errors: new Map([
          ['7|2026-12-01', 'no'],
          ['8|2026-12-01', 'no'],
        ]),
        message: 'x',
      },
      { type: 'succeeded', notice: 'done' },
      { type: 'applyValue', value: REST_DAY, keys: ['7|2026-12-01', '7|2026-12-02'], model },
    ]);
    expect(refused.notice).toBeNull();
    expect([...refused.errors.keys()]).toEqual(['8|2026-12-01']);
    expect(refused.saveError).toBe('x');
    expect(refused.edits.changed[1]).toEqual({ status: 'DRAFT', isRest: true });
    expect(refused.edits.created).toMatchObject([{ staffId: 7, date: '2026-12-02', isRest: true }]);
    const reset = run(
      [
        {
          type: 'resetCells',
          keys: ['7|2026-12-01', '7|2026-12-02'],
          model: { ...model, cells: buildCells(shifts, refused.edits, days) },
        },
      ],
      refused,
    );
    expect(reset.edits).toEqual({ ...noEdits, nextKey: 2 });
  });

  it('drafts every request, or those of the given cells', () => {
    expect(run([{ type: 'draftRequests', keys: null, model }]).edits.changed).toEqual({
      1: { status: 'DRAFT' },
    });
    const none = run([{ type: 'draftRequests', keys: new Set(['8|2026-12-01', '7|2026-12-02']), model }]);
    expect(none.edits.changed).toEqual({});
  });

  it('drops the edits when saved or discarded, and keeps them when the save is refused', () => {
    const edited = run([{ type: 'applyValue', value: REST_DAY, keys: ['8|2026-12-05'], model }]);
    expect(run([{ type: 'saveRefused', errors: new Map(), message: 'x' }], edited).edits).toBe(edited.edits);
    expect(run([{ type: 'saved', notice: 'ok' }], edited)).toMatchObject({ edits: noEdits, notice: 'ok' });
    expect(run([{ type: 'failed', message: 'x' }, { type: 'discard' }], edited)).toMatchObject({
      edits: noEdits,
      saveError: null,
    });
  });
});
