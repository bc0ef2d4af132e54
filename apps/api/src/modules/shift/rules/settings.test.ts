import { shiftMessages } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClientWithUsers } from '../../../testing/factories.ts';
import { createShiftStore, storeCaller, type TestShiftStore } from '../../../testing/shift-factories.ts';
import { call, createTestApp, type TestApp } from '../../../testing/test-app.ts';

let t: TestApp;
let a: Awaited<ReturnType<typeof createClientWithUsers>>;
let store: TestShiftStore;
let manager: ReturnType<typeof storeCaller>;
let staff: ReturnType<typeof storeCaller>;

beforeAll(async () => {
  t = await createTestApp();
  a = await createClientWithUsers(t.app, t.db);
  store = await createShiftStore(t.db, a.client.id, { name: '渋谷店' });
  manager = storeCaller(t.app, store.id, a.manager.cookie);
  staff = storeCaller(t.app, store.id, a.staff.cookie);
});
afterAll(async () => {
  await t.close();
});

const firstMessage = (r: { json: () => { message: string } }) => r.json().message;

describe('stores', () => {
  it('lists the shift stores of the client, paged, default page size 10', async () => {
    const other = await createClientWithUsers(t.app, t.db);
    await createShiftStore(t.db, other.client.id);
    await createShiftStore(t.db, a.client.id, { serviceCode: 'KS-001' }); // a member store is not listed
    for (let i = 0; i < 10; i++) await createShiftStore(t.db, a.client.id);
    const first = await call(t.app, 'GET', '/shift/api/v1/store/', { cookie: a.staff.cookie });
    expect(first.statusCode).toBe(200);
    expect(first.json().pagination).toEqual({
      currentPage: 1,
      totalPages: 2,
      itemsPerPage: 10,
      totalItems: 11,
    });
    expect(first.json().data[0]).toMatchObject({
      id: store.id,
      name: '渋谷店',
      status: 'ACTIVE',
      lineAccountId: store.lineAccountId,
      liffId: store.link.liffId,
      timeZone: 'Asia/Tokyo',
    });
    const second = await call(t.app, 'GET', '/shift/api/v1/store/', {
      cookie: a.staff.cookie,
      query: { page: '2' },
    });
    expect(second.json().data).toHaveLength(1);
    const bad = await call(t.app, 'GET', '/shift/api/v1/store/', {
      cookie: a.staff.cookie,
      query: { limit: '501' },
    });
    expect(bad.statusCode).toBe(400);
    expect(firstMessage(bad)).toBe('Limit must be a positive integer and cannot exceed 500');
  });

  it('reads one store; 404 for a missing or a member-service store; 400 for a bad id', async () => {
    expect((await staff('GET', '')).json()).toMatchObject({ id: store.id, name: '渋谷店' });
    expect(
      (await call(t.app, 'GET', '/shift/api/v1/store/999999', { cookie: a.staff.cookie })).statusCode,
    ).toBe(404);
    const member = await createShiftStore(t.db, a.client.id, { serviceCode: 'KS-001' });
    expect(
      (await call(t.app, 'GET', `/shift/api/v1/store/${member.id}`, { cookie: a.staff.cookie })).statusCode,
    ).toBe(404);
    const bad = await call(t.app, 'GET', '/shift/api/v1/store/abc', { cookie: a.staff.cookie });
    expect(bad.statusCode).toBe(400);
    expect(firstMessage(bad)).toBe('Path parameter must be a valid number string');
  });
});

