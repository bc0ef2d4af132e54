import { shiftMessages } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainEvents, friends } from '../../../db/schema/index.ts';
import { createClientWithUsers } from '../../../testing/factories.ts';
import { startLineSim, type LineSim } from '../../../testing/line-sim.ts';
import {
  createFriend,
  createShiftStore,
  createStaff,
  setClosure,
  storeCaller,
  type TestShiftStore,
} from '../../../testing/shift-factories.ts';
import { call, createTestApp, type TestApp } from '../../../testing/test-app.ts';

/**
 * The shift mini-app against the LINE simulator: ID tokens come from its LIFF login and are verified
 * through its /oauth2/v2.1/verify, exactly as with LINE.
 */
let sim: LineSim;
let t: TestApp;
let store: TestShiftStore;
let liffId: string;
let manager: ReturnType<typeof storeCaller>;

beforeAll(async () => {
  sim = await startLineSim();
  t = await createTestApp({ LINE_API_BASE_URL: sim.baseUrl, LINE_DATA_API_BASE_URL: sim.baseUrl });
  const channel = await sim.createChannel();
  const app = await sim.consoleCall<{ liffId: string }>(
    'POST',
    `/_sim/channels/${channel.channelId}/liff-apps`,
    {
      view: { type: 'full', url: 'https://shift.example/liff' },
    },
  );
  liffId = app.liffId;
  const a = await createClientWithUsers(t.app, t.db);
  store = await createShiftStore(t.db, a.client.id, {
    loginChannelId: channel.loginChannel.channelId,
    liffId,
  });
  manager = storeCaller(t.app, store.id, a.manager.cookie);
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

/** A LINE user who follows the account (a friends row, as the webhook makes it) and their ID token. */
async function lineUser(name: string, options: { friend?: boolean; isFriend?: boolean } = {}) {
  const user = await sim.createUser(name);
  const friend =
    options.friend === false
      ? undefined
      : await createFriend(t.db, store, {
          lineUserId: user.userId,
          displayName: name,
          isFriend: options.isFriend ?? true,
        });
  const idToken = await sim.liffLogin(user.userId, liffId);
  const liff = (
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    options: { body?: unknown; query?: Record<string, string> } = {},
  ) =>
    call(t.app, method, `/shift/api/v1/liff/store/${store.id}${path}`, {
      headers: { authorization: `Bearer ${idToken}` },
      ...options,
    });
  return { user, friend, idToken, liff };
}

const approve = (friendId: number) =>
  manager('POST', '/staff/status', { body: { friendId, status: 'APPROVED' } });
const eventsOf = (topic: 'SHIFT_SUBMITTED' | 'SHIFT_SUBMISSION_COMPLETE') =>
  t.db
    .select()
    .from(domainEvents)
    .where(and(eq(domainEvents.storeId, store.id), eq(domainEvents.topic, topic)));

describe('identity', () => {
  it('needs a valid ID token for the store', async () => {
    const missing = await call(t.app, 'GET', `/shift/api/v1/liff/store/${store.id}/me`);
    expect(missing.statusCode).toBe(401);
    expect(missing.json().message).toBe(shiftMessages.idTokenRequired);
    const forged = await call(t.app, 'GET', `/shift/api/v1/liff/store/${store.id}/me`, {
      headers: { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.e30.x' },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toBe(shiftMessages.idTokenInvalid);
    // a token of another account's LINE Login channel
    const other = await sim.createChannel({ displayName: '別の店' });
    const app = await sim.consoleCall<{ liffId: string }>(
      'POST',
      `/_sim/channels/${other.channelId}/liff-apps`,
      {
        view: { type: 'full', url: 'https://other.example/liff' },
      },
    );
    const user = await sim.createUser('他店の人');
    const idToken = await sim.liffLogin(user.userId, app.liffId);
    const wrongAudience = await call(t.app, 'GET', `/shift/api/v1/liff/store/${store.id}/me`, {
      headers: { authorization: `Bearer ${idToken}` },
    });
    expect(wrongAudience.statusCode).toBe(401);
  });

  it('404 for an unknown store', async () => {
    const { idToken } = await lineUser('迷子');
    const response = await call(t.app, 'GET', '/shift/api/v1/liff/store/999999/me', {
      headers: { authorization: `Bearer ${idToken}` },
    });
    expect(response.statusCode).toBe(404);
  });

  it("refuses a user who is not a friend or has blocked the account: 'User blocked or is not following LINE OA.'", async () => {
    for (const options of [{ friend: false }, { isFriend: false }]) {
      const { liff } = await lineUser('ブロック', options);
      for (const [method, path] of [
        ['GET', '/me'],
        ['POST', '/staff'],
        ['GET', '/period'],
      ] as const) {
        const response = await liff(method, path, method === 'POST' ? { body: {} } : {});
        // The mini-apps' one answer (platform/liff.ts), the member card's as well.
        expect(response.statusCode).toBe(422);
        expect(response.json()).toMatchObject({
          message: shiftMessages.notFollowing,
          reason: 'NOT_FOLLOWING',
        });
      }
    }
  });
});

describe('sign-up and approval', () => {
  it('signs up as PENDING staff; every staff call answers "Staff is not approved." until a manager approves', async () => {
    const { liff, friend } = await lineUser('新人 花子');
    expect((await liff('GET', '/me')).json()).toMatchObject({
      store: { id: store.id, timeZone: 'Asia/Tokyo' },
      friend: { id: friend!.id, displayName: '新人 花子' },
      staff: null,
    });
    const signUp = await liff('POST', '/staff', { body: { employeeNumber: 'P-1' } });
    expect(signUp.statusCode).toBe(200);
    expect(signUp.json().staff).toMatchObject({ status: 'PENDING' });
    expect((await liff('POST', '/staff', { body: {} })).json().staff.id).toBe(signUp.json().staff.id);
    const pending = await manager('GET', '/staff', { query: { status: 'PENDING' } });
    expect(pending.json().data).toEqual([
      expect.objectContaining({ friendId: friend!.id, employeeNumber: 'P-1' }),
    ]);

    for (const [method, path, options] of [
      ['GET', '/period', {}],
      ['GET', '/requests', {}],
      ['PUT', '/requests', { body: { requests: [] } }],
      ['GET', '/shifts', { query: { startAtMin: '2026-12-01', startAtMax: '2026-12-31' } }],
      ['GET', '/approved-shifts', {}],
      ['GET', '/remarks', {}],
    ] as const) {
      const response = await liff(method, path, options);
      expect(response.statusCode, path).toBe(400);
      expect(response.json().message).toBe(shiftMessages.staffNotApproved);
    }
    await approve(friend!.id);
    expect((await liff('GET', '/me')).json().staff.status).toBe('APPROVED');
    expect((await liff('GET', '/period')).json()).toEqual({
      period: null,
      timeDivisionSetting: 15,
      hasSubmitted: false,
    });
  });
});

describe('requests for the open period', () => {
  it('submits, changes, completes the period, and keeps what the manager handled', async () => {
    await setClosure(t.db, store, { dayOfMonth: 25 });
    // every approved staff member on LINE counts for completeness: start from a clean set
    await t.db.update(friends).set({ isFriend: false }).where(eq(friends.lineAccountId, store.lineAccountId));
    const hana = await lineUser('花子');
    const taro = await lineUser('太郎');
    await approve(hana.friend!.id);
    await approve(taro.friend!.id);
    await createStaff(t.db, store, { helperName: 'ヘルプ' }); // helpers have no LINE: not waited for

    const period = await hana.liff('GET', '/period');
    expect(period.json()).toEqual({
      period: {
        key: '2026-12',
        startDate: '2026-12-01',
        endDate: '2026-12-31',
        closingDate: '2026-11-25',
        closesAt: '2026-11-26T00:00:00+09:00',
      },
      timeDivisionSetting: 15,
      hasSubmitted: false,
    });

    const submitted = await hana.liff('PUT', '/requests', {
      body: {
        requests: [
          { startAt: '2026-12-01T09:00', endAt: '2026-12-01T17:00' },
          { startAt: '2026-12-31T22:00', endAt: '2027-01-01T02:00' },
          { startAt: '2026-12-02T00:00', endAt: '2026-12-03T00:00', isRest: true },
        ],
      },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(
      submitted
        .json()
        .shifts.map((s: { status: string; date: string; isRequested: boolean }) => [
          s.date,
          s.status,
          s.isRequested,
        ]),
    ).toEqual([
      ['2026-12-01', 'REQUEST', true],
      ['2026-12-02', 'REQUEST', true],
      ['2026-12-31', 'REQUEST', true],
    ]);
    expect((await hana.liff('GET', '/period')).json().hasSubmitted).toBe(true);
    expect(await eventsOf('SHIFT_SUBMITTED')).toHaveLength(1);
    expect(await eventsOf('SHIFT_SUBMISSION_COMPLETE')).toHaveLength(0);

    await taro.liff('PUT', '/requests', {
      body: { requests: [{ startAt: '2026-12-05T10:00', endAt: '2026-12-05T15:00' }] },
    });
    const complete = await eventsOf('SHIFT_SUBMISSION_COMPLETE');
    expect(complete).toHaveLength(1);
    expect(complete[0]!.payload).toMatchObject({ periodKey: '2026-12' });

    // the manager drafts one request; a change replaces only the requests still waiting
    const firstId = submitted.json().shifts[0].id as number;
    await manager('PUT', '/staff-shift/save-shift', { body: { date: '2026-12-01', toDraft: [firstId] } });
    const changed = await hana.liff('PUT', '/requests', {
      body: { requests: [{ startAt: '2026-12-10T09:00', endAt: '2026-12-10T13:30' }] },
    });
    expect(changed.json().shifts.map((s: { date: string; status: string }) => [s.date, s.status])).toEqual([
      ['2026-12-01', 'DRAFT'],
      ['2026-12-10', 'REQUEST'],
    ]);
    const submittedEvents = await eventsOf('SHIFT_SUBMITTED');
    expect(submittedEvents.at(-1)!.payload).toMatchObject({ isChange: true, periodKey: '2026-12' });
    expect(await eventsOf('SHIFT_SUBMISSION_COMPLETE')).toHaveLength(1);
    const listed = await hana.liff('GET', '/requests');
    expect(listed.json().shifts).toHaveLength(2);

    const refusals: [unknown, number, string][] = [
      [{ startAt: '2026-12-01T12:00', endAt: '2026-12-01T14:00' }, 409, shiftMessages.overlap], // the draft
      [{ startAt: '2027-01-04T09:00', endAt: '2027-01-04T12:00' }, 400, shiftMessages.outsideOpenPeriod],
      [{ startAt: '2026-11-30T09:00', endAt: '2026-11-30T12:00' }, 400, shiftMessages.outsideOpenPeriod],
      [{ startAt: '2026-12-11T09:05', endAt: '2026-12-11T12:00' }, 400, shiftMessages.misaligned],
      [{ startAt: '2026-12-11T09:00', endAt: '2026-12-11T08:00' }, 400, shiftMessages.endAfterStart],
      [{ startAt: 'tomorrow', endAt: '2026-12-11T08:00' }, 400, 'Invalid date string'],
    ];
    for (const [request, status, message] of refusals) {
      const response = await hana.liff('PUT', '/requests', { body: { requests: [request] } });
      expect(response.statusCode, JSON.stringify(request)).toBe(status);
      expect(response.json().message).toBe(message);
    }
    const twice = await hana.liff('PUT', '/requests', {
      body: {
        requests: [
          { startAt: '2026-12-11T09:00', endAt: '2026-12-11T12:00' },
          { startAt: '2026-12-11T11:00', endAt: '2026-12-11T13:00' },
        ],
      },
    });
    expect(twice.statusCode).toBe(409);
    // refused changes left the earlier set in place
    expect((await hana.liff('GET', '/requests')).json().shifts).toHaveLength(2);

    // after the closing day the next period opens
    t.clock.set(new Date('2026-11-25T15:00:00Z'));
    expect((await hana.liff('GET', '/period')).json().period.key).toBe('2027-01');
    t.clock.set(new Date('2026-11-21T09:00:00Z'));
  });

  it("shows own shifts, everyone's approved shifts for 14 days, and own remarks", async () => {
    const hana = await lineUser('花子2');
    const jiro = await lineUser('次郎');
    await approve(hana.friend!.id);
    const jiroStaff = (await approve(jiro.friend!.id)).json().id as number;
    const hanaStaff = (await hana.liff('GET', '/me')).json().staff.id as number;
    await manager('PUT', '/staff-shift/save-shift', {
      body: {
        date: '2026-12-01',
        toCreate: [
          { staffId: hanaStaff, startAt: '2026-12-04T09:00', endAt: '2026-12-04T17:00' },
          { staffId: jiroStaff, startAt: '2026-12-04T22:00', endAt: '2026-12-05T02:00' },
          { staffId: jiroStaff, startAt: '2026-12-05T10:00', endAt: '2026-12-05T12:00' },
        ],
      },
    });
    await manager('PUT', '/staff-shift/approve-draft', {
      body: { startAtMin: '2026-12-04', startAtMax: '2026-12-05' },
    });

    const own = await hana.liff('GET', '/shifts', {
      query: { startAtMin: '2026-12-01', startAtMax: '2027-01-01' },
    });
    expect(own.json().map((s: { staffId: number; status: string }) => [s.staffId, s.status])).toEqual([
      [hanaStaff, 'APPROVED'],
    ]);

    // today is 2026-11-21 (Tokyo): the 14 days run to 2026-12-04
    const upcoming = await hana.liff('GET', '/approved-shifts');
    expect(upcoming.json()).toMatchObject({ startDate: '2026-11-21', endDate: '2026-12-04' });
    expect(
      upcoming.json().shifts.map((s: { staffName: string; startAt: string }) => [s.staffName, s.startAt]),
    ).toEqual([
      ['花子2', '2026-12-04T09:00:00+09:00'],
      ['次郎', '2026-12-04T22:00:00+09:00'],
    ]);

    await manager('POST', `/staff/${hanaStaff}/remark`, { body: { remark: '研修日', date: '2026-12-04' } });
    await manager('POST', `/staff/${jiroStaff}/remark`, {
      body: { remark: '次郎の備考', date: '2026-12-04' },
    });
    expect((await hana.liff('GET', '/remarks')).json()).toEqual([
      expect.objectContaining({ staffId: hanaStaff, date: '2026-12-04', remark: '研修日' }),
    ]);
  });
});

describe('two staff members submitting at once', () => {
  it('completes the period exactly once', async () => {
    const second = await createShiftStore(t.db, store.clientId, {
      loginChannelId: store.lineAccount.loginChannelId!,
      liffId,
    });
    await setClosure(t.db, second, { dayOfMonth: 25 });
    const tokens: string[] = [];
    for (const name of ['同時 一', '同時 二']) {
      const user = await sim.createUser(name);
      const friend = await createFriend(t.db, second, { lineUserId: user.userId });
      await createStaff(t.db, second, { friendId: friend.id });
      tokens.push(await sim.liffLogin(user.userId, liffId));
    }
    const responses = await Promise.all(
      tokens.map((token, i) =>
        call(t.app, 'PUT', `/shift/api/v1/liff/store/${second.id}/requests`, {
          headers: { authorization: `Bearer ${token}` },
          body: { requests: [{ startAt: `2026-12-0${i + 1}T09:00`, endAt: `2026-12-0${i + 1}T12:00` }] },
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200]);
    const complete = await t.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.storeId, second.id), eq(domainEvents.topic, 'SHIFT_SUBMISSION_COMPLETE')));
    expect(complete).toHaveLength(1);
  });
});
