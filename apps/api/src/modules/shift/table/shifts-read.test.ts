// One shift (its read and a manager's change) and the shift reads: list, daily, monthly and CSV.

import {
  dailyShiftsSchema,
  expandTableShift,
  monthlyShiftsSchema,
  shiftMessages,
  staffShiftSchema,
  type MonthlyShifts,
  type StaffShift,
} from '@app/contracts';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { createShift, createShiftStore, createStaff, storeCaller } from '../../../testing/shift-factories.ts';
import { a, events, setup, shiftOf, t, tokyo, useShiftTestApp } from './shifts.test-setup.ts';

useShiftTestApp();

describe('one shift: GET and PUT', () => {
  it("a manager's change of a requested shift keeps the original and records SHIFT_EDITED", async () => {
    const { store, s1, manager, reader } = await setup();
    const r = await createShift(t.db, store, {
      staffId: s1.id,
      startAt: tokyo('2026-12-01T09:00'),
      endAt: tokyo('2026-12-01T17:00'),
    });
    expect((await reader('GET', `/staff-shift/${r.id}`)).json()).toMatchObject({
      isRequested: true,
      hasBeenModified: false,
      originalStartAt: null,
    });
    const first = await manager('PUT', `/staff-shift/${r.id}`, { body: { startAt: '2026-12-01T10:00' } });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      startAt: '2026-12-01T10:00:00+09:00',
      endAt: '2026-12-01T17:00:00+09:00',
      duration: 420,
      hasBeenModified: true,
      originalStartAt: '2026-12-01T09:00:00+09:00',
      originalEndAt: '2026-12-01T17:00:00+09:00',
      originalDuration: 480,
      status: 'REQUEST',
    });
    const second = await manager('PUT', `/staff-shift/${r.id}`, {
      body: { startAt: '2026-12-01T22:00', endAt: '2026-12-02T05:30' },
    });
    expect(second.json()).toMatchObject({
      date: '2026-12-01',
      endDayDiff: 1,
      duration: 450,
      originalStartAt: '2026-12-01T09:00:00+09:00',
      originalDuration: 480,
    });
    const edited = await events(store, 'SHIFT_EDITED');
    expect(edited).toHaveLength(2);
    expect(edited[1]!.payload).toMatchObject({
      shiftId: r.id,
      staffId: s1.id,
      before: { startAt: '2026-12-01T01:00:00.000Z' },
      after: { startAt: '2026-12-01T13:00:00.000Z', endAt: '2026-12-01T20:30:00.000Z' },
    });
    // a note alone is no edit of the shift
    const note = await manager('PUT', `/staff-shift/${r.id}`, { body: { managerNote: '要確認' } });
    expect(note.json().managerNote).toBe('要確認');
    expect(await events(store, 'SHIFT_EDITED')).toHaveLength(2);
  });

  it("a manager's own draft has no original; overlaps, alignment, 404 and validation are refused", async () => {
    const { store, s1, manager, reader } = await setup();
    const d = await createShift(t.db, store, {
      staffId: s1.id,
      status: 'DRAFT',
      startAt: tokyo('2026-12-03T09:00'),
      endAt: tokyo('2026-12-03T17:00'),
    });
    await createShift(t.db, store, {
      staffId: s1.id,
      status: 'APPROVED',
      startAt: tokyo('2026-12-03T18:00'),
      endAt: tokyo('2026-12-03T22:00'),
    });
    const rest = await manager('PUT', `/staff-shift/${d.id}`, { body: { isRest: true } });
    expect(rest.json()).toMatchObject({ isRest: true, hasBeenModified: false, originalStartAt: null });
    const overlap = await manager('PUT', `/staff-shift/${d.id}`, { body: { endAt: '2026-12-03T18:15' } });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().message).toBe(shiftMessages.overlap);
    const misaligned = await manager('PUT', `/staff-shift/${d.id}`, { body: { endAt: '2026-12-03T16:50' } });
    expect(misaligned.json().message).toBe(shiftMessages.misaligned);
    const reversed = await manager('PUT', `/staff-shift/${d.id}`, { body: { endAt: '2026-12-03T08:00' } });
    expect(reversed.json().message).toBe(shiftMessages.endAfterStart);
    const empty = await manager('PUT', `/staff-shift/${d.id}`, { body: {} });
    expect(empty.json().message).toBe(shiftMessages.nothingToUpdate);
    const badDate = await manager('PUT', `/staff-shift/${d.id}`, { body: { startAt: 'morning' } });
    expect(badDate.json().message).toBe('Invalid date string');
    expect((await shiftOf(d.id)).endAt.toISOString()).toBe('2026-12-03T08:00:00.000Z');
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { managerNote: 'x' }],
    ] as const) {
      const response = await (method === 'GET' ? reader : manager)(
        method,
        '/staff-shift/999999',
        body ? { body } : {},
      );
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(shiftMessages.shiftNotFound);
    }
  });
});

