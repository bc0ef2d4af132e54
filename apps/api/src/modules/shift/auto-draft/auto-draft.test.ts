import { shiftMessages } from '@app/contracts';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../app.ts';
import { createDatabase } from '../../../db/client.ts';
import { shiftAutoDrafts, staffShifts } from '../../../db/schema/index.ts';
import { createClientWithUsers } from '../../../testing/factories.ts';
import {
  createShift,
  createShiftStore,
  createStaff,
  storeCaller,
  type TestShiftStore,
} from '../../../testing/shift-factories.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

let t: TestApp;
let a: Awaited<ReturnType<typeof createClientWithUsers>>;

beforeAll(async () => {
  t = await createTestApp();
  a = await createClientWithUsers(t.app, t.db);
});
afterAll(async () => {
  await t.close();
});

const tokyo = (local: string) => `${local}:00+09:00`;
const rowsOf = async (store: TestShiftStore) =>
  t.db.select().from(staffShifts).where(eq(staffShifts.storeId, store.id)).orderBy(asc(staffShifts.id));
const window = { startAtMin: '2026-12-01', startAtMax: '2026-12-03' };

/**
 * Tuesday 1 December needs two staff 09:00-13:00 and one 17:00-22:00; Wednesday one 09:00-13:00.
 * 一郎 asked 08:00-14:00, 二郎 09:00-13:00 but worked until 01:00 that night (approved), 三郎 17:00-23:00.
 */
async function setup() {
  const store = await createShiftStore(t.db, a.client.id);
  const ichiro = await createStaff(t.db, store, { displayName: '一郎' });
  const jiro = await createStaff(t.db, store, { displayName: '二郎' });
  const saburo = await createStaff(t.db, store, { displayName: '三郎' });
  const manager = storeCaller(t.app, store.id, a.manager.cookie);
  const rules = await manager('POST', '/normal-rule', {
    body: {
      schedules: [
        { dayOfWeek: '2', shiftStartTime: '09:00:00', shiftEndTime: '13:00:00', staffCount: 2 },
        { dayOfWeek: '2', shiftStartTime: '17:00:00', shiftEndTime: '22:00:00', staffCount: 1 },
        { dayOfWeek: '3', shiftStartTime: '09:00:00', shiftEndTime: '13:00:00', staffCount: 1 },
      ],
    },
  });
  expect(rules.statusCode, rules.body).toBe(201);
  const r1 = await createShift(t.db, store, {
    staffId: ichiro.id,
    startAt: tokyo('2026-12-01T08:00'),
    endAt: tokyo('2026-12-01T14:00'),
  });
  const r2 = await createShift(t.db, store, {
    staffId: jiro.id,
    startAt: tokyo('2026-12-01T09:00'),
    endAt: tokyo('2026-12-01T13:00'),
  });
  const r3 = await createShift(t.db, store, {
    staffId: saburo.id,
    startAt: tokyo('2026-12-01T17:00'),
    endAt: tokyo('2026-12-01T23:00'),
  });
  await createShift(t.db, store, {
    staffId: jiro.id,
    startAt: tokyo('2026-11-30T20:00'),
    endAt: tokyo('2026-12-01T01:00'),
    status: 'APPROVED',
  });
  return { store, ichiro, jiro, saburo, r1, r2, r3, manager };
}

