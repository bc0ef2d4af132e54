import { describe, expect, it } from 'vitest';
import {
  addDays,
  formatInstant,
  isoWeekday,
  localDay,
  localMinutes,
  parseInstant,
  tokyoDay,
  zonedInstant,
} from './dates.ts';

describe('days', () => {
  it('adds days across month and year ends and leap days', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-12-05', -30)).toBe('2026-11-05');
  });
  it('numbers weekdays from Monday 1 to Sunday 7', () => {
    expect(isoWeekday('2026-11-23')).toBe(1); // Monday
    expect(isoWeekday('2026-11-22')).toBe(7); // Sunday
  });
});

describe('store-local times', () => {
  it('reads and writes Tokyo wall-clock times', () => {
    const start = zonedInstant('2026-12-01', 22 * 60, 'Asia/Tokyo');
    expect(start.toISOString()).toBe('2026-12-01T13:00:00.000Z');
    expect(formatInstant(start, 'Asia/Tokyo')).toBe('2026-12-01T22:00:00+09:00');
    expect(localDay(new Date('2026-12-01T15:30:00Z'), 'Asia/Tokyo')).toBe('2026-12-02');
    expect(localMinutes(new Date('2026-12-01T15:30:00Z'), 'Asia/Tokyo')).toBe(30);
    expect(zonedInstant('2026-12-01', 1440, 'Asia/Tokyo').toISOString()).toBe('2026-12-01T15:00:00.000Z');
  });
  it('parses zone-less values as store-local and keeps explicit offsets', () => {
    expect(parseInstant('2026-12-01T09:00', 'Asia/Tokyo').toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(parseInstant('2026-12-01T09:00:30', 'Asia/Tokyo').toISOString()).toBe('2026-12-01T00:00:30.000Z');
    expect(parseInstant('2026-12-01', 'Asia/Tokyo').toISOString()).toBe('2026-11-30T15:00:00.000Z');
    expect(parseInstant('2026-12-01T09:00:00Z', 'Asia/Tokyo').toISOString()).toBe('2026-12-01T09:00:00.000Z');
    expect(parseInstant('2026-12-01T09:00:00+09:00', 'UTC').toISOString()).toBe('2026-12-01T00:00:00.000Z');
  });
  it('follows daylight saving time in zones that have it', () => {
    // New York: EST (-5) before 2026-03-08 02:00, EDT (-4) after.
    expect(zonedInstant('2026-03-07', 9 * 60, 'America/New_York').toISOString()).toBe(
      '2026-03-07T14:00:00.000Z',
    );
    expect(zonedInstant('2026-03-08', 9 * 60, 'America/New_York').toISOString()).toBe(
      '2026-03-08T13:00:00.000Z',
    );
    expect(formatInstant(new Date('2026-03-08T13:00:00Z'), 'America/New_York')).toBe(
      '2026-03-08T09:00:00-04:00',
    );
  });
});

describe('far years', () => {
  it('does not map years 0-99 to the 1900s', () => {
    expect(addDays('0050-12-31', 1)).toBe('0051-01-01');
    expect(zonedInstant('0050-01-01', 0, 'UTC').toISOString()).toBe('0050-01-01T00:00:00.000Z');
  });
});

describe('tokyoDay', () => {
  it('is the Asia/Tokyo calendar day of an instant', () => {
    expect(tokyoDay(new Date('2026-11-30T14:59:59Z'))).toBe('2026-11-30');
    expect(tokyoDay(new Date('2026-11-30T15:00:00Z'))).toBe('2026-12-01');
  });
});
