import type { ShiftStaff } from '@app/contracts';
import { memo, type MouseEvent } from 'react';
import { cellKey, formatHours, isOvernight, isoWeekday, type CellShift } from '../lib/shift-grid-model.ts';
import type { GridPosition } from '../lib/shift-table-state.ts';

/*
 * One staff member's row of the grid, memoised on a signature of its cells: an edit or a selection
 * change re-renders only the rows it touches.
 */

const statusClass = { REQUEST: 'req', DRAFT: 'dft', APPROVED: 'apr' } as const;

/** How a shift reads in a cell: '22:00-翌02:00' (overnight), or the rest label. */
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
  texts: {
    rest: string;
    originalPrefix: string;
    remark: string;
    unsaved: string;
    /** For a screen reader: a cell reads staff, date, hours and status; an empty one says so. */
    empty: string;
    weekdays: string[];
    status: Record<CellShift['status'], string>;
  };
  onCellMouseDown: (event: MouseEvent, pos: GridPosition) => void;
  onCellMouseEnter: (pos: GridPosition) => void;
  onCellDoubleClick: (pos: GridPosition) => void;
};

export const GridRow = memo(
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
          const spoken = (list ?? []).map((c) =>
            [shiftText(c, texts.rest), texts.status[c.status], ...(c.isDirty ? [texts.unsaved] : [])].join(
              ' ',
            ),
          );
          const label = [
            staff.name,
            `${Number(day.slice(5, 7))}/${Number(day.slice(8, 10))}(${texts.weekdays[wd - 1]})`,
            ...(spoken.length > 0 ? spoken : [texts.empty]),
            ...(remark ? [`${texts.remark}: ${remark}`] : []),
            ...(error ? [error] : []),
          ].join(' ');
          return (
            <td
              key={day}
              id={`shift-cell-${row}-${col}`}
              role="gridcell"
              aria-selected={selected.has(col)}
              aria-label={label}
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

/** What a row shows of its cells, remarks and refusals: the row re-renders when it changes. */
export const signatureOf = (
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
