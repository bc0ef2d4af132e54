import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localMinutes, TOKYO, tokyoDay, addDays } from '../../platform/dates.ts';
import { stepDueAt } from './scenarios.timing.ts';

const DAY = 86_400_000;
/** Instants from 2024 to 2030 (leap February, month and year ends included), to the second. */
const instant = fc
  .integer({ min: Date.UTC(2024, 0, 1) / 1000, max: Date.UTC(2030, 11, 31) / 1000 })
  .map((s) => new Date(s * 1000));
const timeOfDay = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
const minutesOf = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));

describe('step timing (Japan time, no daylight saving)', () => {
  it('a delay without a time of day is exactly that long (a day is 24 hours in Japan)', () => {
    fc.assert(
      fc.property(
        instant,
        fc.integer({ min: 0, max: 365 }),
        fc.constantFrom<'MINUTES' | 'HOURS' | 'DAYS'>('MINUTES', 'HOURS', 'DAYS'),
        (base, amount, unit) => {
          const ms = { MINUTES: 60_000, HOURS: 3_600_000, DAYS: DAY }[unit];
          expect(stepDueAt({ amount, unit, timeOfDay: null }, base).getTime() - base.getTime()).toBe(
            amount * ms,
          );
        },
      ),
    );
  });

  it('n days at a time of day: on the Japan calendar day n days later (across month and year ends), at that time', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: 1, max: 365 }), timeOfDay, (base, amount, at) => {
        const due = stepDueAt({ amount, unit: 'DAYS', timeOfDay: at }, base);
        expect(tokyoDay(due)).toBe(addDays(tokyoDay(base), amount));
        expect(localMinutes(due, TOKYO)).toBe(minutesOf(at));
        expect(due.getUTCSeconds()).toBe(0);
        expect(due.getTime()).toBeGreaterThan(base.getTime());
      }),
    );
  });

  it('minutes or hours then a time of day: the first such time at or after the delay, within a day', () => {
    fc.assert(
      fc.property(
        instant,
        fc.integer({ min: 0, max: 2000 }),
        fc.constantFrom<'MINUTES' | 'HOURS'>('MINUTES', 'HOURS'),
        timeOfDay,
        (base, amount, unit, at) => {
          const after = base.getTime() + amount * (unit === 'MINUTES' ? 60_000 : 3_600_000);
          const due = stepDueAt({ amount, unit, timeOfDay: at }, base);
          expect(due.getTime()).toBeGreaterThanOrEqual(after);
          expect(due.getTime() - after).toBeLessThan(DAY);
          expect(localMinutes(due, TOKYO)).toBe(minutesOf(at));
        },
      ),
    );
  });

  it('0 days at a time of day: today in Japan if not past, else tomorrow', () => {
    fc.assert(
      fc.property(instant, timeOfDay, (base, at) => {
        const due = stepDueAt({ amount: 0, unit: 'DAYS', timeOfDay: at }, base);
        expect(due.getTime()).toBeGreaterThanOrEqual(base.getTime());
        expect(due.getTime() - base.getTime()).toBeLessThan(DAY);
        expect(localMinutes(due, TOKYO)).toBe(minutesOf(at));
      }),
    );
  });

  it('examples: the month end and the JST date line', () => {
    // 2026-01-31 23:30 JST + 1 day at 10:00 -> 2026-02-01 10:00 JST
    expect(
      stepDueAt(
        { amount: 1, unit: 'DAYS', timeOfDay: '10:00' },
        new Date('2026-01-31T14:30:00Z'),
      ).toISOString(),
    ).toBe('2026-02-01T01:00:00.000Z');
    // 2028-02-28 (leap year) 09:00 JST + 1 day -> 02-29
    expect(
      tokyoDay(stepDueAt({ amount: 1, unit: 'DAYS', timeOfDay: '09:00' }, new Date('2028-02-28T00:00:00Z'))),
    ).toBe('2028-02-29');
    // 2026-12-31 16:00 UTC is 2027-01-01 01:00 JST: 3 days later at 08:00 -> 2027-01-04 08:00 JST
    expect(
      stepDueAt(
        { amount: 3, unit: 'DAYS', timeOfDay: '08:00' },
        new Date('2026-12-31T16:00:00Z'),
      ).toISOString(),
    ).toBe('2027-01-03T23:00:00.000Z');
  });
});
