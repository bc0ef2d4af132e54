import { shiftMessages } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainEvents, staffShifts } from '../../../db/schema/index.ts';
import { createClientWithUsers } from '../../../testing/factories.ts';
import {
  createFriend,
  createShift,
  createShiftStore,
  createStaff,
  storeCaller,
  type TestShiftStore,
} from '../../../testing/shift-factories.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

let t: TestApp;
let store: TestShiftStore;
let manager: ReturnType<typeof storeCaller>;
let reader: ReturnType<typeof storeCaller>;
let managerCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  const a = await createClientWithUsers(t.app, t.db);
  store = await createShiftStore(t.db, a.client.id);
  managerCookie = a.manager.cookie;
  manager = storeCaller(t.app, store.id, a.manager.cookie);
  reader = storeCaller(t.app, store.id, a.staff.cookie);
});
afterAll(async () => {
  await t.close();
});

const approvedEvents = async () =>
  t.db
    .select()
    .from(domainEvents)
    .where(and(eq(domainEvents.storeId, store.id), eq(domainEvents.topic, 'SHIFT_MEMBER_STAFF_APPROVED')));

describe('helpers', () => {
  it('creates an approved helper without LINE and answers id and name', async () => {
    const response = await manager('POST', '/staff/helper', { body: { name: ' 佐藤 ヘルプ ' } });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ id: expect.any(Number), name: '佐藤 ヘルプ' });
    const detail = await reader('GET', `/staff/${response.json().id}`);
    expect(detail.json()).toMatchObject({
      name: '佐藤 ヘルプ',
      isHelper: true,
      friendId: null,
      status: 'APPROVED',
    });
  });
  it.each([
    [{}, shiftMessages.nameRequired],
    [{ name: '' }, shiftMessages.nameRequired],
    [{ name: 'x'.repeat(51) }, shiftMessages.nameMax],
  ])('refuses %j', async (body, message) => {
    const response = await manager('POST', '/staff/helper', { body });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });
});