describe('reminder settings', () => {
  const three = (first: unknown) => ({
    reminders: [first, { time: null, dayGap: null }, { time: '24:00', dayGap: 0 }],
  });

  it('start empty, are saved and read back', async () => {
    expect((await staff('GET', '/settings')).json()).toEqual({
      storeId: store.id,
      reminders: [
        { time: null, dayGap: null },
        { time: null, dayGap: null },
        { time: null, dayGap: null },
      ],
    });
    const saved = await manager('PUT', '/settings', { body: three({ time: '09:30', dayGap: -3 }) });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().reminders).toEqual([
      { time: '09:30', dayGap: -3 },
      { time: null, dayGap: null },
      { time: '24:00', dayGap: 0 },
    ]);
    expect((await staff('GET', '/settings')).json()).toEqual(saved.json());
  });

  it.each([
    [{ time: '24:01', dayGap: 0 }, shiftMessages.reminderTime],
    [{ time: '25:00', dayGap: 0 }, shiftMessages.reminderTime],
    [{ time: '9:00', dayGap: 0 }, shiftMessages.reminderTime],
    [{ time: '09:60', dayGap: 0 }, shiftMessages.reminderTime],
    [{ time: '09:00', dayGap: 31 }, shiftMessages.dayGap],
    [{ time: '09:00', dayGap: -31 }, shiftMessages.dayGap],
    [{ time: '09:00', dayGap: 1.5 }, shiftMessages.dayGap],
  ])('refuses %j: %s, nothing saved', async (reminder, message) => {
    const response = await manager('PUT', '/settings', { body: three(reminder) });
    expect(response.statusCode).toBe(400);
    expect(firstMessage(response)).toBe(message);
    expect((await staff('GET', '/settings')).json().reminders[0]).toEqual({ time: '09:30', dayGap: -3 });
  });

  it('needs exactly three reminders', async () => {
    const response = await manager('PUT', '/settings', {
      body: { reminders: [{ time: null, dayGap: null }] },
    });
    expect(response.statusCode).toBe(400);
    expect(firstMessage(response)).toBe(shiftMessages.reminderCount);
  });
});

describe('shift closure', () => {
  it('answers the defaults until set; no open period while unpublished', async () => {
    expect((await staff('GET', '/shift-closure')).json()).toEqual({
      storeId: store.id,
      pattern: 'FULL_MONTH',
      dayOfMonth: 20,
      firstHalfDate: 16,
      secondHalfDate: 1,
      isPublished: false,
      timeDivisionSetting: 15,
      minRestHours: 11,
      maxHoursPerDay: null,
      maxHoursPerWeek: null,
      maxHoursPerMonth: null,
      allowMultipleShiftsPerDay: false,
      openPeriod: null,
    });
  });

  it('changes only the fields sent and shows the open period (clock: 2026-11-21 18:00 Tokyo)', async () => {
    const response = await manager('PUT', '/shift-closure', {
      body: { pattern: 'HALF_MONTH', firstHalfDate: 25, secondHalfDate: 10, isPublished: true },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      storeId: store.id,
      pattern: 'HALF_MONTH',
      dayOfMonth: 20,
      firstHalfDate: 25,
      secondHalfDate: 10,
      isPublished: true,
      timeDivisionSetting: 15,
      minRestHours: 11,
      maxHoursPerDay: null,
      maxHoursPerWeek: null,
      maxHoursPerMonth: null,
      allowMultipleShiftsPerDay: false,
      openPeriod: {
        key: '2026-12-H1',
        startDate: '2026-12-01',
        endDate: '2026-12-15',
        closingDate: '2026-11-25',
        closesAt: '2026-11-26T00:00:00+09:00',
      },
    });
    const full = await manager('PUT', '/shift-closure', {
      body: { pattern: 'FULL_MONTH', timeDivisionSetting: 30 },
    });
    expect(full.json()).toMatchObject({
      firstHalfDate: 25,
      timeDivisionSetting: 30,
      openPeriod: { key: '2027-01' },
    });
  });

  it.each([
    [{ dayOfMonth: 0 }, shiftMessages.dayOfMonth],
    [{ dayOfMonth: 29 }, shiftMessages.dayOfMonth],
    [{ firstHalfDate: 15 }, shiftMessages.firstHalfDate],
    [{ firstHalfDate: 32 }, shiftMessages.firstHalfDate],
    [{ secondHalfDate: 0 }, shiftMessages.secondHalfDate],
    [{ secondHalfDate: 16 }, shiftMessages.secondHalfDate],
    [{ timeDivisionSetting: 10 }, 'Time division setting must be 1, 15, or 30'],
    [{ timeDivisionSetting: '15' }, 'Time division setting must be 1, 15, or 30'],
    [{ pattern: 'WEEKLY' }, shiftMessages.pattern],
    [{ isPublished: 'yes' }, shiftMessages.isPublished],
    [{ minRestHours: 25 }, shiftMessages.minRestHours],
    [{ maxHoursPerDay: 0 }, shiftMessages.maxHoursPerDay],
    [{ maxHoursPerWeek: 7.5 }, shiftMessages.maxHoursPerWeek],
    [{ allowMultipleShiftsPerDay: 'no' }, shiftMessages.allowMultipleShiftsPerDay],
  ])('refuses %j: %s', async (body, message) => {
    const response = await manager('PUT', '/shift-closure', { body });
    expect(response.statusCode).toBe(400);
    expect(firstMessage(response)).toBe(message);
    expect((await staff('GET', '/shift-closure')).json().timeDivisionSetting).toBe(30);
  });
});

