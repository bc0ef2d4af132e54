import { shiftMessages } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { schedules } from '../../../db/schema/index.ts';
import { createShift, setClosure } from '../../../testing/shift-factories.ts';
import { countShifts, events, setup, shiftOf, t, tokyo, useShiftTestApp } from './shifts.test-setup.ts';

useShiftTestApp();

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
