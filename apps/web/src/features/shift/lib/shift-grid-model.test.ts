import type { NormalRule } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  buildCells,
  cellKey,
  coverageOf,
  daysOf,
  draftFromRequests,
  hoursOf,
  noEdits,
  periodOfKey,
  resetCells,
  REST_DAY,
  saveBodyOf,
  setCell,
  shiftPeriodKey,
} from './shift-grid-model.ts';
import { shiftBody } from '../../../testing/shift-fixtures.ts';

const days = daysOf(periodOfKey('2026-12')!);

describe('periods', () => {
  it('reads month and half-month keys and steps across years', () => {
    expect(periodOfKey('2026-02')).toMatchObject({ startDate: '2026-02-01', endDate: '2026-02-28' });
    expect(periodOfKey('2028-02-H2')).toMatchObject({ startDate: '2028-02-16', endDate: '2028-02-29' });
    expect(periodOfKey('2026-13')).toBeNull();
    expect(shiftPeriodKey('2026-12', 1)).toBe('2027-01');
    expect(shiftPeriodKey('2027-01', -1)).toBe('2026-12');
    expect(shiftPeriodKey('2026-12-H2', 1)).toBe('2027-01-H1');
    expect(shiftPeriodKey('2026-12-H1', -1)).toBe('2026-11-H2');
    expect(days).toHaveLength(31);
  });
});

describe('cell edits', () => {
  const request = shiftBody({ id: 1, staffId: 7, date: '2026-12-03' });
  const approved = shiftBody({ id: 2, staffId: 7, date: '2026-12-04', status: 'APPROVED' });
  const shifts = [request, approved];

  it('setting a request cell drafts that request with the new times (overnight allowed)', () => {
    const cells = buildCells(shifts, noEdits, days);
    const edits = setCell(noEdits, shifts, cells, 7, '2026-12-03', {
      start: '22:00',
      end: '02:00',
      isRest: false,
    });
    const [cell] = buildCells(shifts, edits, days).get(cellKey(7, '2026-12-03'))!;
    expect(cell).toMatchObject({ id: 1, status: 'DRAFT', start: '22:00', end: '02:00', isDirty: true });
    const { body, cellOfPath } = saveBodyOf(edits, shifts, '2026-12-01');
    expect(body).toEqual({
      date: '2026-12-01',
      toDraft: [1],
      toRequest: [],
      toUpdate: [{ id: 1, startAt: '2026-12-03T22:00', endAt: '2026-12-04T02:00' }],
      toCreate: [],
    });
    expect(cellOfPath.get('toUpdate.0')).toBe(cellKey(7, '2026-12-03'));
  });

  it('an empty cell gets a new draft; a rest day is the whole day; an approved cell stays locked', () => {
    let cells = buildCells(shifts, noEdits, days);
    let edits = setCell(noEdits, shifts, cells, 8, '2026-12-05', {
      start: '09:00',
      end: '13:30',
      isRest: false,
    });
    cells = buildCells(shifts, edits, days);
    edits = setCell(edits, shifts, cells, 8, '2026-12-06', REST_DAY);
    edits = setCell(edits, shifts, buildCells(shifts, edits, days), 7, '2026-12-04', REST_DAY);
    expect(saveBodyOf(edits, shifts, '2026-12-01').body.toCreate).toEqual([
      { staffId: 8, startAt: '2026-12-05T09:00', endAt: '2026-12-05T13:30', isRest: false },
      { staffId: 8, startAt: '2026-12-06T00:00', endAt: '2026-12-07T00:00', isRest: true },
    ]);
    expect(Object.keys(edits.changed)).toEqual([]);
  });

  it('drafts every request as asked, and puts cells back to the requests', () => {
    const cells = buildCells(shifts, noEdits, days);
    const drafted = draftFromRequests(noEdits, shifts, cells, null);
    expect(saveBodyOf(drafted, shifts, '2026-12-01').body.toDraft).toEqual([1]);
    const back = resetCells(drafted, shifts, buildCells(shifts, drafted, days), [cellKey(7, '2026-12-03')]);
    expect(back.changed).toEqual({});
  });

  it('a saved draft made from a request goes back to a request', () => {
    const drafted = shiftBody({ id: 3, staffId: 7, date: '2026-12-10', status: 'DRAFT', isRequested: true });
    const edits = resetCells(noEdits, [drafted], buildCells([drafted], noEdits, days), [
      cellKey(7, '2026-12-10'),
    ]);
    expect(saveBodyOf(edits, [drafted], '2026-12-01').body.toRequest).toEqual([3]);
  });
});

describe('summary', () => {
  const weekly = (dayOfWeek: string, start: string, end: string, staffCount: number): NormalRule => ({
    id: 1,
    storeId: 1,
    dayOfWeek,
    shiftStartTime: `${start}:00`,
    shiftEndTime: `${end}:00`,
    shiftDurationMinutes: (Number(end.slice(0, 2)) - Number(start.slice(0, 2))) * 60,
    shiftEndDayDiff: 0,
    staffCount,
    isRest: false,
  });

  it('counts planned hours and staff covering each slot; requests and rest days do not count', () => {
    // 2026-12-01 is a Tuesday (weekday 2).
    const shifts = [
      shiftBody({ id: 1, staffId: 1, date: '2026-12-01', status: 'DRAFT', isRequested: false }),
      shiftBody({
        id: 2,
        staffId: 2,
        date: '2026-12-01',
        status: 'APPROVED',
        startAt: '2026-12-01T09:00:00+09:00',
        endAt: '2026-12-01T21:00:00+09:00',
      }),
      shiftBody({ id: 3, staffId: 3, date: '2026-12-01' }),
      shiftBody({ id: 4, staffId: 4, date: '2026-12-01', status: 'DRAFT', isRest: true }),
    ];
    const cells = buildCells(shifts, noEdits, days);
    const hours = hoursOf(cells);
    expect(hours.byStaff.get(1)).toBe(5);
    expect(hours.byStaff.get(2)).toBe(12);
    expect(hours.byStaff.get(3)).toBeUndefined();
    expect(hours.byDay.get('2026-12-01')).toBe(17);
    const coverage = coverageOf(
      ['2026-12-01'],
      [1, 2, 3, 4],
      cells,
      [weekly('2', '10:00', '15:00', 2), weekly('2', '15:00', '21:00', 2)],
      [],
    );
    expect(coverage.map((c) => [c.label, c.byDay.get('2026-12-01')])).toEqual([
      ['10:00-15:00', { required: 2, assigned: 2 }],
      ['15:00-21:00', { required: 2, assigned: 1 }],
    ]);
  });
});
