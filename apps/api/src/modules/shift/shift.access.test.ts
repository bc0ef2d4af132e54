import { buildPath, shiftEndpoints, type Endpoint } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgency, createClientWithUsers, createUser, loginAs } from '../../testing/factories.ts';
import { createShiftStore, createStaff, type TestShiftStore } from '../../testing/shift-factories.ts';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';

/** A valid request for every back-office shift call, so that only access decides the answer. */
const samples: Record<keyof typeof shiftEndpoints, { query?: Record<string, string>; body?: unknown }> = {
  listStores: {},
  getStore: {},
  getReminderSettings: {},
  updateReminderSettings: {
    body: {
      reminders: [
        { time: '09:00', dayGap: -1 },
        { time: null, dayGap: null },
        { time: null, dayGap: null },
      ],
    },
  },
  createHelper: { body: { name: 'ヘルプ' } },
  listStaff: {},
  updateStaffStatus: { body: { friendId: 1, status: 'APPROVED' } },
  bulkApproveStaff: { body: { staffIds: [1] } },
  bulkDeleteStaff: { body: { staffIds: [1] } },
  getStaff: {},
  updateStaff: { body: { managerNotes: 'note' } },
  saveRemark: { body: { remark: '午前のみ', date: '2026-12-01' } },
  listRemarks: { query: { startDate: '2026-12-01', endDate: '2026-12-31' } },
  listRemarksOfDate: {},
  getRemark: {},
  monthlyHours: { body: { year: 2026, month: 12 } },
  dailyHours: { body: { startDate: '2026-12-01', endDate: '2026-12-07' } },
  createNormalRules: {
    body: {
      schedules: [{ dayOfWeek: '1', shiftStartTime: '09:00:00', shiftEndTime: '17:00:00', staffCount: 2 }],
    },
  },
  listNormalRules: {},
  getNormalRule: {},
  replaceNormalRules: { body: { scheduleNormalRules: [] } },
  createSpecialRuleGroup: {
    body: {
      label: '年末',
      schedules: [
        { shiftStartDateTime: '2026-12-31T10:00', shiftEndDateTime: '2026-12-31T18:00', staffCount: 3 },
      ],
    },
  },
  listSpecialRuleGroups: {},
  getSpecialRuleGroup: {},
  updateSpecialRuleGroup: {
    body: {
      label: '年末',
      specialRules: [
        { shiftStartDateTime: '2026-12-31T10:00', shiftEndDateTime: '2026-12-31T18:00', staffCount: 3 },
      ],
    },
  },
  deleteSpecialRuleGroup: {},
  getShiftClosure: {},
  updateShiftClosure: { body: { pattern: 'HALF_MONTH' } },
  listShiftPatterns: {},
  createShiftPattern: { body: { name: '早番', startHour: 9, startMinute: 0, endHour: 17, endMinute: 0 } },
  getShiftPattern: {},
  updateShiftPattern: { body: { name: '早番', startHour: 9, startMinute: 0, endHour: 17, endMinute: 0 } },
  deleteShiftPattern: {},
  monthlyShifts: { query: { year: '2026', month: '12' } },
  monthlyShiftsCsv: { query: { year: '2026', month: '12' } },
  dailyShifts: { query: { startAtMin: '2026-12-01', startAtMax: '2026-12-08' } },
  listShifts: { query: { startAtMin: '2026-12-01', startAtMax: '2026-12-08' } },
  saveShifts: { body: { date: '2026-12-01' } },
  approveDrafts: { body: { startAtMin: '2026-12-01', startAtMax: '2026-12-08' } },
  autoDraft: { body: { startAtMin: '2026-12-01', startAtMax: '2026-12-08' } },
  acceptAutoDraft: { body: { startAtMin: '2026-12-01', startAtMax: '2026-12-08', fingerprint: 'x' } },
  getShift: {},
  updateShift: { body: { managerNote: 'x' } },
};

const isManage = (e: Endpoint) => e.access.kind === 'permission' && e.access.permission === 'shift.manage';

