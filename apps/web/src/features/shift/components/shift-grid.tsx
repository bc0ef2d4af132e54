import type { ShiftStaff } from '@app/contracts';
import Box from '@mui/material/Box';
import { alpha, type Theme } from '@mui/material/styles';
import {
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import {
  cellKey,
  formatHours,
  isOvernight,
  isoWeekday,
  type CellShift,
  type Coverage,
} from '../lib/shift-grid-model.ts';

/*
 * The staff x days grid. One <table> with a sticky header row and name column; rows are memoised on a
 * signature of their cells, so an edit or a selection change re-renders only the rows it touches.
 * Keyboard: arrows move (Shift extends the selection), Enter edits, Space toggles, Escape drops the
 * selection, Delete puts the selected cells back to the staff's requests.
 */

export const GRID_ROW_HEIGHT = 48;
export const GRID_HEADER_HEIGHT = 44;
const NAME_WIDTH = 168;
const DAY_WIDTH = 92;
const TOTAL_WIDTH = 72;

export type GridPosition = { row: number; col: number };

const statusClass = { REQUEST: 'req', DRAFT: 'dft', APPROVED: 'apr' } as const;

export function shiftText(c: Pick<CellShift, 'start' | 'end' | 'isRest'>, restLabel: string): string {
  if (c.isRest) return restLabel;
  return `${c.start}-${isOvernight(c.start, c.end) ? '翌' : ''}${c.end}`;
}

type RowProps = {
  row: number;
  staff: ShiftStaff;
  days: string[];
  cells: (CellShift[] | undefined)[];
  remarks: (string | undefined)[];
  errors: (string | undefined)[];
  signature: string;
  selectedCols: string;
  focusCol: number;
  hours: number;
  texts: { rest: string; originalPrefix: string; remark: string; unsaved: string };
  onCellMouseDown: (event: MouseEvent, pos: GridPosition) => void;
  onCellMouseEnter: (pos: GridPosition) => void;
  onCellDoubleClick: (pos: GridPosition) => void;
};

const GridRow = memo(
  function GridRow({
    row,
    staff,
    days,
    cells,
    remarks,
    errors,
    selectedCols,
    focusCol,
    hours,
    texts,
    onCellMouseDown,
    onCellMouseEnter,
    onCellDoubleClick,
  }: RowProps) {
    const selected = new Set(selectedCols ? selectedCols.split(',').map(Number) : []);
    return (
      <tr>
        <th scope="row" className="name" title={staff.name}>
          <span className="staff-name">{staff.name}</span>
          {staff.employeeNumber && <span className="emp">{staff.employeeNumber}</span>}
        </th>
        {days.map((day, col) => {
          const list = cells[col];
          const remark = remarks[col];
          const error = errors[col];
          const wd = isoWeekday(day);
          const classes = ['cell'];
          if (selected.has(col)) classes.push('sel');
          if (focusCol === col) classes.push('foc');
          if (error) classes.push('err');
          if (wd >= 6) classes.push(wd === 6 ? 'sat' : 'sun');
          const title = [
            ...(list ?? []).map(
              (c) =>
                `${shiftText(c, texts.rest)}${c.original ? ` (${texts.originalPrefix} ${c.original})` : ''}${c.isDirty ? ` ${texts.unsaved}` : ''}`,
            ),
            ...(remark ? [`${texts.remark}: ${remark}`] : []),
            ...(error ? [error] : []),
          ].join('\n');
          return (
            <td
              key={day}
              id={`shift-cell-${row}-${col}`}
              role="gridcell"
              aria-selected={selected.has(col)}
              data-cell={cellKey(staff.id, day)}
              className={classes.join(' ')}
              title={title || undefined}
              onMouseDown={(e) => onCellMouseDown(e, { row, col })}
              onMouseEnter={() => onCellMouseEnter({ row, col })}
              onDoubleClick={() => onCellDoubleClick({ row, col })}
            >
              {(list ?? []).slice(0, 2).map((c) => (
                <span
                  key={c.key}
                  className={`s ${statusClass[c.status]}${c.isRest ? ' rest' : ''}${c.isDirty ? ' dirty' : ''}`}
                  data-status={c.status}
                >
                  {shiftText(c, texts.rest)}
                  {c.original && <span className="mod">*</span>}
                </span>
              ))}
              {(list?.length ?? 0) > 2 && <span className="more">+{(list?.length ?? 0) - 2}</span>}
              {remark && <span className="remark" aria-label={texts.remark} />}
            </td>
          );
        })}
        <td className="total">{formatHours(hours)}</td>
      </tr>
    );
  },
  (a, b) =>
    a.signature === b.signature &&
    a.selectedCols === b.selectedCols &&
    a.focusCol === b.focusCol &&
    a.hours === b.hours &&
    a.days === b.days &&
    a.texts === b.texts &&
    a.onCellMouseDown === b.onCellMouseDown,
);

const signatureOf = (
  cells: (CellShift[] | undefined)[],
  remarks: (string | undefined)[],
  errors: (string | undefined)[],
) =>
  cells
    .map(
      (list, i) =>
        `${(list ?? []).map((c) => `${c.key}:${c.status}:${c.start}:${c.end}:${c.isRest ? 1 : 0}:${c.isDirty ? 1 : 0}:${c.original ?? ''}`).join(';')}|${remarks[i] ?? ''}|${errors[i] ?? ''}`,
    )
    .join('/');

export function ShiftGrid({
  staff,
  days,
  cells,
  remarks,
  errors,
  hours,
  coverage,
  selection,
  onSelectionChange,
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
  onSelectionChange: (selection: Set<string>) => void;
  onEdit: (cell: string) => void;
  onReset: (cells: Set<string>) => void;
  height: string;
}) {
  const { t } = useTranslation();
  const [focus, setFocus] = useState<GridPosition>({ row: 0, col: 0 });
  const anchor = useRef<GridPosition>({ row: 0, col: 0 });
  const dragging = useRef(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const latest = useRef({ staff, days, selection, onSelectionChange, onEdit, focus });
  useLayoutEffect(() => {
    latest.current = { staff, days, selection, onSelectionChange, onEdit, focus };
  });

  const keyAt = useCallback((pos: GridPosition) => {
    const { staff: s, days: d } = latest.current;
    const person = s[pos.row];
    const day = d[pos.col];
    return person && day ? cellKey(person.id, day) : null;
  }, []);

  const rectangle = useCallback(
    (from: GridPosition, to: GridPosition) => {
      const out = new Set<string>();
      for (let r = Math.min(from.row, to.row); r <= Math.max(from.row, to.row); r++) {
        for (let c = Math.min(from.col, to.col); c <= Math.max(from.col, to.col); c++) {
          const k = keyAt({ row: r, col: c });
          if (k) out.add(k);
        }
      }
      return out;
    },
    [keyAt],
  );

  const onCellMouseDown = useCallback(
    (event: MouseEvent, pos: GridPosition) => {
      if (event.button !== 0) return;
      containerRef.current?.focus({ preventScroll: true });
      const k = keyAt(pos);
      if (!k) return;
      const { selection: current, onSelectionChange: change } = latest.current;
      setFocus(pos);
      if (event.shiftKey) {
        change(rectangle(anchor.current, pos));
      } else if (event.ctrlKey || event.metaKey) {
        const next = new Set(current);
        if (next.has(k)) next.delete(k);
        else next.add(k);
        anchor.current = pos;
        change(next);
      } else {
        anchor.current = pos;
        dragging.current = true;
        change(new Set([k]));
      }
      event.preventDefault();
    },
    [keyAt, rectangle],
  );
  const onCellMouseEnter = useCallback(
    (pos: GridPosition) => {
      if (!dragging.current) return;
      setFocus(pos);
      latest.current.onSelectionChange(rectangle(anchor.current, pos));
    },
    [rectangle],
  );
  const onCellDoubleClick = useCallback(
    (pos: GridPosition) => {
      const k = keyAt(pos);
      if (k) latest.current.onEdit(k);
    },
    [keyAt],
  );
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
    const moves: Record<string, [number, number]> = {
      ArrowUp: [-1, 0],
      ArrowDown: [1, 0],
      ArrowLeft: [0, -1],
      ArrowRight: [0, 1],
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      const next = {
        row: Math.max(0, Math.min(staff.length - 1, focus.row + move[0])),
        col: Math.max(0, Math.min(days.length - 1, focus.col + move[1])),
      };
      setFocus(next);
      if (event.shiftKey) onSelectionChange(rectangle(anchor.current, next));
      else {
        anchor.current = next;
        const k = keyAt(next);
        onSelectionChange(new Set(k ? [k] : []));
      }
      return;
    }
    const k = keyAt(focus);
    if (!k) return;
    if (event.key === 'Enter' || event.key === 'F2') {
      event.preventDefault();
      onEdit(k);
    } else if (event.key === ' ') {
      event.preventDefault();
      const next = new Set(selection);
      if (next.has(k)) next.delete(k);
      else next.add(k);
      onSelectionChange(next);
    } else if (event.key === 'Escape') {
      onSelectionChange(new Set([k]));
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
    }),
    [t],
  );

  const weekdayNames = t('shift.weekdays', { returnObjects: true }) as unknown as string[];

  return (
    <Box
      ref={containerRef}
      role="grid"
      aria-label={t('shift.table.gridLabel')}
      aria-rowcount={staff.length + 1}
      aria-colcount={days.length + 2}
      aria-activedescendant={`shift-cell-${focus.row}-${focus.col}`}
      tabIndex={0}
      onKeyDown={onKeyDown}
      data-testid="shift-grid"
      sx={gridSx(height)}
    >
      <table>
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

/** The grid's one style sheet (class selectors, not per-cell sx: 1,500 cells must stay cheap). */
const gridSx = (height: string) => (theme: Theme) => {
  const line = theme.palette.divider;
  const paper = theme.palette.background.paper;
  return {
    height,
    overflow: 'auto',
    position: 'relative' as const,
    border: `1px solid ${line}`,
    borderRadius: 1,
    bgcolor: paper,
    outline: 'none',
    '&:focus-visible': { boxShadow: `0 0 0 2px ${theme.palette.primary.main}` },
    '& table': {
      borderCollapse: 'separate',
      borderSpacing: 0,
      tableLayout: 'fixed',
      width: 'max-content',
      fontSize: 12,
      fontVariantNumeric: 'tabular-nums',
    },
    '& th, & td': {
      borderRight: `1px solid ${line}`,
      borderBottom: `1px solid ${line}`,
      padding: 0,
      overflow: 'hidden',
    },
    '& thead th': {
      position: 'sticky',
      top: 0,
      zIndex: 2,
      height: GRID_HEADER_HEIGHT,
      bgcolor: theme.palette.mode === 'dark' ? theme.palette.grey[900] : theme.palette.grey[100],
      fontWeight: 600,
      textAlign: 'center',
    },
    '& thead th .dnum': { display: 'block', fontSize: 13 },
    '& thead th .wday': { display: 'block', fontSize: 11, color: theme.palette.text.secondary },
    '& thead th.sat .wday, & thead th.sat .dnum': { color: theme.palette.info.main },
    '& thead th.sun .wday, & thead th.sun .dnum': { color: theme.palette.error.main },
    '& th.name, & th.corner': {
      position: 'sticky',
      left: 0,
      zIndex: 1,
      bgcolor: paper,
      textAlign: 'left',
      px: 1,
      fontWeight: 500,
      whiteSpace: 'nowrap',
      textOverflow: 'ellipsis',
    },
    '& th.corner': {
      zIndex: 3,
      bgcolor: theme.palette.mode === 'dark' ? theme.palette.grey[900] : theme.palette.grey[100],
    },
    '& th.name .staff-name': { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis' },
    '& th.name .emp': { display: 'block', fontSize: 11, color: theme.palette.text.secondary },
    '& tbody td.cell': {
      height: GRID_ROW_HEIGHT,
      maxHeight: GRID_ROW_HEIGHT,
      verticalAlign: 'top',
      position: 'relative',
      cursor: 'cell',
      userSelect: 'none',
      scrollMarginTop: GRID_HEADER_HEIGHT,
      scrollMarginLeft: NAME_WIDTH,
      p: '2px',
    },
    '& tbody tr': { height: GRID_ROW_HEIGHT },
    '& td.sat': { bgcolor: alpha(theme.palette.info.main, 0.04) },
    '& td.sun': { bgcolor: alpha(theme.palette.error.main, 0.04) },
    '& td.sel': { bgcolor: alpha(theme.palette.primary.main, 0.14) },
    '& td.foc': { boxShadow: `inset 0 0 0 2px ${theme.palette.primary.main}` },
    '& td.err': {
      boxShadow: `inset 0 0 0 2px ${theme.palette.error.main}`,
      bgcolor: alpha(theme.palette.error.main, 0.1),
    },
    '& .s': {
      display: 'block',
      borderRadius: '3px',
      px: '3px',
      mb: '2px',
      lineHeight: '19px',
      whiteSpace: 'nowrap',
      overflow: 'hidden',
      borderLeft: '3px solid',
    },
    '& .s.req': {
      borderColor: theme.palette.warning.main,
      bgcolor: alpha(theme.palette.warning.main, 0.14),
      color: theme.palette.text.primary,
    },
    '& .s.dft': {
      borderColor: theme.palette.info.main,
      bgcolor: alpha(theme.palette.info.main, 0.16),
      color: theme.palette.text.primary,
    },
    '& .s.apr': {
      borderColor: theme.palette.success.main,
      bgcolor: alpha(theme.palette.success.main, 0.2),
      color: theme.palette.text.primary,
      fontWeight: 600,
    },
    '& .s.rest': { color: theme.palette.text.secondary, fontStyle: 'italic' },
    '& .s.dirty': { outline: `1px dashed ${theme.palette.info.dark}`, outlineOffset: '-1px' },
    '& .mod': { color: theme.palette.error.main, fontWeight: 700, ml: '2px' },
    '& .more': { fontSize: 10, color: theme.palette.text.secondary },
    '& .remark': {
      position: 'absolute',
      top: 0,
      right: 0,
      width: 0,
      height: 0,
      borderStyle: 'solid',
      borderWidth: '0 8px 8px 0',
      borderColor: `transparent ${theme.palette.secondary.main} transparent transparent`,
    },
    '& td.total, & th.total': { textAlign: 'right', px: 1, fontWeight: 600 },
    '& tfoot td, & tfoot th': {
      height: 28,
      textAlign: 'center',
      bgcolor: theme.palette.mode === 'dark' ? theme.palette.grey[900] : theme.palette.grey[50],
    },
    '& tfoot th.name': { textAlign: 'left', fontWeight: 500, fontSize: 11 },
    '& tfoot td.short': {
      color: theme.palette.error.main,
      fontWeight: 700,
      bgcolor: alpha(theme.palette.error.main, 0.1),
    },
    '& tfoot td.ok': { color: theme.palette.success.main },
    '& tfoot tr.sum td': { fontWeight: 600 },
  };
};
