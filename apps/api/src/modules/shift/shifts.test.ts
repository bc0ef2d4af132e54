import {
  dailyShiftsSchema,
  monthlyShiftsSchema,
  shiftMessages,
  staffShiftSchema,
  type StaffShift,
} from '@app/contracts';
import { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainEvents, schedules, staffShifts } from '../../db/schema/index.ts';
import { createClientWithUsers } from '../../testing/factories.ts';
import {
  createShift,
  createShiftStore,
  createStaff,
  setClosure,
  storeCaller,
  type TestShiftStore,
} from '../../testing/shift-factories.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let a: Awaited<ReturnType<typeof createClientWithUsers>>;

beforeAll(async () => {
  t = await createTestApp();
  a = await createClientWithUsers(t.app, t.db);
});
afterAll(async () => {
  await t.close();
});

/** A fresh store (FULL_MONTH, closes on the 20th, 15-minute division) with two approved staff and one pending. */
async function setup() {
  const store = await createShiftStore(t.db, a.client.id);
  const s1 = await createStaff(t.db, store, { displayName: '一郎' });
  const s2 = await createStaff(t.db, store, { displayName: '二郎' });
  const pending = await createStaff(t.db, store, { status: 'PENDING' });
  return {
    store,
    s1,
    s2,
    pending,
    manager: storeCaller(t.app, store.id, a.manager.cookie),
    reader: storeCaller(t.app, store.id, a.staff.cookie),
  };
}

const tokyo = (local: string) => `${local}:00+09:00`;
const shiftOf = async (id: number) =>
  (await t.db.select().from(staffShifts).where(eq(staffShifts.id, id)))[0]!;
const countShifts = async (store: TestShiftStore) =>
  (await t.db.select().from(staffShifts).where(eq(staffShifts.storeId, store.id))).length;
const events = async (store: TestShiftStore, topic: 'SHIFT_EDITED' | 'SHIFT_CONFIRMED') =>
  t.db
    .select()
    .from(domainEvents)
    .where(and(eq(domainEvents.storeId, store.id), eq(domainEvents.topic, topic)));

