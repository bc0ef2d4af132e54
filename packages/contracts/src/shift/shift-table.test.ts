import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { staffShiftStatuses } from '../common/enums.ts';
import {
  compactTableShift,
  expandTableShift,
  tableInstant,
  tableShiftRowSchema,
  type TableShiftRow,
} from './shift-table.ts';

const days = Array.from({ length: 31 }, (_, i) => `2026-12-${String(i + 1).padStart(2, '0')}`);

describe('the monthly shift table rows', () => {
  it('writes instants as the single-shift read does, the next day and a month later included', () => {
    expect(tableInstant('2026-12-01', 22 * 60, 540)).toBe('2026-12-01T22:00:00+09:00');
    expect(tableInstant('2026-12-31', 1440 + 150, 540)).toBe('2027-01-01T02:30:00+09:00');
    expect(tableInstant('2026-11-01', 90, -300)).toBe('2026-11-01T01:30:00-05:00');
    expect(tableInstant('2026-11-01', -30, 330)).toBe('2026-10-31T23:30:00+05:30');
  });

  it('a row expands to a shift and back to the same row', () => {
    const minutes = fc.integer({ min: -1440, max: 2880 });
    const offset = fc.integer({ min: -720, max: 840 });
    const row = fc
      .record({
        id: fc.integer({ min: 1, max: 1e9 }),
        scheduleId: fc.option(fc.integer({ min: 1, max: 1e9 })),
        staffId: fc.integer({ min: 1, max: 1e9 }),
        status: fc.integer({ min: 0, max: staffShiftStatuses.length - 1 }),
        day: fc.integer({ min: 0, max: days.length - 1 }),
        start: fc.integer({ min: 0, max: 1439 }),
        length: fc.integer({ min: 1, max: 1440 }),
        flags: fc.integer({ min: 0, max: 7 }),
        note: fc.option(fc.string()),
        original: fc.option(
          fc.tuple(
            fc.option(minutes),
            fc.option(offset),
            fc.option(minutes),
            fc.option(offset),
            fc.option(minutes),
          ),
        ),
        offset,
        endOffset: offset,
      })
      .map((r): TableShiftRow => {
        // an original time comes with its offset, and some part of it is there
        const o = r.original;
        const original: TableShiftRow[10] =
          o && (o[0] !== null || o[2] !== null || o[4] !== null)
            ? [o[0], o[0] === null ? null : (o[1] ?? 540), o[2], o[2] === null ? null : (o[3] ?? 540), o[4]]
            : null;
        return [
          r.id,
          r.scheduleId,
          r.staffId,
          r.status,
          r.day,
          r.start,
          r.start + r.length,
          r.length,
          r.flags,
          r.note,
          original,
          r.offset,
          r.endOffset,
        ];
      });
    fc.assert(
      fc.property(row, (r) => {
        expect(tableShiftRowSchema.parse(r)).toEqual(r);
        const shift = expandTableShift(r, days, 7);
        expect(shift.storeId).toBe(7);
        expect(shift.date).toBe(days[r[4]]);
        expect(compactTableShift(shift, days)).toEqual(r);
      }),
    );
  });
});