describe('automatic draft rules (in the closure setting)', () => {
  it('keeps the rest hours, caps and multiple-shift flag sent, and clears a cap with null', async () => {
    const set = await manager('PUT', '/shift-closure', {
      body: { minRestHours: 9, maxHoursPerDay: 8, maxHoursPerWeek: 40, allowMultipleShiftsPerDay: true },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({
      minRestHours: 9,
      maxHoursPerDay: 8,
      maxHoursPerWeek: 40,
      maxHoursPerMonth: null,
      allowMultipleShiftsPerDay: true,
      timeDivisionSetting: 30,
    });
    const cleared = await manager('PUT', '/shift-closure', { body: { maxHoursPerDay: null } });
    expect(cleared.json()).toMatchObject({ minRestHours: 9, maxHoursPerDay: null, maxHoursPerWeek: 40 });
    expect((await staff('GET', '/shift-closure')).json()).toMatchObject({
      maxHoursPerDay: null,
      maxHoursPerWeek: 40,
    });
  });
});

describe('shift patterns', () => {
  it('CRUD with the default endDayDiff 0', async () => {
    const created = await manager('POST', '/shift-pattern', {
      body: { name: '遅番', startHour: 17, startMinute: 0, endHour: 1, endMinute: 30, endDayDiff: 1 },
    });
    expect(created.statusCode).toBe(201);
    const early = await manager('POST', '/shift-pattern', {
      body: { name: '早番', startHour: 9, startMinute: 0, endHour: 17, endMinute: 0 },
    });
    expect(early.json()).toMatchObject({ name: '早番', endDayDiff: 0, storeId: store.id });
    const list = await staff('GET', '/shift-pattern');
    expect(list.json().map((p: { name: string }) => p.name)).toEqual(['早番', '遅番']);
    const id = created.json().id as number;
    expect((await staff('GET', `/shift-pattern/${id}`)).json()).toMatchObject({ endHour: 1, endMinute: 30 });
    const updated = await manager('PUT', `/shift-pattern/${id}`, {
      body: { name: '遅番2', startHour: 18, startMinute: 15, endHour: 23, endMinute: 45 },
    });
    expect(updated.json()).toMatchObject({ name: '遅番2', startMinute: 15, endDayDiff: 0 });
    expect((await manager('DELETE', `/shift-pattern/${id}`)).json()).toEqual({ success: true });
    const gone = await staff('GET', `/shift-pattern/${id}`);
    expect(gone.statusCode).toBe(404);
    expect(firstMessage(gone)).toBe(shiftMessages.patternNotFound);
    expect((await manager('DELETE', `/shift-pattern/${id}`)).statusCode).toBe(404);
    expect((await manager('PUT', `/shift-pattern/${id}`, { body: early.json<object>() })).statusCode).toBe(
      404,
    );
  });

  const base = { name: 'x', startHour: 9, startMinute: 0, endHour: 17, endMinute: 0 };
  it.each([
    [{ startHour: 24 }, shiftMessages.startHour],
    [{ startHour: -1 }, shiftMessages.startHour],
    [{ endHour: 24 }, shiftMessages.endHour],
    [{ startMinute: 60 }, shiftMessages.startMinute],
    [{ endMinute: 60 }, shiftMessages.endMinute],
    [{ endMinute: 1.5 }, shiftMessages.endMinute],
    [{ endDayDiff: 2 }, shiftMessages.endDayDiff],
    [{ name: ' ' }, shiftMessages.nameRequired],
    [{ name: 'あ'.repeat(51) }, shiftMessages.nameMax],
  ])('refuses %j: %s', async (change, message) => {
    const response = await manager('POST', '/shift-pattern', { body: { ...base, ...change } });
    expect(response.statusCode).toBe(400);
    expect(firstMessage(response)).toBe(message);
  });
});
