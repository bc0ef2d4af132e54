import { shiftMessages } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClientWithUsers } from '../../../testing/factories.ts';
import { createShiftStore, storeCaller, type TestShiftStore } from '../../../testing/shift-factories.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

let t: TestApp;
let store: TestShiftStore;
let manager: ReturnType<typeof storeCaller>;
let reader: ReturnType<typeof storeCaller>;

beforeAll(async () => {
  t = await createTestApp();
  const a = await createClientWithUsers(t.app, t.db);
  store = await createShiftStore(t.db, a.client.id);
  manager = storeCaller(t.app, store.id, a.manager.cookie);
  reader = storeCaller(t.app, store.id, a.staff.cookie);
});
afterAll(async () => {
  await t.close();
});

const rule = (change: Record<string, unknown> = {}) => ({
  dayOfWeek: '1',
  shiftStartTime: '09:00:00',
  shiftEndTime: '17:00:00',
  staffCount: 2,
  ...change,
});

describe('normal (weekly) rules', () => {
  it('adds rules, computes durations (overnight too), lists, reads one, replaces the set', async () => {
    const created = await manager('POST', '/normal-rule', {
      body: {
        schedules: [
          rule(),
          rule({
            dayOfWeek: 5,
            shiftStartTime: '22:00',
            shiftEndTime: '02:00',
            shiftEndDayDiff: 1,
            staffCount: 1,
          }),
          rule({ dayOfWeek: '7', isRest: true, staffCount: 0 }),
        ],
      },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toHaveLength(3);
    expect(created.json()[1]).toMatchObject({
      dayOfWeek: '5',
      shiftStartTime: '22:00:00',
      shiftEndTime: '02:00:00',
      shiftEndDayDiff: 1,
      shiftDurationMinutes: 240,
      staffCount: 1,
      isRest: false,
      storeId: store.id,
    });
    expect(created.json()[0].shiftDurationMinutes).toBe(480);
    const list = await reader('GET', '/normal-rule');
    expect(list.json().map((r: { dayOfWeek: string }) => r.dayOfWeek)).toEqual(['1', '5', '7']);
    const one = await reader('GET', `/normal-rule/${created.json()[2].id}`);
    expect(one.json()).toMatchObject({ isRest: true, dayOfWeek: '7' });

    const replaced = await manager('PUT', '/normal-rule', {
      body: {
        scheduleNormalRules: [rule({ dayOfWeek: '2', shiftStartTime: '10:00:00', shiftEndTime: '15:30:00' })],
      },
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toEqual([expect.objectContaining({ dayOfWeek: '2', shiftDurationMinutes: 330 })]);
    expect((await reader('GET', `/normal-rule/${created.json()[0].id}`)).statusCode).toBe(404);
    const cleared = await manager('PUT', '/normal-rule', { body: { scheduleNormalRules: [] } });
    expect(cleared.json()).toEqual([]);
  });

  it('404 for a missing rule', async () => {
    const missing = await reader('GET', '/normal-rule/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(shiftMessages.ruleNotFound);
  });

  it.each([
    [rule({ dayOfWeek: '0' }), shiftMessages.dayOfWeek],
    [rule({ dayOfWeek: '8' }), shiftMessages.dayOfWeek],
    [rule({ shiftStartTime: '9:00' }), shiftMessages.ruleTime],
    [rule({ shiftEndTime: '24:00:00' }), shiftMessages.ruleTime],
    [rule({ shiftEndDayDiff: 2 }), shiftMessages.shiftEndDayDiff],
    [rule({ staffCount: -1 }), shiftMessages.staffCount],
    [rule({ staffCount: 1.5 }), shiftMessages.staffCount],
    [rule({ isRest: 'no' }), shiftMessages.isRest],
    [rule({ shiftEndTime: '08:00:00' }), shiftMessages.endAfterStart],
    [rule({ shiftEndTime: '09:00:00' }), shiftMessages.endAfterStart],
    [rule({ shiftEndTime: '09:30:00', shiftEndDayDiff: 1 }), shiftMessages.tooLong],
  ])('refuses %j: %s, nothing saved', async (body, message) => {
    const before = (await reader('GET', '/normal-rule')).json();
    for (const [method, payload] of [
      ['POST', { schedules: [body] }],
      ['PUT', { scheduleNormalRules: [rule(), body] }],
    ] as const) {
      const response = await manager(method, '/normal-rule', { body: payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect((await reader('GET', '/normal-rule')).json()).toEqual(before);
  });

  it('needs at least one schedule to add', async () => {
    const response = await manager('POST', '/normal-rule', { body: { schedules: [] } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(shiftMessages.schedulesRequired);
  });
});

describe('special rules', () => {
  const special = (start: string, end: string, staffCount = 3) => ({
    shiftStartDateTime: start,
    shiftEndDateTime: end,
    staffCount,
  });

  it('creates a group with store-local times, filters by window, replaces and deletes', async () => {
    const xmas = await manager('POST', '/special-rule', {
      body: {
        label: 'クリスマス',
        schedules: [
          special('2026-12-24T10:00', '2026-12-24T22:00', 5),
          special('2026-12-25T22:00', '2026-12-26T02:00'),
        ],
      },
    });
    expect(xmas.statusCode).toBe(201);
    expect(xmas.json()).toMatchObject({
      label: 'クリスマス',
      specialRules: [
        {
          shiftStartDateTime: '2026-12-24T10:00:00+09:00',
          shiftEndDateTime: '2026-12-24T22:00:00+09:00',
          shiftDurationMinutes: 720,
          staffCount: 5,
          isRest: false,
        },
        {
          shiftStartDateTime: '2026-12-25T22:00:00+09:00',
          shiftEndDateTime: '2026-12-26T02:00:00+09:00',
          shiftDurationMinutes: 240,
        },
      ],
    });
    const newYear = await manager('POST', '/special-rule', {
      body: {
        label: '正月',
        schedules: [{ ...special('2027-01-01T00:00', '2027-01-02T00:00', 0), isRest: true }],
      },
    });
    expect(newYear.json().specialRules[0]).toMatchObject({ isRest: true, shiftDurationMinutes: 1440 });

    expect((await reader('GET', '/special-rule')).json()).toHaveLength(2);
    const window = await reader('GET', '/special-rule', {
      query: { startAtMin: '2026-12-25T00:00', startAtMax: '2026-12-31T00:00' },
    });
    expect(window.json()).toHaveLength(1);
    expect(window.json()[0].specialRules).toHaveLength(1);
    // an explicit offset is an instant: 2026-12-24T01:00Z is 10:00 in Tokyo
    const utc = await reader('GET', '/special-rule', {
      query: { startAtMin: '2026-12-24T01:00:00Z', startAtMax: '2026-12-24T01:00:01Z' },
    });
    expect(utc.json()[0].specialRules).toHaveLength(1);

    const id = xmas.json().id as number;
    expect((await reader('GET', `/special-rule/${id}`)).json().label).toBe('クリスマス');
    const updated = await manager('PUT', `/special-rule/${id}`, {
      body: { label: 'イブ', specialRules: [special('2026-12-24T17:00', '2026-12-24T23:00', 6)] },
    });
    expect(updated.json()).toMatchObject({
      label: 'イブ',
      specialRules: [{ staffCount: 6, shiftDurationMinutes: 360 }],
    });
    expect((await manager('DELETE', `/special-rule/${id}`)).json()).toEqual({ success: true });
    for (const [method, body] of [
      ['GET', undefined],
      ['DELETE', undefined],
      ['PUT', { label: 'x', specialRules: [special('2026-12-24T17:00', '2026-12-24T23:00')] }],
    ] as const) {
      const response = await manager(method, `/special-rule/${id}`, body ? { body } : {});
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(shiftMessages.specialRuleNotFound);
    }
  });

  it.each([
    [
      { label: '', schedules: [special('2026-12-24T10:00', '2026-12-24T12:00')] },
      shiftMessages.labelRequired,
    ],
    [
      { label: 'x'.repeat(51), schedules: [special('2026-12-24T10:00', '2026-12-24T12:00')] },
      shiftMessages.labelMax,
    ],
    [{ label: 'x', schedules: [] }, shiftMessages.schedulesRequired],
    [{ label: 'x', schedules: [special('not a date', '2026-12-24T12:00')] }, 'Invalid date string'],
    [
      { label: 'x', schedules: [special('2026-12-24T10:00', '2026-12-24T10:00')] },
      shiftMessages.endAfterStart,
    ],
    [{ label: 'x', schedules: [special('2026-12-24T10:00', '2026-12-25T10:30')] }, shiftMessages.tooLong],
    [
      { label: 'x', schedules: [special('2026-12-24T10:00', '2026-12-24T12:00', -1)] },
      shiftMessages.staffCount,
    ],
  ])('refuses %j: %s', async (body, message) => {
    const response = await manager('POST', '/special-rule', { body });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('refuses a bad window', async () => {
    const reversed = await reader('GET', '/special-rule', {
      query: { startAtMin: '2026-12-25', startAtMax: '2026-12-24' },
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toBe(shiftMessages.rangeOrder);
    const bad = await reader('GET', '/special-rule', { query: { startAtMin: 'soon' } });
    expect(bad.json().message).toBe('Invalid date string');
  });
});
