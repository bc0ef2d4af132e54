import { describe, expect, it } from 'vitest';
import { closesAt, openPeriodOn, periodOf, reminderFireAt, type ClosureRule } from './periods.ts';

const full = (dayOfMonth: number): ClosureRule => ({
  pattern: 'FULL_MONTH',
  dayOfMonth,
  firstHalfDate: 16,
  secondHalfDate: 1,
});
const half = (firstHalfDate: number, secondHalfDate: number): ClosureRule => ({
  pattern: 'HALF_MONTH',
  dayOfMonth: 20,
  firstHalfDate,
  secondHalfDate,
});

describe('FULL_MONTH periods', () => {
  it('a month closes on dayOfMonth of the month before', () => {
    expect(periodOf('2026-12-10', full(20))).toEqual({
      key: '2026-12',
      startDate: '2026-12-01',
      endDate: '2026-12-31',
      closingDate: '2026-11-20',
    });
    // January closes in the previous year's December.
    expect(periodOf('2027-01-31', full(28)).closingDate).toBe('2026-12-28');
    // February of a leap year has 29 days; March closes on 28 February.
    expect(periodOf('2028-02-05', full(20))).toMatchObject({
      endDate: '2028-02-29',
      closingDate: '2028-01-20',
    });
    expect(periodOf('2027-03-01', full(28)).closingDate).toBe('2027-02-28');
  });
  it('the open period is the first whose closing date has not passed', () => {
    expect(openPeriodOn('2026-11-20', full(20)).key).toBe('2026-12'); // closing day itself still open
    expect(openPeriodOn('2026-11-21', full(20)).key).toBe('2027-01');
    expect(openPeriodOn('2026-12-20', full(20)).key).toBe('2027-01');
    expect(openPeriodOn('2026-12-31', full(20)).key).toBe('2027-02');
    expect(openPeriodOn('2026-12-01', full(1)).key).toBe('2027-01');
    expect(openPeriodOn('2026-12-02', full(1)).key).toBe('2027-02');
  });
});

describe('HALF_MONTH periods', () => {
  it('1st-15th closes on firstHalfDate of the month before; 16th-end on secondHalfDate of the same month', () => {
    expect(periodOf('2026-12-15', half(25, 10))).toEqual({
      key: '2026-12-H1',
      startDate: '2026-12-01',
      endDate: '2026-12-15',
      closingDate: '2026-11-25',
    });
    expect(periodOf('2026-12-16', half(25, 10))).toEqual({
      key: '2026-12-H2',
      startDate: '2026-12-16',
      endDate: '2026-12-31',
      closingDate: '2026-12-10',
    });
  });
  it('a closing date past the month end falls on its last day (February, leap years, 30-day months)', () => {
    expect(periodOf('2027-03-01', half(31, 1)).closingDate).toBe('2027-02-28');
    expect(periodOf('2028-03-01', half(31, 1)).closingDate).toBe('2028-02-29');
    expect(periodOf('2028-03-01', half(30, 1)).closingDate).toBe('2028-02-29');
    expect(periodOf('2026-12-01', half(31, 1)).closingDate).toBe('2026-11-30');
    expect(periodOf('2027-02-20', half(31, 1))).toMatchObject({
      endDate: '2027-02-28',
      closingDate: '2027-02-01',
    });
  });
  it('walks the open period through the month', () => {
    const rule = half(25, 10);
    expect(openPeriodOn('2026-11-25', rule).key).toBe('2026-12-H1');
    expect(openPeriodOn('2026-11-26', rule).key).toBe('2026-12-H2');
    expect(openPeriodOn('2026-12-10', rule).key).toBe('2026-12-H2');
    expect(openPeriodOn('2026-12-11', rule).key).toBe('2027-01-H1');
    expect(openPeriodOn('2026-12-26', rule).key).toBe('2027-01-H2');
  });
});

describe('closing and reminder instants', () => {
  const tz = 'Asia/Tokyo';
  const dec = periodOf('2026-12-01', full(20)); // closes 2026-11-20
  it('requests close at the end of the closing day, store-local', () => {
    expect(closesAt(dec, tz).toISOString()).toBe('2026-11-20T15:00:00.000Z');
  });
  it('fires at its time, dayGap days from the closing date', () => {
    expect(reminderFireAt(dec, { time: '09:00', dayGap: -3 }, tz).toISOString()).toBe(
      '2026-11-17T00:00:00.000Z',
    );
    expect(reminderFireAt(dec, { time: '18:30', dayGap: 0 }, tz).toISOString()).toBe(
      '2026-11-20T09:30:00.000Z',
    );
    // 24:00 is the end of that day.
    expect(reminderFireAt(dec, { time: '24:00', dayGap: 0 }, tz).toISOString()).toBe(
      '2026-11-20T15:00:00.000Z',
    );
    expect(reminderFireAt(dec, { time: '00:00', dayGap: 30 }, tz).toISOString()).toBe(
      '2026-12-19T15:00:00.000Z',
    );
  });
  it('crosses month ends and leap February', () => {
    const mar = periodOf('2028-03-10', half(31, 1)); // H1 of March 2028 closes 2028-02-29
    expect(reminderFireAt(mar, { time: '10:00', dayGap: 1 }, tz).toISOString()).toBe(
      '2028-03-01T01:00:00.000Z',
    );
    expect(reminderFireAt(mar, { time: '10:00', dayGap: -29 }, tz).toISOString()).toBe(
      '2028-01-31T01:00:00.000Z',
    );
  });
});
