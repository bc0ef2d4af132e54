import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainEvents, jobs } from '../../../db/schema/index.ts';
import { enqueueJob } from '../../../platform/jobs.ts';
import { createClientWithUsers } from '../../../testing/factories.ts';
import {
  createShift,
  createShiftStore,
  createStaff,
  storeCaller,
  type TestShiftStore,
} from '../../../testing/shift-factories.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { REMIND_QUEUE } from './reminders.ts';

let t: TestApp;
let a: Awaited<ReturnType<typeof createClientWithUsers>>;

beforeAll(async () => {
  // The clock moves days and years ahead here: keep the sessions alive meanwhile.
  t = await createTestApp({ SESSION_IDLE_MINUTES: '10000000', SESSION_ABSOLUTE_HOURS: '200000' });
  a = await createClientWithUsers(t.app, t.db);
});
afterAll(async () => {
  await t.close();
});

const pendingReminders = async (store: TestShiftStore) =>
  (
    await t.db
      .select({ key: jobs.dedupeKey, runAt: jobs.runAt, status: jobs.status })
      .from(jobs)
      .where(and(eq(jobs.queue, REMIND_QUEUE), like(jobs.dedupeKey, `shift-remind:${store.id}:%`)))
      .orderBy(asc(jobs.runAt))
  )
    .filter((j) => j.status === 'PENDING')
    .map((j) => [j.key!.split(':').slice(2).join(':'), j.runAt.toISOString()]);

const reminded = async (store: TestShiftStore) =>
  (
    await t.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.storeId, store.id), eq(domainEvents.topic, 'SHIFT_SUBMISSION_REMIND')))
      .orderBy(asc(domainEvents.id))
  ).map((e) => e.payload as { periodKey: string; reminder: number; recipients: { staffId: number }[] });

const runAt = async (iso: string) => {
  t.clock.set(new Date(iso));
  while ((await t.app.jobs.runDue()) > 0);
};