describe('save-shift', () => {
  it('moves REQUEST to DRAFT and back, and creates DRAFT shifts in the period of `date`', async () => {
    const { store, s1, s2, manager } = await setup();
    const r1 = await createShift(t.db, store, {
      staffId: s1.id,
      startAt: tokyo('2026-12-01T09:00'),
      endAt: tokyo('2026-12-01T17:00'),
    });
    const response = await manager('PUT', '/staff-shift/save-shift', {
      body: {
        date: '2026-12-10',
        toDraft: [r1.id],
        toCreate: [
          { staffId: s2.id, startAt: '2026-12-31T22:00', endAt: '2027-01-01T02:00', managerNote: '大晦日' },
        ],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.period).toEqual({
      key: '2026-12',
      startDate: '2026-12-01',
      endDate: '2026-12-31',
      closingDate: '2026-11-20',
      closesAt: '2026-11-21T00:00:00+09:00',
    });
    expect(body.updatedIds).toEqual([r1.id]);
    expect(body.created).toEqual([
      expect.objectContaining({
        staffId: s2.id,
        status: 'DRAFT',
        startAt: '2026-12-31T22:00:00+09:00',
        endAt: '2027-01-01T02:00:00+09:00',
        date: '2026-12-31',
        endDayDiff: 1,
        duration: 240,
        managerNote: '大晦日',
        isRequested: false,
        scheduleId: expect.any(Number),
      }),
    ]);
    expect((await shiftOf(r1.id)).status).toBe('DRAFT');
    const back = await manager('PUT', '/staff-shift/save-shift', {
      body: { date: '2026-12-10', toRequest: [r1.id] },
    });
    expect(back.statusCode).toBe(200);
    expect((await shiftOf(r1.id)).status).toBe('REQUEST');
  });

  it('changes times of shifts in the same call (toUpdate): a request drafted with new times keeps its original', async () => {
    const { store, s1, s2, manager } = await setup();
    const r = await createShift(t.db, store, {
      staffId: s1.id,
      startAt: tokyo('2026-12-03T09:00'),
      endAt: tokyo('2026-12-03T17:00'),
      requested: true,
    });
    const d = await createShift(t.db, store, {
      staffId: s2.id,
      status: 'DRAFT',
      startAt: tokyo('2026-12-03T09:00'),
      endAt: tokyo('2026-12-03T17:00'),
    });
    const response = await manager('PUT', '/staff-shift/save-shift', {
      body: {
        date: '2026-12-01',
        toDraft: [r.id],
        toUpdate: [
          { id: r.id, startAt: '2026-12-03T10:00', endAt: '2026-12-04T01:00' },
          { id: d.id, isRest: true },
        ],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().updatedIds.sort()).toEqual([r.id, d.id].sort());
    const drafted = await shiftOf(r.id);
    expect(drafted).toMatchObject({ status: 'DRAFT', duration: 900, hasBeenModified: true });
    expect(drafted.originalStartAt?.toISOString()).toBe('2026-12-03T00:00:00.000Z');
    expect((await shiftOf(d.id)).isRest).toBe(true);
    expect(await events(store, 'SHIFT_EDITED')).toHaveLength(2);
  });

  it('names the refused item (errors[].path) and keeps every other change out (all or nothing)', async () => {
    const { store, s1, s2, manager } = await setup();
    const r = await createShift(t.db, store, {
      staffId: s1.id,
      startAt: tokyo('2026-12-05T09:00'),
      endAt: tokyo('2026-12-05T17:00'),
    });
    const d = await createShift(t.db, store, {
      staffId: s2.id,
      status: 'DRAFT',
      startAt: tokyo('2026-12-06T09:00'),
      endAt: tokyo('2026-12-06T17:00'),
    });
    const before = await countShifts(store);
    const cases = [
      {
        body: { toUpdate: [{ id: d.id, startAt: '2026-12-06T09:10' }] },
        status: 400,
        message: shiftMessages.misaligned,
        path: 'toUpdate.0',
      },
      {
        body: {
          toCreate: [
            { staffId: s2.id, startAt: '2026-12-07T10:00', endAt: '2026-12-07T12:00' },
            { staffId: s1.id, startAt: '2026-12-05T12:00', endAt: '2026-12-05T20:00' },
          ],
        },
        status: 409,
        message: shiftMessages.overlap,
        path: 'toCreate.1',
      },
      {
        body: { toDraft: [r.id, 999_999] },
        status: 404,
        message: shiftMessages.shiftNotFound,
        path: 'toDraft.1',
      },
    ];
    for (const c of cases) {
      const response = await manager('PUT', '/staff-shift/save-shift', {
        body: { date: '2026-12-01', toDraft: [r.id], ...c.body },
      });
      expect(response.statusCode, response.body).toBe(c.status);
      expect(response.json()).toMatchObject({
        message: c.message,
        errors: [{ path: c.path, message: c.message }],
      });
    }
    expect((await shiftOf(r.id)).status).toBe('REQUEST');
    expect((await shiftOf(d.id)).startAt.toISOString()).toBe('2026-12-06T00:00:00.000Z');
    expect(await countShifts(store)).toBe(before);
  });

  it('refuses to move an APPROVED shift (409) and changes nothing else of the request', async () => {
    const { store, s1, s2, manager } = await setup();
    const r = await createShift(t.db, store, {
      staffId: s1.id,
      startAt: tokyo('2026-12-01T09:00'),
      endAt: tokyo('2026-12-01T17:00'),
    });
    const approved = await createShift(t.db, store, {
      staffId: s1.id,
      status: 'APPROVED',
      startAt: tokyo('2026-12-02T09:00'),
      endAt: tokyo('2026-12-02T17:00'),
    });
    const before = await countShifts(store);
    for (const list of ['toDraft', 'toRequest']) {
      const response = await manager('PUT', '/staff-shift/save-shift', {
        body: {
          date: '2026-12-01',
          toDraft: list === 'toDraft' ? [r.id, approved.id] : [r.id],
          toRequest: list === 'toRequest' ? [approved.id] : [],
          toCreate: [{ staffId: s2.id, startAt: '2026-12-05T10:00', endAt: '2026-12-05T18:00' }],
        },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(shiftMessages.approvedLocked);
    }
    expect((await shiftOf(r.id)).status).toBe('REQUEST');
    expect((await shiftOf(approved.id)).status).toBe('APPROVED');
    expect(await countShifts(store)).toBe(before);
  });

  it('is all or nothing: a later refusal rolls back the moves before it', async () => {
    const { store, s1, s2, pending, manager } = await setup();
    const r = await createShift(t.db, store, {
      staffId: s1.id,
      startAt: tokyo('2026-12-01T09:00'),
      endAt: tokyo('2026-12-01T17:00'),
    });
    const cases: [unknown, number, string][] = [
      [
        { staffId: s2.id, startAt: '2027-01-02T10:00', endAt: '2027-01-02T18:00' },
        400,
        shiftMessages.outsidePeriod,
      ],
      [
        { staffId: s1.id, startAt: '2026-12-01T12:00', endAt: '2026-12-01T20:00' },
        409,
        shiftMessages.overlap,
      ],
      [
        { staffId: s2.id, startAt: '2026-12-05T10:10', endAt: '2026-12-05T18:00' },
        400,
        shiftMessages.misaligned,
      ],
      [
        { staffId: s2.id, startAt: '2026-12-05T10:00', endAt: '2026-12-05T10:00' },
        400,
        shiftMessages.endAfterStart,
      ],
      [
        { staffId: s2.id, startAt: '2026-12-05T10:00', endAt: '2026-12-06T10:15' },
        400,
        shiftMessages.tooLong,
      ],
      [
        { staffId: pending.id, startAt: '2026-12-05T10:00', endAt: '2026-12-05T18:00' },
        400,
        shiftMessages.staffNotApproved,
      ],
      [
        { staffId: 999999, startAt: '2026-12-05T10:00', endAt: '2026-12-05T18:00' },
        404,
        shiftMessages.staffNotFound,
      ],
    ];
    for (const [shift, status, message] of cases) {
      const response = await manager('PUT', '/staff-shift/save-shift', {
        body: {
          date: '2026-12-15',
          toDraft: [r.id],
          toCreate: [{ staffId: s2.id, startAt: '2026-12-04T10:00', endAt: '2026-12-04T18:00' }, shift],
        },
      });
      expect(response.statusCode, JSON.stringify(shift)).toBe(status);
      expect(response.json().message).toBe(message);
    }
    // two new shifts of one staff member overlapping each other
    const clash = await manager('PUT', '/staff-shift/save-shift', {
      body: {
        date: '2026-12-15',
        toCreate: [
          { staffId: s2.id, startAt: '2026-12-04T10:00', endAt: '2026-12-04T18:00' },
          { staffId: s2.id, startAt: '2026-12-04T17:45', endAt: '2026-12-04T20:00' },
        ],
      },
    });
    expect(clash.statusCode).toBe(409);
    expect((await shiftOf(r.id)).status).toBe('REQUEST');
    expect(await countShifts(store)).toBe(1);
    // back to back is not an overlap
    const ok = await manager('PUT', '/staff-shift/save-shift', {
      body: {
        date: '2026-12-15',
        toCreate: [{ staffId: s1.id, startAt: '2026-12-01T17:00', endAt: '2026-12-01T21:00' }],
      },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('uses the HALF_MONTH period of `date`', async () => {
    const { store, s1, manager } = await setup();
    await setClosure(t.db, store, { pattern: 'HALF_MONTH', firstHalfDate: 25, secondHalfDate: 10 });
    const inside = await manager('PUT', '/staff-shift/save-shift', {
      body: {
        date: '2026-12-20',
        toCreate: [{ staffId: s1.id, startAt: '2026-12-16T09:00', endAt: '2026-12-16T12:00' }],
      },
    });
    expect(inside.json().period).toMatchObject({ key: '2026-12-H2', closingDate: '2026-12-10' });
    const outside = await manager('PUT', '/staff-shift/save-shift', {
      body: {
        date: '2026-12-20',
        toCreate: [{ staffId: s1.id, startAt: '2026-12-15T09:00', endAt: '2026-12-15T12:00' }],
      },
    });
    expect(outside.json().message).toBe(shiftMessages.outsidePeriod);
  });

  it('404 for an unknown shift id; validation texts', async () => {
    const { manager } = await setup();
    const missing = await manager('PUT', '/staff-shift/save-shift', {
      body: { date: '2026-12-01', toDraft: [999999] },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(shiftMessages.shiftNotFound);
    const cases: [unknown, string][] = [
      [{ date: '2026-12-32' }, 'Invalid date format. Expected YYYY-MM-DD.'],
      [{}, 'Invalid date format. Expected YYYY-MM-DD.'],
      [{ date: '2026-12-01', toDraft: ['1'] }, shiftMessages.ids],
      [{ date: '2026-12-01', toDraft: [1], toRequest: [1] }, shiftMessages.bothLists],
      [
        { date: '2026-12-01', toCreate: [{ staffId: 1, startAt: 'x', endAt: '2026-12-01T10:00' }] },
        'Invalid date string',
      ],
      [
        { date: '2026-12-01', toCreate: [{ startAt: '2026-12-01T09:00', endAt: '2026-12-01T10:00' }] },
        shiftMessages.staffId,
      ],
    ];
    for (const [body, message] of cases) {
      const response = await manager('PUT', '/staff-shift/save-shift', { body });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
  });
});

describe('approve-draft', () => {
  it('approves the drafts starting in the window (default isApprove), takes them back with false', async () => {
    const { store, s1, s2, manager, reader } = await setup();
    const saved = await manager('PUT', '/staff-shift/save-shift', {
      body: {
        date: '2026-12-01',
        toCreate: [
          { staffId: s1.id, startAt: '2026-12-05T09:00', endAt: '2026-12-05T17:00' },
          { staffId: s2.id, startAt: '2026-12-15T22:00', endAt: '2026-12-16T06:00' },
          { staffId: s2.id, startAt: '2026-12-20T09:00', endAt: '2026-12-20T17:00' },
        ],
      },
    });
    const [d1, d2, d3] = saved.json().created as { id: number; scheduleId: number }[];
    const request = await createShift(t.db, store, {
      staffId: s1.id,
      startAt: tokyo('2026-12-06T09:00'),
      endAt: tokyo('2026-12-06T17:00'),
    });
    const approve = await manager('PUT', '/staff-shift/approve-draft', {
      body: { startAtMin: '2026-12-01', startAtMax: '2026-12-16' },
    });
    expect(approve.json()).toEqual({ success: true, count: 2 });
    const statuses = async () =>
      Promise.all([d1!.id, d2!.id, d3!.id, request.id].map(async (id) => (await shiftOf(id)).status));
    expect(await statuses()).toEqual(['APPROVED', 'APPROVED', 'DRAFT', 'REQUEST']);
    const confirmed = await events(store, 'SHIFT_CONFIRMED');
    expect(confirmed).toHaveLength(1);
    expect(confirmed[0]!.payload).toMatchObject({ shiftIds: [d1!.id, d2!.id], staffIds: [s1.id, s2.id] });
    const [schedule] = await t.db.select().from(schedules).where(eq(schedules.id, d1!.scheduleId));
    expect(schedule).toMatchObject({
      status: 'PUBLISHED',
      periodKey: '2026-12',
      start: '2026-12-01',
      end: '2026-12-31',
    });

    // approving again finds no drafts: nothing to confirm
    expect(
      (
        await manager('PUT', '/staff-shift/approve-draft', {
          body: { startAtMin: '2026-12-01', startAtMax: '2026-12-16' },
        })
      ).json().count,
    ).toBe(0);
    expect(await events(store, 'SHIFT_CONFIRMED')).toHaveLength(1);

    const takeBack = await manager('PUT', '/staff-shift/approve-draft', {
      body: { startAtMin: '2026-12-05T00:00', startAtMax: '2026-12-06T00:00', isApprove: false },
    });
    expect(takeBack.json()).toEqual({ success: true, count: 1 });
    expect(await statuses()).toEqual(['DRAFT', 'APPROVED', 'DRAFT', 'REQUEST']);
    expect((await t.db.select().from(schedules).where(eq(schedules.id, d1!.scheduleId)))[0]!.status).toBe(
      'PUBLISHED',
    );
    await manager('PUT', '/staff-shift/approve-draft', {
      body: { startAtMin: '2026-12-01', startAtMax: '2027-01-01', isApprove: false },
    });
    expect((await t.db.select().from(schedules).where(eq(schedules.id, d1!.scheduleId)))[0]!.status).toBe(
      'DRAFT',
    );
    // an approved shift shows as such in the list
    const list = await reader('GET', '/staff-shift', {
      query: { startAtMin: '2026-12-01', startAtMax: '2027-01-01', status: 'APPROVED' },
    });
    expect(list.json()).toEqual([]);
  });

  it('validation texts', async () => {
    const { manager } = await setup();
    const cases: [unknown, string][] = [
      [{ startAtMin: '2026-12-02', startAtMax: '2026-12-01' }, shiftMessages.rangeOrder],
      [{ startAtMin: '2026-12-01', startAtMax: '2026-12-01' }, shiftMessages.rangeOrder],
      [{ startAtMin: '2026-01-01', startAtMax: '2026-12-01' }, shiftMessages.rangeTooLong],
      [{ startAtMax: '2026-12-01' }, 'Invalid date string'],
      [{ startAtMin: '2026-12-01', startAtMax: '2026-12-02', isApprove: 'yes' }, shiftMessages.isApprove],
    ];
    for (const [body, message] of cases) {
      const response = await manager('PUT', '/staff-shift/approve-draft', { body });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
  });
});

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
      const body = monthly.json();
      expect(monthlyShiftsSchema.parse(body)).toEqual(body); // nothing missing, nothing extra
      expect(body.shifts).toHaveLength(3);
      for (const shift of body.shifts) {
        expect(shift).toEqual((await reader('GET', `/staff-shift/${shift.id}`)).json());
      }
      const first = body.shifts.find((x: StaffShift) => x.id === requested.id);
      expect(first).toMatchObject({
        isRequested: true,
        hasBeenModified: true,
        managerNote: '引き継ぎ "A" \\ 50%\n二行目',
        originalStartAt:
          timeZone === 'Asia/Tokyo' ? '2026-11-01T14:30:00+09:00' : '2026-11-01T01:30:00-04:00',
        startAt: timeZone === 'Asia/Tokyo' ? '2026-11-01T15:30:00+09:00' : '2026-11-01T01:30:00-05:00',
        date: timeZone === 'Asia/Tokyo' ? '2026-11-01' : '2026-11-01',
      });
      const overnight = body.shifts.find((x: StaffShift) => x.staffId === s2.id && !x.isRest);
      expect(overnight).toMatchObject(
        timeZone === 'Asia/Tokyo'
          ? { date: '2026-11-30', endDayDiff: 1, startAt: '2026-11-30T22:00:00+09:00' }
          : { date: '2026-11-30', endDayDiff: 0, startAt: '2026-11-30T08:00:00-05:00' },
      );

      const window = { startAtMin: '2026-11-01', startAtMax: '2026-12-01' };
      const list = (await reader('GET', '/staff-shift', { query: window })).json();
      expect(z.array(staffShiftSchema).parse(list)).toEqual(list);
      expect(list).toEqual(body.shifts);
      const daily = (await reader('GET', '/staff-shift/daily', { query: window })).json();
      expect(dailyShiftsSchema.parse(daily)).toEqual(daily);
      expect(daily.days.flatMap((d: { shifts: StaffShift[] }) => d.shifts)).toEqual(body.shifts);
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