describe('staff status', () => {
  it('APPROVED creates the staff record of a friend who has none, and records the approval', async () => {
    const friend = await createFriend(t.db, store, { displayName: '田中 花子' });
    const before = (await approvedEvents()).length;
    const response = await manager('POST', '/staff/status', {
      body: { friendId: friend.id, status: 'APPROVED' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      friendId: friend.id,
      name: '田中 花子',
      status: 'APPROVED',
      isHelper: false,
      isFollowing: true,
    });
    const events = await approvedEvents();
    expect(events).toHaveLength(before + 1);
    expect(events.at(-1)!.payload).toEqual({ staffId: response.json().id, friendId: friend.id });
    // setting the same status again changes nothing and records nothing
    await manager('POST', '/staff/status', { body: { friendId: friend.id, status: 'APPROVED' } });
    expect(await approvedEvents()).toHaveLength(before + 1);
    // back to PENDING, then approved again: recorded again
    const pending = await manager('POST', '/staff/status', {
      body: { friendId: friend.id, status: 'PENDING' },
    });
    expect(pending.json().status).toBe('PENDING');
    await manager('POST', '/staff/status', { body: { friendId: friend.id, status: 'APPROVED' } });
    expect(await approvedEvents()).toHaveLength(before + 2);
  });

  it('PENDING for a friend without a staff record answers 404; a friend of another account answers 404', async () => {
    const friend = await createFriend(t.db, store);
    const pending = await manager('POST', '/staff/status', {
      body: { friendId: friend.id, status: 'PENDING' },
    });
    expect(pending.statusCode).toBe(404);
    expect(pending.json().message).toBe(shiftMessages.staffNotFound);
    const otherStore = await createShiftStore(t.db, store.clientId);
    const stranger = await createFriend(t.db, otherStore);
    const response = await manager('POST', '/staff/status', {
      body: { friendId: stranger.id, status: 'APPROVED' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(shiftMessages.friendNotFound);
  });

  it.each([
    [{ friendId: 1, status: 'ACTIVE' }, shiftMessages.staffStatus],
    [{ friendId: 'x', status: 'APPROVED' }, shiftMessages.friendId],
    [{ friendId: 0, status: 'APPROVED' }, shiftMessages.friendId],
    [{ status: 'APPROVED' }, shiftMessages.friendId],
  ])('refuses %j', async (body, message) => {
    const response = await manager('POST', '/staff/status', { body });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });
});

describe('staff list, detail and update', () => {
  it('pages 10 by default and filters by status', async () => {
    const fresh = await createShiftStore(t.db, store.clientId);
    const call = storeCaller(t.app, fresh.id, managerCookie);
    for (let i = 0; i < 11; i++) await createStaff(t.db, fresh, { status: i < 3 ? 'PENDING' : 'APPROVED' });
    const page = await call('GET', '/staff');
    expect(page.json().data).toHaveLength(10);
    expect(page.json().pagination).toEqual({
      currentPage: 1,
      totalPages: 2,
      itemsPerPage: 10,
      totalItems: 11,
    });
    const pending = await call('GET', '/staff', { query: { status: 'PENDING' } });
    expect(pending.json().pagination.totalItems).toBe(3);
    expect(pending.json().data.every((s: { status: string }) => s.status === 'PENDING')).toBe(true);
    const bad = await call('GET', '/staff', { query: { status: 'GONE' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(shiftMessages.staffStatus);
  });

  it('detail: 200, 400 for a bad id, 404 for a missing one', async () => {
    const member = await createStaff(t.db, store, { displayName: '鈴木 一郎', employeeNumber: 'E-01' });
    expect((await reader('GET', `/staff/${member.id}`)).json()).toMatchObject({
      id: member.id,
      name: '鈴木 一郎',
      employeeNumber: 'E-01',
    });
    const bad = await reader('GET', '/staff/abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Path parameter must be a valid number string');
    const missing = await reader('GET', '/staff/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(shiftMessages.staffNotFound);
  });

  it('updates employee number and manager notes', async () => {
    const member = await createStaff(t.db, store);
    const response = await manager('PATCH', `/staff/${member.id}`, {
      body: { employeeNumber: 'A-7', managerNotes: '土日のみ' },
    });
    expect(response.json()).toMatchObject({ employeeNumber: 'A-7', managerNotes: '土日のみ' });
    const empty = await manager('PATCH', `/staff/${member.id}`, { body: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(shiftMessages.nothingToUpdate);
  });
});

describe('bulk approve and bulk delete', () => {
  it('approves pending staff all at once and records each approval', async () => {
    const p1 = await createStaff(t.db, store, { status: 'PENDING' });
    const p2 = await createStaff(t.db, store, { status: 'PENDING' });
    const helper = await createStaff(t.db, store, { helperName: 'ヘルプ', status: 'APPROVED' });
    const before = (await approvedEvents()).length;
    const response = await manager('PATCH', '/staff/bulk-approve', {
      body: { staffIds: [p1.id, p2.id, helper.id] },
    });
    expect(response.json()).toEqual({ success: true, count: 2 });
    expect((await reader('GET', `/staff/${p1.id}`)).json().status).toBe('APPROVED');
    expect(await approvedEvents()).toHaveLength(before + 2);
  });

  it('is all or nothing: an unknown id answers 404 and approves nobody', async () => {
    const p = await createStaff(t.db, store, { status: 'PENDING' });
    const response = await manager('PATCH', '/staff/bulk-approve', { body: { staffIds: [p.id, 999999] } });
    expect(response.statusCode).toBe(404);
    expect((await reader('GET', `/staff/${p.id}`)).json().status).toBe('PENDING');
  });

  it('deletes staff with their shifts and remarks', async () => {
    const s = await createStaff(t.db, store);
    await createShift(t.db, store, {
      staffId: s.id,
      startAt: '2026-12-01T09:00:00+09:00',
      endAt: '2026-12-01T17:00:00+09:00',
    });
    await manager('POST', `/staff/${s.id}/remark`, { body: { remark: 'x', date: '2026-12-01' } });
    const keep = await createStaff(t.db, store);
    const missing = await manager('DELETE', '/staff/bulk-delete', { body: { staffIds: [s.id, 999999] } });
    expect(missing.statusCode).toBe(404);
    expect((await reader('GET', `/staff/${s.id}`)).statusCode).toBe(200);
    const response = await manager('DELETE', '/staff/bulk-delete', { body: { staffIds: [s.id] } });
    expect(response.json()).toEqual({ success: true, count: 1 });
    expect((await reader('GET', `/staff/${s.id}`)).statusCode).toBe(404);
    expect(await t.db.select().from(staffShifts).where(eq(staffShifts.staffId, s.id))).toEqual([]);
    expect((await reader('GET', `/staff/${keep.id}`)).statusCode).toBe(200);
  });

  it.each([
    [{ staffIds: [] }, shiftMessages.staffIds],
    [{}, shiftMessages.staffIds],
    [{ staffIds: ['a'] }, shiftMessages.ids],
    [{ staffIds: [0] }, shiftMessages.ids],
  ])('refuses %j', async (body, message) => {
    for (const [method, path] of [
      ['PATCH', '/staff/bulk-approve'],
      ['DELETE', '/staff/bulk-delete'],
    ] as const) {
      const response = await manager(method, path, { body });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
  });
});

describe('remarks', () => {
  it('one remark per staff and day: saved, replaced, read by day and by staff', async () => {
    const s1 = await createStaff(t.db, store);
    const s2 = await createStaff(t.db, store);
    const first = await manager('POST', `/staff/${s1.id}/remark`, {
      body: { remark: '午前のみ', date: '2026-12-24' },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ staffId: s1.id, date: '2026-12-24', remark: '午前のみ' });
    const replaced = await manager('POST', `/staff/${s1.id}/remark`, {
      body: { remark: '終日可', date: '2026-12-24' },
    });
    expect(replaced.json()).toMatchObject({ id: first.json().id, remark: '終日可' });
    await manager('POST', `/staff/${s2.id}/remark`, { body: { remark: '遅刻予定', date: '2026-12-24' } });
    await manager('POST', `/staff/${s2.id}/remark`, { body: { remark: '別の日', date: '2026-12-25' } });
    const day = await reader('GET', '/staff/remarks/2026-12-24');
    expect(day.json().map((r: { remark: string }) => r.remark)).toEqual(['終日可', '遅刻予定']);
    expect((await reader('GET', `/staff/${s2.id}/remark/2026-12-25`)).json().remark).toBe('別の日');
    const period = await reader('GET', '/staff-remark', {
      query: { startDate: '2026-12-24', endDate: '2026-12-25' },
    });
    expect(period.statusCode).toBe(200);
    const mine = period.json().filter((r: { staffId: number }) => r.staffId === s1.id || r.staffId === s2.id);
    expect(mine.map((r: { date: string; remark: string }) => `${r.date} ${r.remark}`)).toEqual([
      '2026-12-24 終日可',
      '2026-12-24 遅刻予定',
      '2026-12-25 別の日',
    ]);
    const backwards = await reader('GET', '/staff-remark', {
      query: { startDate: '2026-12-25', endDate: '2026-12-24' },
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe(shiftMessages.dayRangeOrder);
    const none = await reader('GET', `/staff/${s2.id}/remark/2026-12-26`);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(shiftMessages.remarkNotFound);
    expect(
      (await manager('POST', '/staff/999999/remark', { body: { remark: 'x', date: '2026-12-01' } }))
        .statusCode,
    ).toBe(404);
  });

  it.each(['2026-13-01', '2026-02-30', '20261201', '2026/12/01', 'today'])(
    'refuses the date %j with the YYYY-MM-DD text (body and paths)',
    async (date) => {
      const s = await createStaff(t.db, store);
      const message = 'Invalid date format. Expected YYYY-MM-DD.';
      const body = await manager('POST', `/staff/${s.id}/remark`, { body: { remark: 'x', date } });
      expect(body.statusCode).toBe(400);
      expect(body.json().message).toBe(message);
      const byDay = await reader('GET', `/staff/remarks/${encodeURIComponent(date)}`);
      expect(byDay.statusCode).toBe(400);
      expect(byDay.json().message).toBe(message);
      const byStaff = await reader('GET', `/staff/${s.id}/remark/${encodeURIComponent(date)}`);
      expect(byStaff.statusCode).toBe(400);
      expect(byStaff.json().message).toBe(message);
    },
  );

  it.each([
    [{ date: '2026-12-01' }, shiftMessages.remarkRequired],
    [{ remark: '  ', date: '2026-12-01' }, shiftMessages.remarkRequired],
    [{ remark: 'x'.repeat(1001), date: '2026-12-01' }, shiftMessages.remarkMax],
  ])('refuses %j', async (body, message) => {
    const s = await createStaff(t.db, store);
    const response = await manager('POST', `/staff/${s.id}/remark`, { body });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });
});