describe('submission reminders (FULL_MONTH, closing on the 25th; clock 2026-11-21 18:00 Tokyo)', () => {
  it('plans, fires once to approved staff on LINE who have not submitted, and re-plans on change', async () => {
    t.clock.set(new Date('2026-11-21T09:00:00Z'));
    const store = await createShiftStore(t.db, a.client.id);
    const manager = storeCaller(t.app, store.id, a.manager.cookie);
    const waiting = await createStaff(t.db, store);
    const submitted = await createStaff(t.db, store);
    const blocked = await createStaff(t.db, store, { isFriend: false });
    await createStaff(t.db, store, { helperName: 'ヘルプ' });
    await createStaff(t.db, store, { status: 'PENDING' });
    // an overnight request from 31 December counts for December, the period it starts in
    await createShift(t.db, store, {
      staffId: submitted.id,
      startAt: '2026-12-31T22:00:00+09:00',
      endAt: '2027-01-01T02:00:00+09:00',
    });
    void blocked;

    await manager('PUT', '/settings', {
      body: {
        reminders: [
          { time: '09:00', dayGap: -1 },
          { time: '24:00', dayGap: 0 },
          { time: null, dayGap: 5 },
        ],
      },
    });
    expect(await pendingReminders(store)).toEqual([]); // nothing while the closure setting is unpublished
    await manager('PUT', '/shift-closure', { body: { dayOfMonth: 25, isPublished: true } });
    expect(await pendingReminders(store)).toEqual([
      ['2026-12:1', '2026-11-24T00:00:00.000Z'],
      ['2026-12:2', '2026-11-25T15:00:00.000Z'],
      ['2027-01:1', '2026-12-24T00:00:00.000Z'],
      ['2027-01:2', '2026-12-25T15:00:00.000Z'],
      ['2027-02:1', '2027-01-24T00:00:00.000Z'],
      ['2027-02:2', '2027-01-25T15:00:00.000Z'],
    ]);

    await runAt('2026-11-23T23:59:00Z');
    expect(await reminded(store)).toEqual([]);
    await runAt('2026-11-24T00:00:00Z');
    expect(await reminded(store)).toEqual([
      expect.objectContaining({
        periodKey: '2026-12',
        reminder: 1,
        recipients: [{ staffId: waiting.id, friendId: waiting.friendId }],
      }),
    ]);
    await runAt('2026-11-24T00:05:00Z');
    expect(await reminded(store)).toHaveLength(1);

    // moving the second reminder re-plans it; the first, already sent, is not planned again
    await manager('PUT', '/settings', {
      body: {
        reminders: [
          { time: '09:00', dayGap: -1 },
          { time: '20:00', dayGap: 0 },
          { time: null, dayGap: null },
        ],
      },
    });
    expect((await pendingReminders(store)).slice(0, 2)).toEqual([
      ['2026-12:2', '2026-11-25T11:00:00.000Z'],
      ['2027-01:1', '2026-12-24T00:00:00.000Z'],
    ]);
    await runAt('2026-11-25T11:00:00Z');
    expect((await reminded(store)).map((r) => [r.periodKey, r.reminder])).toEqual([
      ['2026-12', 1],
      ['2026-12', 2],
    ]);

    // the daily planner keeps later periods planned: after January closes, March is planned
    await runAt('2026-12-26T00:00:00Z');
    const keys = (await pendingReminders(store)).map(([key]) => key);
    expect(keys).toContain('2027-03:1');
    // December's submitter is reminded for January
    const january = (await reminded(store)).filter((r) => r.periodKey === '2027-01');
    expect(january.map((r) => r.recipients.map((x) => x.staffId))).toEqual([
      [waiting.id, submitted.id],
      [waiting.id, submitted.id],
    ]);

    // unpublishing drops the pending reminders
    await manager('PUT', '/shift-closure', { body: { isPublished: false } });
    expect(await pendingReminders(store)).toEqual([]);
  });

  it('a job whose setting changed meanwhile records nothing', async () => {
    t.clock.set(new Date('2026-11-21T09:00:00Z'));
    const store = await createShiftStore(t.db, a.client.id);
    const manager = storeCaller(t.app, store.id, a.manager.cookie);
    await createStaff(t.db, store);
    await manager('PUT', '/shift-closure', { body: { dayOfMonth: 25, isPublished: true } });
    await manager('PUT', '/settings', {
      body: {
        reminders: [
          { time: '09:00', dayGap: -1 },
          { time: null, dayGap: null },
          { time: null, dayGap: null },
        ],
      },
    });
    // a job planned from an older setting (another time) that escaped re-planning
    await enqueueJob(t.db, {
      queue: REMIND_QUEUE,
      payload: {
        clientId: store.clientId,
        storeId: store.id,
        periodKey: '2026-12',
        n: 1,
        fireAt: '2026-11-23T00:00:00.000Z',
      },
      runAt: new Date('2026-11-23T00:00:00Z'),
    });
    await runAt('2026-11-23T00:00:00Z');
    expect(await reminded(store)).toEqual([]);
    await runAt('2026-11-24T00:00:00Z');
    expect(await reminded(store)).toHaveLength(1);
  });
});

describe('HALF_MONTH reminders across a leap February', () => {
  it('closes the 1st-15th of March on 29 February 2028 (firstHalfDate 31)', async () => {
    t.clock.set(new Date('2028-02-10T00:00:00Z'));
    const store = await createShiftStore(t.db, a.client.id);
    const manager = storeCaller(t.app, store.id, a.manager.cookie);
    await createStaff(t.db, store);
    const closure = await manager('PUT', '/shift-closure', {
      body: { pattern: 'HALF_MONTH', firstHalfDate: 31, secondHalfDate: 15, isPublished: true },
    });
    expect(closure.json().openPeriod).toMatchObject({ key: '2028-02-H2', closingDate: '2028-02-15' });
    await manager('PUT', '/settings', {
      body: {
        reminders: [
          { time: '10:00', dayGap: 0 },
          { time: null, dayGap: null },
          { time: null, dayGap: null },
        ],
      },
    });
    expect(await pendingReminders(store)).toEqual([
      ['2028-02-H2:1', '2028-02-15T01:00:00.000Z'],
      ['2028-03-H1:1', '2028-02-29T01:00:00.000Z'],
      ['2028-03-H2:1', '2028-03-15T01:00:00.000Z'],
    ]);
    await runAt('2028-02-29T01:00:00Z');
    expect((await reminded(store)).map((r) => r.periodKey)).toEqual(['2028-02-H2', '2028-03-H1']);
    const open = await manager('GET', '/shift-closure');
    expect(open.json().openPeriod).toMatchObject({
      key: '2028-03-H1',
      closesAt: '2028-03-01T00:00:00+09:00',
    });
  });
});
