import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import {
  addDays,
  formatInstant,
  isoString,
  isoWeekday,
  localDay,
  localMinutes,
  parseInstant,
  tokyoDay,
  zoneOffsetMinutes,
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

// ---- the remembered offsets against Intl ----

/** The zone functions as they were before offsets were remembered: every call read by Intl. */
const oracle = (() => {
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const utc = (y: number, m: number, d: number, minutes = 0) => {
    const t = new Date(0);
    t.setUTCFullYear(y, m - 1, d);
    return t.getTime() + minutes * 60_000;
  };
  const formats = new Map<string, Intl.DateTimeFormat>();
  const wallClock = (instant: Date, timeZone: string) => {
    const parts: Record<string, number> = {};
    let format = formats.get(timeZone);
    if (!format) {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      });
      formats.set(timeZone, format);
    }
    for (const p of format.formatToParts(instant)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
    return {
      y: parts.year!,
      m: parts.month!,
      d: parts.day!,
      h: parts.hour!,
      min: parts.minute!,
      s: parts.second!,
    };
  };
  const offset = (instant: Date, timeZone: string) => {
    const w = wallClock(instant, timeZone);
    const asUtc = utc(w.y, w.m, w.d, w.h * 60 + w.min) + w.s * 1000;
    return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
  };
  return {
    offset,
    localDay: (instant: Date, timeZone: string) => {
      const w = wallClock(instant, timeZone);
      return `${pad(w.y, 4)}-${pad(w.m)}-${pad(w.d)}`;
    },
    localMinutes: (instant: Date, timeZone: string) => {
      const w = wallClock(instant, timeZone);
      return w.h * 60 + w.min;
    },
    formatInstant: (instant: Date, timeZone: string) => {
      const w = wallClock(instant, timeZone);
      const o = offset(instant, timeZone);
      const abs = Math.abs(o);
      return `${pad(w.y, 4)}-${pad(w.m)}-${pad(w.d)}T${pad(w.h)}:${pad(w.min)}:${pad(w.s)}${o < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
    },
    zonedInstant: (day: string, minutes: number, timeZone: string) => {
      const asUtc = utc(Number(day.slice(0, 4)), Number(day.slice(5, 7)), Number(day.slice(8, 10)), minutes);
      const first = asUtc - offset(new Date(asUtc), timeZone) * 60_000;
      return new Date(asUtc - offset(new Date(first), timeZone) * 60_000).toISOString();
    },
  };
})();

// Tokyo (no DST), DST north and south, half-hour and 45-minute offsets, a half-hour DST shift (Lord Howe),
// negative DST (Dublin), a skipped day (Apia, 2011-12-30) and UTC.
const zones = [
  'Asia/Tokyo',
  'America/New_York',
  'Europe/London',
  'Europe/Dublin',
  'Australia/Sydney',
  'Australia/Lord_Howe',
  'Asia/Kathmandu',
  'America/St_Johns',
  'Pacific/Apia',
  'UTC',
];
/** Offset changes to aim at: instants up to two days either side of them. */
const transitions = [
  '2026-03-08T07:00:00Z', // New York, spring forward
  '2026-11-01T06:00:00Z', // New York, fall back
  '2026-03-29T01:00:00Z', // London and Dublin
  '2026-10-25T01:00:00Z',
  '2026-04-04T16:00:00Z', // Sydney
  '2026-04-04T15:00:00Z', // Lord Howe (+11 -> +10:30)
  '2026-10-03T15:30:00Z',
  '2026-03-08T05:30:00Z', // St John's
  '2011-12-29T10:00:00Z', // Apia skips 2011-12-30
  '1900-01-01T00:00:00Z', // the edge of the remembered years
  '2200-01-01T00:00:00Z',
].map(Date.parse);
const anyInstant = fc.oneof(
  fc.integer({ min: Date.parse('1850-01-01T00:00:00Z'), max: Date.parse('2250-01-01T00:00:00Z') }),
  fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2040, 0, 1) }),
  fc
    .tuple(fc.constantFrom(...transitions), fc.integer({ min: -2 * 86_400_000, max: 2 * 86_400_000 }))
    .map(([t, d]) => t + d),
);
const anyZone = fc.constantFrom(...zones);

describe('remembered zone offsets', () => {
  it('read every instant as Intl does, in every zone', () => {
    fc.assert(
      fc.property(anyInstant, anyZone, (t, zone) => {
        const instant = new Date(t);
        expect(formatInstant(instant, zone)).toBe(oracle.formatInstant(instant, zone));
        expect(localDay(instant, zone)).toBe(oracle.localDay(instant, zone));
        expect(localMinutes(instant, zone)).toBe(oracle.localMinutes(instant, zone));
        expect(zoneOffsetMinutes(instant, zone)).toBe(oracle.offset(instant, zone));
        expect(isoString(instant)).toBe(instant.toISOString());
      }),
      { numRuns: 1000 },
    );
  });

  it('turn store-local wall-clock times into the instants Intl gives, DST gaps and overlaps included', () => {
    fc.assert(
      fc.property(anyInstant, fc.integer({ min: 0, max: 1440 }), anyZone, (t, minutes, zone) => {
        const day = new Date(t).toISOString().slice(0, 10);
        expect(zonedInstant(day, minutes, zone).toISOString()).toBe(oracle.zonedInstant(day, minutes, zone));
      }),
      { numRuns: 1000 },
    );
  });

  it('keep a DST day exact to the minute: New York on 2026-03-08 and 2026-11-01', () => {
    for (const day of ['2026-03-08', '2026-11-01']) {
      for (let minutes = 0; minutes <= 1440; minutes += 15) {
        const instant = zonedInstant(day, minutes, 'America/New_York');
        expect(instant.toISOString()).toBe(oracle.zonedInstant(day, minutes, 'America/New_York'));
        expect(formatInstant(instant, 'America/New_York')).toBe(
          oracle.formatInstant(instant, 'America/New_York'),
        );
      }
    }
    expect(formatInstant(new Date('2026-11-01T05:30:00Z'), 'America/New_York')).toBe(
      '2026-11-01T01:30:00-04:00',
    );
    expect(formatInstant(new Date('2026-11-01T06:30:00Z'), 'America/New_York')).toBe(
      '2026-11-01T01:30:00-05:00',
    );
  });

  it('ask Intl about a zone once per day, not once per instant', () => {
    const spy = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts');
    try {
      // 3,000 instants over June 2031 in Kathmandu, a month no other test reads: 30 days x 25 readings.
      const from = Date.UTC(2031, 5, 1);
      for (let i = 0; i < 3000; i++) formatInstant(new Date(from + i * 863_000), 'Asia/Kathmandu');
      expect(spy.mock.calls.length).toBeLessThanOrEqual(30 * 25);
      expect(formatInstant(new Date(from), 'Asia/Kathmandu')).toBe('2031-06-01T05:45:00+05:45');
    } finally {
      spy.mockRestore();
    }
  });

  it('still refuses an unknown zone and an invalid date as Intl does', () => {
    expect(() => formatInstant(new Date(), 'Mars/Olympus')).toThrow(RangeError);
    expect(() => localDay(new Date(Number.NaN), 'Asia/Tokyo')).toThrow(RangeError);
  });
});