let t: TestApp;
let a: Awaited<ReturnType<typeof createClientWithUsers>>;
let storeA: TestShiftStore;
let storeB: TestShiftStore;
let staffB: number;

beforeAll(async () => {
  t = await createTestApp();
  a = await createClientWithUsers(t.app, t.db);
  const b = await createClientWithUsers(t.app, t.db);
  storeA = await createShiftStore(t.db, a.client.id);
  storeB = await createShiftStore(t.db, b.client.id);
  staffB = (await createStaff(t.db, storeB)).id;
});
afterAll(async () => {
  await t.close();
});

const entries = Object.entries(shiftEndpoints) as [keyof typeof shiftEndpoints, Endpoint][];
const send = (
  endpoint: Endpoint,
  name: keyof typeof shiftEndpoints,
  storeId: number,
  cookie?: string,
  headers = {},
) =>
  call(
    t.app,
    endpoint.method,
    buildPath(endpoint.path, { storeId, id: staffB, staffId: staffB, date: '2026-12-01' }),
    {
      cookie,
      headers,
      ...(samples[name].query ? { query: samples[name].query } : {}),
      ...(samples[name].body !== undefined ? { body: samples[name].body } : {}),
    },
  );

describe('access to every back-office shift call', () => {
  it('has a sample for every endpoint', () => {
    expect(Object.keys(samples).sort()).toEqual(Object.keys(shiftEndpoints).sort());
  });

  it.each(entries)('%s: 401 without a session', async (name, endpoint) => {
    expect((await send(endpoint, name, storeA.id)).statusCode).toBe(401);
  });

  it.each(entries)('%s: STAFF position reads, may not manage (403)', async (name, endpoint) => {
    const response = await send(endpoint, name, storeA.id, a.staff.cookie);
    if (isManage(endpoint)) expect(response.statusCode).toBe(403);
    else expect(response.statusCode, response.body).not.toBe(403);
  });

  it.each(entries.filter(([name]) => name !== 'listStores'))(
    "%s: another client's store answers 404, its rows untouched",
    async (name, endpoint) => {
      const response = await send(endpoint, name, storeB.id, a.manager.cookie);
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json().message).toBe('Store not found');
    },
  );

  it('AGENCY users have no shift access (403), even on their own client', async () => {
    const agency = await createAgency(t.db);
    const user = await createUser(t.db, { role: 'AGENCY', position: 'OWNER', agencyId: agency.id });
    const cookie = await loginAs(t.app, user.email);
    const response = await send(shiftEndpoints.getStore, 'getStore', storeA.id, cookie, {
      'x-client-id': String(a.client.id),
    });
    expect(response.statusCode).toBe(403);
  });

  it('MASTER acts through x-client-id; MASTER_STAFF reads only', async () => {
    const master = await createUser(t.db, { role: 'MASTER', position: 'MANAGER' });
    const cookie = await loginAs(t.app, master.email);
    const headers = { 'x-client-id': String(a.client.id) };
    const store = await send(shiftEndpoints.getStore, 'getStore', storeA.id, cookie, headers);
    expect(store.statusCode).toBe(200);
    expect(store.json()).toMatchObject({ id: storeA.id, timeZone: 'Asia/Tokyo' });
    const helper = await send(shiftEndpoints.createHelper, 'createHelper', storeA.id, cookie, headers);
    expect(helper.statusCode).toBe(201);
    // the same store under another client id is not found
    const wrong = await send(shiftEndpoints.getStore, 'getStore', storeA.id, cookie, {
      'x-client-id': String(storeB.clientId),
    });
    expect(wrong.statusCode).toBe(404);
    const masterStaff = await createUser(t.db, { role: 'MASTER', position: 'STAFF' });
    const staffCookie = await loginAs(t.app, masterStaff.email);
    expect(
      (await send(shiftEndpoints.getStore, 'getStore', storeA.id, staffCookie, headers)).statusCode,
    ).toBe(200);
    expect(
      (await send(shiftEndpoints.createHelper, 'createHelper', storeA.id, staffCookie, headers)).statusCode,
    ).toBe(403);
  });
});
