import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isActiveAt,
  japanMinuteAndDay,
  keywordMatches,
  normaliseText,
  pickRule,
  type MatchableRule,
} from './keyword-replies.matching.ts';

const hhmm = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
/** An instant in 2026 (any minute), and the same wall-clock time in Japan built by hand. */
const instant = fc
  .integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2027, 0, 1) })
  .map((ms) => new Date(ms));
const days = fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 });
const minute = fc.integer({ min: 0, max: 1439 });
const toFullWidth = (s: string) =>
  s.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)).replace(/ /g, '\u3000');

describe('keyword matching', () => {
  it('normalises width, case and spaces: a keyword typed full-width, upper case or padded still matches', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z0-9]{1,12}$/), fc.boolean(), (word, upper) => {
        const said = `  ${toFullWidth(upper ? word.toUpperCase() : word)}\u3000`;
        expect(keywordMatches(said, { text: word, match: 'EXACT' })).toBe(true);
        expect(keywordMatches(word, { text: toFullWidth(word.toUpperCase()), match: 'EXACT' })).toBe(true);
      }),
    );
    expect(normaliseText('ﾖﾔｸ')).toBe('ヨヤク'); // half-width katakana
  });

  it('EXACT matches only the whole text; CONTAINS any text around the keyword', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string(), fc.string(), (word, before, after) => {
        fc.pre(normaliseText(word).length > 0);
        const text = `${before}${word}${after}`;
        expect(keywordMatches(text, { text: word, match: 'CONTAINS' })).toBe(
          normaliseText(text).includes(normaliseText(word)),
        );
        expect(keywordMatches(text, { text: word, match: 'EXACT' })).toBe(
          normaliseText(text) === normaliseText(word),
        );
        expect(keywordMatches(word, { text: word, match: 'EXACT' })).toBe(true);
      }),
    );
  });

  it('a blank keyword never matches', () => {
    fc.assert(
      fc.property(fc.string(), (text) => !keywordMatches(text, { text: ' \u3000', match: 'CONTAINS' })),
    );
  });
});

describe('time windows (Japan time)', () => {
  it('reads the minute and day in Japan (UTC+9, no summer time)', () => {
    expect(japanMinuteAndDay(new Date('2026-11-27T15:30:00Z'))).toEqual({ minute: 30, day: 6 }); // Sat 00:30 JST
    fc.assert(
      fc.property(instant, (at) => {
        const { minute: m, day } = japanMinuteAndDay(at);
        const jst = new Date(at.getTime() + 9 * 3600_000);
        expect([m, day]).toEqual([jst.getUTCHours() * 60 + jst.getUTCMinutes(), jst.getUTCDay()]);
      }),
    );
  });

  it('no window: active on the chosen days all day', () => {
    fc.assert(
      fc.property(instant, days, (at, chosen) => {
        expect(isActiveAt({ timeWindow: null, days: chosen }, at)).toBe(
          chosen.includes(japanMinuteAndDay(at).day),
        );
      }),
    );
  });

  it('a window within a day: from start (included) to end (excluded), on the chosen days', () => {
    fc.assert(
      fc.property(instant, days, minute, minute, (at, chosen, s, e) => {
        fc.pre(s < e);
        const { minute: m, day } = japanMinuteAndDay(at);
        const rule = { timeWindow: { start: hhmm(s), end: hhmm(e) }, days: chosen };
        expect(isActiveAt(rule, at)).toBe(m >= s && m < e && chosen.includes(day));
      }),
    );
  });

  it('a window crossing midnight: its hours after midnight belong to the day it started', () => {
    fc.assert(
      fc.property(instant, days, minute, minute, (at, chosen, s, e) => {
        fc.pre(s > e);
        const { minute: m, day } = japanMinuteAndDay(at);
        const rule = { timeWindow: { start: hhmm(s), end: hhmm(e) }, days: chosen };
        const expected = (m >= s && chosen.includes(day)) || (m < e && chosen.includes((day + 6) % 7));
        expect(isActiveAt(rule, at)).toBe(expected);
        // every day chosen: active exactly outside [end, start)
        expect(isActiveAt({ ...rule, days: [0, 1, 2, 3, 4, 5, 6] }, at)).toBe(m >= s || m < e);
      }),
    );
    // Friday 22:00-06:00: Saturday 02:00 JST is in it, Friday 02:00 JST is not
    const friNight = { timeWindow: { start: '22:00', end: '06:00' }, days: [5] };
    expect(isActiveAt(friNight, new Date('2026-11-27T17:00:00Z'))).toBe(true); // Sat 02:00 JST
    expect(isActiveAt(friNight, new Date('2026-11-26T17:00:00Z'))).toBe(false); // Fri 02:00 JST
    expect(isActiveAt(friNight, new Date('2026-11-27T13:00:00Z'))).toBe(true); // Fri 22:00 JST
  });
});

describe('choosing the rule', () => {
  const rule = (over: Partial<MatchableRule> & { id: number }): MatchableRule & { id: number } => ({
    enabled: true,
    outOfHours: false,
    keywords: [{ text: '予約', match: 'CONTAINS' }],
    timeWindow: null,
    days: [0, 1, 2, 3, 4, 5, 6],
    ...over,
  });
  it('the first matching, enabled, active rule wins; chat mode runs only out-of-hours rules', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ enabled: fc.boolean(), outOfHours: fc.boolean() }), { maxLength: 6 }),
        fc.constantFrom('bot', 'chat', null),
        instant,
        (flags, mode, at) => {
          const rules = flags.map((f, i) => rule({ id: i, ...f }));
          const picked = pickRule(rules, '予約したい', at, mode);
          const expected = rules.find((r) => r.enabled && (mode !== 'chat' || r.outOfHours));
          expect(picked?.id).toBe(expected?.id);
        },
      ),
    );
    expect(pickRule([rule({ id: 1 })], 'こんにちは', new Date(), 'bot')).toBeUndefined();
  });
});