describe('POST staff-shift/auto-draft (preview)', () => {
  it('proposes trimmed drafts, counts every slot and explains each gap by name, saving nothing', async () => {
    const { store, ichiro, jiro, saburo, r1, r3, manager } = await setup();
    const before = await rowsOf(store);
    const response = await manager('POST', '/staff-shift/auto-draft', { body: window });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.proposed).toEqual([
      expect.objectContaining({
        shiftId: r1.id,
        staffId: ichiro.id,
        date: '2026-12-01',
        startAt: '2026-12-01T09:00:00+09:00',
        endAt: '2026-12-01T13:00:00+09:00',
        duration: 240,
        requestStartAt: '2026-12-01T08:00:00+09:00',
        requestEndAt: '2026-12-01T14:00:00+09:00',
      }),
      expect.objectContaining({
        shiftId: r3.id,
        staffId: saburo.id,
        startAt: '2026-12-01T17:00:00+09:00',
        endAt: '2026-12-01T22:00:00+09:00',
      }),
    ]);
    expect(body.slots).toEqual([
      {
        date: '2026-12-01',
        startAt: '2026-12-01T09:00:00+09:00',
        endAt: '2026-12-01T13:00:00+09:00',
        required: 2,
        assigned: 1,
        staffIds: [ichiro.id],
        reasons: [
          {
            kind: 'BLOCKED',
            staffId: jiro.id,
            rule: 'MIN_REST',
            text: '二郎さん: 11/30 20:00〜01:00のシフトとの勤務間インターバルが足りません',
          },
        ],
      },
      expect.objectContaining({ date: '2026-12-01', required: 1, assigned: 1, reasons: [] }),
      expect.objectContaining({
        date: '2026-12-02',
        required: 1,
        assigned: 0,
        reasons: [{ kind: 'NO_REQUEST', staffId: null, rule: null, text: '誰も希望を出していません' }],
      }),
    ]);
    expect(body.totals).toEqual({
      required: 4,
      assigned: 2,
      filled: 2,
      fillable: 2,
      unfilledSlots: 2,
      over: 0,
      proposedShifts: 2,
      proposedMinutes: 540,
    });
    expect(body.staff.find((s: { staffId: number }) => s.staffId === ichiro.id)).toMatchObject({
      name: '一郎',
      proposedMinutes: 240,
      requestedMinutes: 360,
      fulfilmentRate: 0.667,
    });
    expect(body.fingerprint).toEqual(expect.any(String));
    expect(await rowsOf(store)).toEqual(before);
  });

  it('refuses a bad mode or window with 400, and a reader with 403', async () => {
    const { manager, store } = await setup();
    const bad = await manager('POST', '/staff-shift/auto-draft', { body: { ...window, mode: 'ALL' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(shiftMessages.draftMode);
    const backwards = await manager('POST', '/staff-shift/auto-draft', {
      body: { startAtMin: '2026-12-03', startAtMax: '2026-12-01' },
    });
    expect(backwards.statusCode).toBe(400);
    const reader = storeCaller(t.app, store.id, a.staff.cookie);
    expect((await reader('POST', '/staff-shift/auto-draft', { body: window })).statusCode).toBe(403);
  });
});

describe('the store and staff rules the draft follows', () => {
  it("uses the store's rest hours and a staff member's own cap over the store's", async () => {
    const { ichiro, jiro, manager } = await setup();
    // 7 hours of rest are enough for 二郎 (01:00 -> 09:00); 一郎 may work only 3 hours a day
    const closure = await manager('PUT', '/shift-closure', { body: { minRestHours: 7, maxHoursPerDay: 10 } });
    expect(closure.statusCode, closure.body).toBe(200);
    const staff = await manager('PATCH', `/staff/${ichiro.id}`, { body: { maxHoursPerDay: 3 } });
    expect(staff.statusCode, staff.body).toBe(200);
    expect(staff.json()).toMatchObject({ maxHoursPerDay: 3, targetHoursPerMonth: null });
    const body = (await manager('POST', '/staff-shift/auto-draft', { body: window })).json();
    const morning = body.slots[0];
    expect(morning.staffIds).toEqual([jiro.id]);
    expect(morning.reasons).toEqual([
      {
        kind: 'BLOCKED',
        staffId: ichiro.id,
        rule: 'DAY_CAP',
        text: '一郎さん: 1日の上限3時間を超えます(4時間)',
      },
    ]);
  });
});

describe('rest requests not yet approved (issue 29)', () => {
  it('keeps a staff member off a day they asked to rest, though the rest request is still a request', async () => {
    // Wednesday 09:00-13:00 needs one: 一郎 asked 08:00-14:00 that day and also asked to rest (REQUEST);
    // 三郎 asked 09:00-13:00 too. The draft takes 三郎 and says why not 一郎 where 三郎 is not there.
    const { store, ichiro, saburo, manager } = await setup();
    await createShift(t.db, store, {
      staffId: ichiro.id,
      startAt: tokyo('2026-12-02T08:00'),
      endAt: tokyo('2026-12-02T14:00'),
    });
    await createShift(t.db, store, {
      staffId: ichiro.id,
      startAt: tokyo('2026-12-02T00:00'),
      endAt: tokyo('2026-12-03T00:00'),
      isRest: true,
    });
    const first = (await manager('POST', '/staff-shift/auto-draft', { body: window })).json();
    const wednesday = first.slots.find((x: { date: string }) => x.date === '2026-12-02');
    expect(wednesday).toMatchObject({ assigned: 0, staffIds: [] });
    expect(wednesday.reasons).toEqual([
      { kind: 'BLOCKED', staffId: ichiro.id, rule: 'REST_DAY', text: '一郎さん: この日は休みです' },
    ]);
    await createShift(t.db, store, {
      staffId: saburo.id,
      startAt: tokyo('2026-12-02T09:00'),
      endAt: tokyo('2026-12-02T13:00'),
    });
    const second = (await manager('POST', '/staff-shift/auto-draft', { body: window })).json();
    const filled = second.slots.find((x: { date: string }) => x.date === '2026-12-02');
    expect(filled).toMatchObject({ assigned: 1, staffIds: [saburo.id], reasons: [] });
  });
});

describe('POST staff-shift/auto-draft/accept', () => {
  it('saves the preview through save-shift: requests become trimmed drafts, the rest stays requests', async () => {
    const { store, r1, r2, r3, manager } = await setup();
    const preview = (await manager('POST', '/staff-shift/auto-draft', { body: window })).json();
    const accept = await manager('POST', '/staff-shift/auto-draft/accept', {
      body: { ...window, fingerprint: preview.fingerprint },
    });
    expect(accept.statusCode, accept.body).toBe(200);
    expect(accept.json()).toEqual({ drafted: 2, updatedIds: expect.arrayContaining([r1.id, r3.id]) });
    const rows = new Map((await rowsOf(store)).map((r) => [r.id, r]));
    expect(rows.get(r1.id)).toMatchObject({
      status: 'DRAFT',
      startAt: new Date(tokyo('2026-12-01T09:00')),
      endAt: new Date(tokyo('2026-12-01T13:00')),
      duration: 240,
      originalStartAt: new Date(tokyo('2026-12-01T08:00')),
      hasBeenModified: true,
    });
    expect(rows.get(r2.id)).toMatchObject({
      status: 'REQUEST',
      startAt: new Date(tokyo('2026-12-01T09:00')),
    });
    expect(rows.get(r3.id)).toMatchObject({ status: 'DRAFT', endAt: new Date(tokyo('2026-12-01T22:00')) });

    // the drafts now count: filling again proposes nothing; redrafting proposes the same drafts again
    const again = (await manager('POST', '/staff-shift/auto-draft', { body: window })).json();
    expect(again.proposed).toEqual([]);
    expect(again.totals.filled).toBe(2);
    const redraft = (
      await manager('POST', '/staff-shift/auto-draft', { body: { ...window, mode: 'REDRAFT' } })
    ).json();
    expect(redraft.proposed.map((p: { shiftId: number }) => p.shiftId)).toEqual([r1.id, r3.id]);
    expect(redraft.toRequest).toEqual([]);
    // and approving them works as for any draft
    const approve = await manager('PUT', '/staff-shift/approve-draft', { body: window });
    expect(approve.json()).toEqual({ success: true, count: 2 });
  });

  it('refuses with 409 and saves nothing when a manager changed a shift since the preview', async () => {
    const { store, r2, manager } = await setup();
    const preview = (await manager('POST', '/staff-shift/auto-draft', { body: window })).json();
    const edit = await manager('PUT', `/staff-shift/${r2.id}`, { body: { managerNote: '午前だけ' } });
    expect(edit.statusCode, edit.body).toBe(200);
    const before = await rowsOf(store);
    const accept = await manager('POST', '/staff-shift/auto-draft/accept', {
      body: { ...window, fingerprint: preview.fingerprint },
    });
    expect(accept.statusCode).toBe(409);
    expect(accept.json().message).toBe(shiftMessages.draftOutdated);
    expect(await rowsOf(store)).toEqual(before);
    // a fresh preview is accepted
    const fresh = (await manager('POST', '/staff-shift/auto-draft', { body: window })).json();
    const ok = await manager('POST', '/staff-shift/auto-draft/accept', {
      body: { ...window, fingerprint: fresh.fingerprint },
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('refuses with 409 when a rule changed the plan since the preview, not when it changed nothing', async () => {
    const { store, ichiro, manager } = await setup();
    const preview = (await manager('POST', '/staff-shift/auto-draft', { body: window })).json();
    // a cap that changes nothing of this plan (一郎's draft is 4 hours) does not stand in the way
    const loose = await manager('PATCH', `/staff/${ichiro.id}`, { body: { maxHoursPerDay: 8 } });
    expect(loose.statusCode, loose.body).toBe(200);
    expect((await manager('POST', '/staff-shift/auto-draft', { body: window })).json().fingerprint).toBe(
      preview.fingerprint,
    );
    // one that takes 一郎 off the morning does: accepting would save another plan than the one shown
    const tight = await manager('PATCH', `/staff/${ichiro.id}`, { body: { maxHoursPerDay: 3 } });
    expect(tight.statusCode, tight.body).toBe(200);
    const before = await rowsOf(store);
    const accept = await manager('POST', '/staff-shift/auto-draft/accept', {
      body: { ...window, fingerprint: preview.fingerprint },
    });
    expect(accept.statusCode).toBe(409);
    expect(accept.json().message).toBe(shiftMessages.draftOutdated);
    expect(await rowsOf(store)).toEqual(before);
  });

  it("answers 404 for another client's store and changes nothing there", async () => {
    const { store } = await setup();
    const other = await createClientWithUsers(t.app, t.db);
    const intruder = storeCaller(t.app, store.id, other.manager.cookie);
    const before = await rowsOf(store);
    const preview = await intruder('POST', '/staff-shift/auto-draft', { body: window });
    expect(preview.statusCode).toBe(404);
    const accept = await intruder('POST', '/staff-shift/auto-draft/accept', {
      body: { ...window, fingerprint: 'x' },
    });
    expect(accept.statusCode).toBe(404);
    expect(await rowsOf(store)).toEqual(before);
  });
});

// Two API processes on one database (docs/decisions/0042): the preview is made on one, accepted on the
// other. On PostgreSQL (TEST_DATABASE_URL) the second has its own connection pool, as a process would.
describe('accepting on another API process', () => {
  let second: { app: FastifyInstance; close: () => Promise<void> };
  beforeAll(async () => {
    const database = t.databaseUrl
      ? await createDatabase({ kind: 'postgres', url: t.databaseUrl, poolSize: 2 })
      : null;
    const app = await buildApp({ config: t.config, db: database?.db ?? t.db, clock: t.clock, logger: false });
    await app.ready();
    second = {
      app,
      close: async () => {
        await app.close();
        await database?.close();
      },
    };
  });
  afterAll(async () => {
    await second.close();
  });

  it('saves the plan the first previewed, though its own solve would draft another', async () => {
    const { store, r1, r2, r3, manager } = await setup();
    const preview = (await manager('POST', '/staff-shift/auto-draft', { body: window })).json();
    // What the first process kept is what it showed: a plan this process would not draft itself (as
    // when HiGHS's budget cut it short there): 一郎's morning only, 三郎's evening left a request.
    const [kept] = await t.db.select().from(shiftAutoDrafts).where(eq(shiftAutoDrafts.storeId, store.id));
    expect(kept!.answer).toEqual(preview);
    const save = kept!.save as { toDraft: number[]; toUpdate: { id: number }[] };
    expect(save.toDraft).toEqual([r1.id, r3.id]);
    await t.db
      .update(shiftAutoDrafts)
      .set({
        answer: {
          ...preview,
          proposed: preview.proposed.filter((p: { shiftId: number }) => p.shiftId === r1.id),
        },
        save: { ...save, toDraft: [r1.id], toUpdate: save.toUpdate.filter((u) => u.id === r1.id) },
      })
      .where(eq(shiftAutoDrafts.id, kept!.id));

    const other = storeCaller(second.app, store.id, a.manager.cookie);
    const accept = await other('POST', '/staff-shift/auto-draft/accept', {
      body: { ...window, fingerprint: preview.fingerprint },
    });
    expect(accept.statusCode, accept.body).toBe(200);
    expect(accept.json()).toEqual({ drafted: 1, updatedIds: [r1.id] });
    const rows = new Map((await rowsOf(store)).map((r) => [r.id, r]));
    expect(rows.get(r1.id)).toMatchObject({ status: 'DRAFT', startAt: new Date(tokyo('2026-12-01T09:00')) });
    expect(rows.get(r2.id)).toMatchObject({ status: 'REQUEST' });
    expect(rows.get(r3.id)).toMatchObject({ status: 'REQUEST' });
  });

  it('shows the same plan on both, and a preview on one is accepted on the other', async () => {
    const { store, r1, r3, manager } = await setup();
    const other = storeCaller(second.app, store.id, a.manager.cookie);
    const preview = (await other('POST', '/staff-shift/auto-draft', { body: window })).json();
    expect((await manager('POST', '/staff-shift/auto-draft', { body: window })).json()).toEqual(preview);
    const accept = await manager('POST', '/staff-shift/auto-draft/accept', {
      body: { ...window, fingerprint: preview.fingerprint },
    });
    expect(accept.statusCode, accept.body).toBe(200);
    expect(accept.json()).toEqual({ drafted: 2, updatedIds: expect.arrayContaining([r1.id, r3.id]) });
  });
});