describe('reading shifts', () => {
  it('list filters by status and manager note; daily groups by the day a shift starts; monthly adds the staff', async () => {
    const { store, s1, s2, reader } = await setup();
    await createShift(t.db, store, {
      staffId: s1.id,
      startAt: tokyo('2026-12-01T09:00'),
      endAt: tokyo('2026-12-01T17:00'),
    });
    await createShift(t.db, store, {
      staffId: s2.id,
      status: 'DRAFT',
      managerNote: '研修 50%_OFF',
      startAt: tokyo('2026-12-01T22:00'),
      endAt: tokyo('2026-12-02T06:00'),
    });
    await createShift(t.db, store, {
      staffId: s2.id,
      status: 'APPROVED',
      startAt: tokyo('2026-12-31T23:00'),
      endAt: tokyo('2027-01-01T03:00'),
    });
    const window = { startAtMin: '2026-12-01', startAtMax: '2026-12-03' };
    expect((await reader('GET', '/staff-shift', { query: window })).json()).toHaveLength(2);
    const drafts = await reader('GET', '/staff-shift', { query: { ...window, status: 'DRAFT' } });
    expect(drafts.json().map((s: { staffId: number }) => s.staffId)).toEqual([s2.id]);
    const noted = await reader('GET', '/staff-shift', { query: { ...window, managerNote: '50%_' } });
    expect(noted.json()).toHaveLength(1);
    expect(
      (await reader('GET', '/staff-shift', { query: { ...window, managerNote: '50%x' } })).json(),
    ).toEqual([]);
    const bad = await reader('GET', '/staff-shift', { query: { ...window, status: 'DONE' } });
    expect(bad.json().message).toBe(shiftMessages.shiftStatus);

    const daily = await reader('GET', '/staff-shift/daily', { query: window });
    expect(
      daily.json().days.map((d: { date: string; shifts: unknown[] }) => [d.date, d.shifts.length]),
    ).toEqual([
      ['2026-12-01', 2],
      ['2026-12-02', 0],
    ]);
    const monthly = await reader('GET', '/staff-shift/monthly', { query: { year: '2026', month: '12' } });
    expect(monthly.json()).toMatchObject({
      year: 2026,
      month: 12,
      startDate: '2026-12-01',
      endDate: '2026-12-31',
    });
    expect(monthly.json().shifts).toHaveLength(3); // the New Year's Eve night shift counts in December
    expect(
      monthly
        .json()
        .staff.map((s: { name: string }) => s.name)
        .slice(0, 2),
    ).toEqual(['一郎', '二郎']);
    expect(
      (await reader('GET', '/staff-shift/monthly', { query: { year: '2027', month: '1' } })).json().shifts,
    ).toEqual([]);
  });

  it.each(['Asia/Tokyo', 'America/New_York'])(
    'the shift reads (%s) answer each shift exactly as the single-shift read does, and match their contracts',
    async (timeZone) => {
      // The month, day and list reads build their answer from one JSON query and write it unchecked
      // (route.ts, viewAnswer); GET staff-shift/:id is the plain path: both must give the same shifts.
      const store = await createShiftStore(t.db, a.client.id, { timeZone });
      const s1 = await createStaff(t.db, store, { displayName: '一郎' });
      const s2 = await createStaff(t.db, store, { displayName: '二郎' });
      const reader = storeCaller(t.app, store.id, a.staff.cookie);
      const manager = storeCaller(t.app, store.id, a.manager.cookie);
      // New York leaves daylight saving time on 2026-11-01 at 02:00 (06:00Z): 01:30 happens twice.
      const requested = await createShift(t.db, store, {
        staffId: s1.id,
        startAt: '2026-11-01T05:30:00Z',
        endAt: '2026-11-01T14:00:00Z',
      });
      const moved = await manager('PUT', `/staff-shift/${requested.id}`, {
        body: { startAt: '2026-11-01T06:30:00Z', managerNote: '引き継ぎ "A" \\ 50%\n二行目' },
      });
      expect(moved.statusCode).toBe(200);
      await createShift(t.db, store, {
        staffId: s2.id,
        status: 'APPROVED',
        startAt: '2026-11-30T13:00:00Z',
        endAt: '2026-11-30T21:00:00Z', // overnight in both zones
      });
      await createShift(t.db, store, {
        staffId: s2.id,
        status: 'DRAFT',
        isRest: true,
        startAt: '2026-11-10T00:00:00Z',
        endAt: '2026-11-10T08:00:00Z',
      });
      const monthly = await reader('GET', '/staff-shift/monthly', { query: { year: '2026', month: '11' } });
      expect(monthly.statusCode).toBe(200);
      expect(monthly.headers['content-type']).toMatch(/^application\/json/);
      const answer = monthly.json<MonthlyShifts>();
      expect(monthlyShiftsSchema.parse(answer)).toEqual(answer); // nothing missing, nothing extra
      expect(answer.days).toHaveLength(30);
      expect(answer.storeId).toBe(store.id);
      // the compact rows (contracts' shift-table.ts) expand to the single-shift read without its record times
      const body = { shifts: answer.shifts.map((r) => expandTableShift(r, answer.days, answer.storeId)) };
      const recordTimesOff = ({ createdAt: _c, updatedAt: _u, ...rest }: StaffShift) => rest;
      expect(body.shifts).toHaveLength(3);
      for (const shift of body.shifts) {
        expect(shift).toEqual(recordTimesOff((await reader('GET', `/staff-shift/${shift.id}`)).json()));
      }
      const first = body.shifts.find((x) => x.id === requested.id);
      expect(first).toMatchObject({
        isRequested: true,
        hasBeenModified: true,
        managerNote: '引き継ぎ "A" \\ 50%\n二行目',
        originalStartAt:
          timeZone === 'Asia/Tokyo' ? '2026-11-01T14:30:00+09:00' : '2026-11-01T01:30:00-04:00',
        startAt: timeZone === 'Asia/Tokyo' ? '2026-11-01T15:30:00+09:00' : '2026-11-01T01:30:00-05:00',
        date: timeZone === 'Asia/Tokyo' ? '2026-11-01' : '2026-11-01',
      });
      const overnight = body.shifts.find((x) => x.staffId === s2.id && !x.isRest);
      expect(overnight).toMatchObject(
        timeZone === 'Asia/Tokyo'
          ? { date: '2026-11-30', endDayDiff: 1, startAt: '2026-11-30T22:00:00+09:00' }
          : { date: '2026-11-30', endDayDiff: 0, startAt: '2026-11-30T08:00:00-05:00' },
      );

      const window = { startAtMin: '2026-11-01', startAtMax: '2026-12-01' };
      const list = (await reader('GET', '/staff-shift', { query: window })).json();
      expect(z.array(staffShiftSchema).parse(list)).toEqual(list);
      expect(list.map(recordTimesOff)).toEqual(body.shifts);
      const daily = (await reader('GET', '/staff-shift/daily', { query: window })).json();
      expect(dailyShiftsSchema.parse(daily)).toEqual(daily);
      expect(daily.days.flatMap((d: { shifts: StaffShift[] }) => d.shifts.map(recordTimesOff))).toEqual(
        body.shifts,
      );
      expect(daily.days).toHaveLength(30);
    },
  );

  it.each([
    [{ year: '2019', month: '1' }, shiftMessages.year],
    [{ year: '2101', month: '1' }, shiftMessages.year],
    [{ year: 'abc', month: '1' }, shiftMessages.year],
    [{ month: '1' }, shiftMessages.year],
    [{ year: '2026', month: '0' }, shiftMessages.month],
    [{ year: '2026', month: '13' }, shiftMessages.month],
    [{ year: '2026', month: '1.5' }, shiftMessages.month],
  ])('monthly and CSV refuse %j', async (query, message) => {
    const { reader } = await setup();
    for (const path of ['/staff-shift/monthly', '/staff-shift/monthly/csv']) {
      const response = await reader('GET', path, { query });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
  });

  it.each([
    [{ startAtMin: '2026-12-02', startAtMax: '2026-12-01' }, shiftMessages.rangeOrder],
    [{ startAtMin: '2026-01-01', startAtMax: '2026-12-01' }, shiftMessages.rangeTooLong],
    [{ startAtMin: 'x', startAtMax: '2026-12-01' }, 'Invalid date string'],
    [{ startAtMin: '2026-12-01' }, 'Invalid date string'],
  ])('list and daily refuse %j', async (query, message) => {
    const { reader } = await setup();
    for (const path of ['/staff-shift', '/staff-shift/daily']) {
      const response = await reader('GET', path, { query });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
  });
});
