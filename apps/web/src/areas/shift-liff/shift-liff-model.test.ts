import { describe, expect, it } from 'vitest';
import {
  alignTime,
  daysOf,
  draftOf,
  durationOf,
  longDay,
  minuteOptions,
  requestsOf,
  sameDraft,
  shortDay,
  todayIn,
} from './shift-liff-model.ts';
import { staffRequest } from '../../testing/shift-fixtures.ts';

const shift = staffRequest;

describe('shift mini-app model', () => {
  it('builds the request set: work, overnight to the next day, a rest day as the whole day', () => {
    expect(
      requestsOf({
        '2026-12-04': { kind: 'work', start: '17:30', end: '01:00' },
        '2026-12-03': { kind: 'work', start: '10:00', end: '15:00' },
        '2026-12-31': { kind: 'rest' },
      }),
    ).toEqual([
      { startAt: '2026-12-03T10:00', endAt: '2026-12-03T15:00', isRest: false },
      { startAt: '2026-12-04T17:30', endAt: '2026-12-05T01:00', isRest: false },
      { startAt: '2026-12-31T00:00', endAt: '2027-01-01T00:00', isRest: true },
    ]);
  });

  it('reads back only own requests the manager has not handled, and compares drafts by what is sent', () => {
    const draft = draftOf([
      shift({}),
      shift({
        id: 2,
        date: '2026-12-04',
        startAt: '2026-12-04T17:30:00+09:00',
        endAt: '2026-12-05T01:00:00+09:00',
      }),
      shift({ id: 3, date: '2026-12-06', isRest: true }),
      shift({ id: 4, date: '2026-12-07', status: 'DRAFT' }),
      shift({ id: 5, date: '2026-12-08', isRequested: false }),
    ]);
    expect(draft).toEqual({
      '2026-12-03': { kind: 'work', start: '10:00', end: '15:00' },
      '2026-12-04': { kind: 'work', start: '17:30', end: '01:00' },
      '2026-12-06': { kind: 'rest' },
    });
    expect(sameDraft(draft, { ...draft })).toBe(true);
    expect(sameDraft(draft, { ...draft, '2026-12-06': { kind: 'work', start: '10:00', end: '11:00' } })).toBe(
      false,
    );
  });

  it('offers minutes in steps of the time division and aligns remembered times to it', () => {
    expect(minuteOptions(30)).toEqual(['00', '30']);
    expect(minuteOptions(15)).toEqual(['00', '15', '30', '45']);
    expect(minuteOptions(1)).toHaveLength(60);
    expect(alignTime('10:45', 30)).toBe('10:30');
    expect(alignTime('10:45', 15)).toBe('10:45');
  });

  it('measures overnight shifts and refuses a zero-length one', () => {
    expect(durationOf('17:30', '01:00')).toBe(450);
    expect(durationOf('10:00', '15:00')).toBe(300);
    expect(durationOf('10:00', '10:00')).toBe(0);
  });

  it('lists the days of a period and reads them in Japanese first', () => {
    expect(daysOf('2026-12-30', '2027-01-02')).toEqual([
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
    ]);
    expect(shortDay('2026-12-06', 'ja')).toBe('12/6(日)');
    expect(shortDay('2026-12-06', 'en')).toBe('Sun 12/6');
    expect(longDay('2026-11-25', 'ja')).toBe('2026年11月25日(水)');
  });

  it("takes today in the store's time zone", () => {
    const late = new Date('2026-11-24T16:30:00Z'); // 01:30 on the 25th in Tokyo
    expect(todayIn('Asia/Tokyo', late)).toBe('2026-11-25');
    expect(todayIn('UTC', late)).toBe('2026-11-24');
  });
});
