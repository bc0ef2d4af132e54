import type { ShiftStaff } from '@app/contracts';
import Box from '@mui/material/Box';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { cellKey, formatHours, isoWeekday, type CellShift, type Coverage } from '../lib/shift-grid-model.ts';
import { cellAt, type GridAction, type GridPosition, type GridShape } from '../lib/shift-table-state.ts';
import { GridRow, signatureOf } from './shift-grid-row.tsx';
import { DAY_WIDTH, GRID_HEADER_HEIGHT, gridSx, NAME_WIDTH, TOTAL_WIDTH } from './shift-grid-styles.ts';

/*
 * The staff x days grid. One <table> with a sticky header row and name column; the selection and the
 * cursor are the table's state (shift-table-state.ts): the grid turns the mouse and the keyboard into
 * its actions. Keyboard: arrows move (Shift extends the selection), Enter edits, Space toggles, Escape
 * drops the selection, Delete puts the selected cells back to the staff's requests.
 */

const moves: Record<string, readonly [number, number]> = {
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
};

export function ShiftGrid({
  staff,
  days,
  cells,
  remarks,
  errors,
  hours,
  coverage,
  selection,
  focus,
  onGridAction,
  onEdit,
  onReset,
  height,
}: {
  staff: ShiftStaff[];
  days: string[];
  cells: Map<string, CellShift[]>;
  remarks: Map<string, string>;
  errors: Map<string, string>;
  hours: { byStaff: Map<number, number>; byDay: Map<string, number>; total: number };
  coverage: Coverage[];
  selection: Set<string>;
  focus: GridPosition;
  /** Stable (the reducer's dispatch): the rows are memoised on the handlers built from it. */
  onGridAction: (action: GridAction) => void;
  onEdit: (cell: string) => void;
  onReset: (cells: Set<string>) => void;
  height: string;
}) {
  const { t } = useTranslation();
  const dragging = useRef(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const shape = useMemo<GridShape>(() => ({ staffIds: staff.map((s) => s.id), days }), [staff, days]);
  const latest = useRef({ shape, onEdit });
  useLayoutEffect(() => {
    latest.current = { shape, onEdit };
  });

  const onCellMouseDown = useCallback(
    (event: MouseEvent, pos: GridPosition) => {
      if (event.button !== 0) return;
      tableRef.current?.focus({ preventScroll: true });
      const grid = latest.current.shape;
      if (!cellAt(grid, pos)) return;
      const how = event.shiftKey ? 'extend' : event.ctrlKey || event.metaKey ? 'toggle' : 'single';
      if (how === 'single') dragging.current = true;
      onGridAction({ type: 'press', pos, how, grid });
      event.preventDefault();
    },
    [onGridAction],
  );
  const onCellMouseEnter = useCallback(
    (pos: GridPosition) => {
      if (!dragging.current) return;
      onGridAction({ type: 'drag', pos, grid: latest.current.shape });
    },
    [onGridAction],
  );
  const onCellDoubleClick = useCallback((pos: GridPosition) => {
    const k = cellAt(latest.current.shape, pos);
    if (k) latest.current.onEdit(k);
  }, []);

  useEffect(() => {
    const stop = () => {
      dragging.current = false;
    };
    window.addEventListener('mouseup', stop);
    return () => window.removeEventListener('mouseup', stop);
  }, []);

  // Keep the focused cell in view inside the grid (the page itself does not scroll; the sticky
  // header and name column are left clear).
  useEffect(() => {
    const box = containerRef.current;
    const cell = document.getElementById(`shift-cell-${focus.row}-${focus.col}`);
    if (!box || !cell) return;
    const top = cell.offsetTop - GRID_HEADER_HEIGHT;
    const bottom = cell.offsetTop + cell.offsetHeight - box.clientHeight;
    if (box.scrollTop > top) box.scrollTop = top;
    else if (box.scrollTop < bottom) box.scrollTop = bottom;
    const left = cell.offsetLeft - NAME_WIDTH;
    const right = cell.offsetLeft + cell.offsetWidth - box.clientWidth;
    if (box.scrollLeft > left) box.scrollLeft = left;
    else if (box.scrollLeft < right) box.scrollLeft = right;
  }, [focus]);

  const onKeyDown = (event: KeyboardEvent) => {
    // The ARIA grid's keys beside the arrows: Home / End to the row's first / last day, with Ctrl the
    // grid's first / last cell (a move by the distance there).
    const toEdge =
      event.key === 'Home'
        ? ([event.ctrlKey ? -focus.row : 0, -focus.col] as const)
        : event.key === 'End'
          ? ([event.ctrlKey ? staff.length - 1 - focus.row : 0, days.length - 1 - focus.col] as const)
          : undefined;
    const move = toEdge ?? moves[event.key];
    if (move) {
      event.preventDefault();
      onGridAction({ type: 'move', by: move, extend: event.shiftKey, grid: shape });
      return;
    }
    const k = cellAt(shape, focus);
    if (!k) return;
    if (event.key === 'Enter' || event.key === 'F2') {
      event.preventDefault();
      onEdit(k);
    } else if (event.key === ' ') {
      event.preventDefault();
      onGridAction({ type: 'toggleFocused', grid: shape });
    } else if (event.key === 'Escape') {
      onGridAction({ type: 'selectFocused', grid: shape });
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      onReset(selection.size > 0 ? selection : new Set([k]));
    }
  };

  const texts = useMemo(
    () => ({
      rest: t('shift.cell.rest'),
      originalPrefix: t('shift.cell.original'),
      remark: t('shift.cell.remark'),
      unsaved: t('shift.cell.unsaved'),
      empty: t('shift.cell.empty'),
      weekdays: t('shift.weekdays', { returnObjects: true }) as unknown as string[],
      status: {
        REQUEST: t('shift.status.REQUEST'),
        DRAFT: t('shift.status.DRAFT'),
        APPROVED: t('shift.status.APPROVED'),
      },
    }),
    [t],
  );
  const weekdayNames = texts.weekdays;

  return (
    <Box ref={containerRef} data-testid="shift-grid" sx={gridSx(height)}>
      {/* The table is the ARIA grid: its rows and cells are the grid's rows, column headers and cells, and
          the focused cell is announced through aria-activedescendant as the arrow keys move it. */}
      <table
        ref={tableRef}
        role="grid"
        aria-label={t('shift.table.gridLabel')}
        aria-rowcount={staff.length + 2 + coverage.length}
        aria-colcount={days.length + 2}
        aria-activedescendant={`shift-cell-${focus.row}-${focus.col}`}
        aria-multiselectable
        tabIndex={0}
        onKeyDown={onKeyDown}
      >
        <colgroup>
          <col style={{ width: NAME_WIDTH }} />
          {days.map((d) => (
            <col key={d} style={{ width: DAY_WIDTH }} />
          ))}
          <col style={{ width: TOTAL_WIDTH }} />
        </colgroup>
        <thead>
          <tr>
            <th className="corner">{t('shift.table.staff')}</th>
            {days.map((d) => {
              const wd = isoWeekday(d);
              return (
                <th key={d} className={wd === 6 ? 'sat' : wd === 7 ? 'sun' : undefined} scope="col">
                  <span className="dnum">{Number(d.slice(8, 10))}</span>
                  <span className="wday">{weekdayNames[wd - 1]}</span>
                </th>
              );
            })}
            <th className="total">{t('shift.table.hours')}</th>
          </tr>
        </thead>
        <tbody>
          {staff.map((person, row) => {
            const rowCells = days.map((d) => cells.get(cellKey(person.id, d)));
            const rowRemarks = days.map((d) => remarks.get(cellKey(person.id, d)));
            const rowErrors = days.map((d) => errors.get(cellKey(person.id, d)));
            const selectedCols = days
              .map((d, col) => (selection.has(cellKey(person.id, d)) ? col : -1))
              .filter((c) => c >= 0)
              .join(',');
            return (
              <GridRow
                key={person.id}
                row={row}
                staff={person}
                days={days}
                cells={rowCells}
                remarks={rowRemarks}
                errors={rowErrors}
                signature={signatureOf(rowCells, rowRemarks, rowErrors)}
                selectedCols={selectedCols}
                focusCol={focus.row === row ? focus.col : -1}
                hours={hours.byStaff.get(person.id) ?? 0}
                texts={texts}
                onCellMouseDown={onCellMouseDown}
                onCellMouseEnter={onCellMouseEnter}
                onCellDoubleClick={onCellDoubleClick}
              />
            );
          })}
        </tbody>
        <tfoot>
          <tr className="sum">
            <th scope="row" className="name">
              {t('shift.table.dayHours')}
            </th>
            {days.map((d) => (
              <td key={d}>{formatHours(hours.byDay.get(d) ?? 0)}</td>
            ))}
            <td className="total">{formatHours(hours.total)}</td>
          </tr>
          {coverage.map((row) => (
            <tr key={row.label} className="cov">
              <th scope="row" className="name">
                {t('shift.table.coverage', { slot: row.label })}
              </th>
              {days.map((d) => {
                const v = row.byDay.get(d);
                if (!v) return <td key={d} />;
                const short = v.assigned < v.required;
                return (
                  <td
                    key={d}
                    className={short ? 'short' : 'ok'}
                    data-coverage={`${d} ${row.label}`}
                    title={
                      short
                        ? t('shift.table.shortage', { count: v.required - v.assigned })
                        : t('shift.table.covered')
                    }
                  >
                    {v.assigned}/{v.required}
                  </td>
                );
              })}
              <td />
            </tr>
          ))}
        </tfoot>
      </table>
    </Box>
  );
}
