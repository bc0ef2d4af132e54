import { contractStatuses, dashboardMessages, LINE_FREE_MESSAGE_QUOTA } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { friends, members, shiftStaff } from '../../db/schema/index.ts';
import { createAgency, createClient, createUser } from '../../testing/factories.ts';
import {
  connectBody,
  createLineTestApp,
  startLineSim,
  type LineSim,
  type LineTestApp,
  type SimChannel,
} from '../../testing/line-sim.ts';

const M = '/master/api/v1';
const A = '/agency/api/v1';
const C = '/client/api/v1';

let sim: LineSim;
let t: LineTestApp;
let channel: SimChannel;
let accountId: number;
let agencyA: Awaited<ReturnType<typeof createAgency>>;
let agencyB: Awaited<ReturnType<typeof createAgency>>;
let x: Awaited<ReturnType<typeof createClient>>;
let y: Awaited<ReturnType<typeof createClient>>;
let z: Awaited<ReturnType<typeof createClient>>;
const emails = {} as Record<'master' | 'agencyA' | 'agencyB' | 'xOwner' | 'xStaff' | 'zOwner', string>;

/** Moves the clock, lets the jobs due by then run. Sessions are opened afresh at each step. */
async function at(iso: string) {
  t.clock.set(new Date(iso));
  await t.app.jobs.runDue();
}
const as = (who: keyof typeof emails) => t.login(emails[who]);
const lineUsers = new Map<string, string>();
async function follow(name: string) {
  const user = await sim.createUser(name);
  lineUsers.set(name, user.userId);
  await sim.act(user.userId, `follow/${channel.channelId}`);
  await t.app.jobs.runDue();
}
async function setStatus(clientId: number, contractStatus: string) {
  const response = await t.api('PATCH', `${M}/client/${clientId}/contract-status`, {
    cookie: await as('master'),
    body: { contractStatus },
  });
  expect(response.statusCode, response.body).toBe(200);
}
const byStatus = (counts: Partial<Record<(typeof contractStatuses)[number], number>>) =>
  contractStatuses.map((status) => ({ status, count: counts[status] ?? 0 }));

/*
 * A history written through the API on a moving clock (the test clock ends on 2026-11-21 18:00 in Tokyo):
 * client x of agency A ACTIVE since June (10,000 yen), y of agency A ACTIVE in September and October
 * (20,000 yen), z of agency B waiting for approval; x's LINE account gains and loses friends over months.
 */
beforeAll(async () => {
  sim = await startLineSim();
  t = await createLineTestApp(sim);
  agencyA = await createAgency(t.db, { marginRate: '10.00' });
  agencyB = await createAgency(t.db, { marginRate: '20.00' });
  x = await createClient(t.db, {
    agencyId: agencyA.id,
    contractStatus: 'PENDING_APPROVAL',
    monthlyFee: 10000,
  });
  y = await createClient(t.db, {
    agencyId: agencyA.id,
    contractStatus: 'PENDING_APPROVAL',
    monthlyFee: 20000,
  });
  z = await createClient(t.db, {
    agencyId: agencyB.id,
    contractStatus: 'PENDING_APPROVAL',
    monthlyFee: 5000,
  });
  const make = async (key: keyof typeof emails, values: Parameters<typeof createUser>[1]) => {
    emails[key] = (await createUser(t.db, values)).email;
  };
  await make('master', { role: 'MASTER', position: 'OWNER' });
  await make('agencyA', { role: 'AGENCY', position: 'STAFF', agencyId: agencyA.id });
  await make('agencyB', { role: 'AGENCY', position: 'OWNER', agencyId: agencyB.id });
  await make('xOwner', { role: 'CLIENT', position: 'OWNER', clientId: x.id });
  await make('xStaff', { role: 'CLIENT', position: 'STAFF', clientId: x.id });
  await make('zOwner', { role: 'CLIENT', position: 'OWNER', clientId: z.id });

  await at('2026-06-10T03:00:00Z');
  await setStatus(x.id, 'ACTIVE');
  channel = await sim.createChannel({ displayName: '梅田茶房' });
  const connected = await t.api('POST', `${C}/line-account`, {
    cookie: await as('xOwner'),
    body: connectBody(channel),
  });
  expect(connected.statusCode, connected.body).toBe(201);
  accountId = connected.json().id;
  // a user who wrote without ever following: not a friend, and not blocked either
  await t.db.insert(friends).values({
    clientId: x.id,
    lineAccountId: accountId,
    lineUserId: 'U-never-followed',
    displayName: '未追加 ユーザー',
    isFriend: false,
  });
  await at('2026-08-01T03:00:00Z');
  await follow('古い 友だち');
  await at('2026-09-05T03:00:00Z');
  await setStatus(y.id, 'ACTIVE');
  await at('2026-10-01T03:00:00Z');
  const [old] = await t.db
    .select()
    .from(friends)
    .where(eq(friends.lineUserId, lineUsers.get('古い 友だち')!));
  const sent = await t.api('POST', `${C}/line-account/${accountId}/friends/${old!.id}/messages`, {
    cookie: await as('xOwner'),
    body: { text: '先月のお知らせ' },
  });
  expect(sent.statusCode, sent.body).toBe(201);
  await t.app.jobs.runDue();
  await at('2026-10-20T03:00:00Z');
  await setStatus(y.id, 'SUSPENDED');
  await at('2026-11-01T01:00:00Z');
  await follow('一日 さん');
  await at('2026-11-10T03:00:00Z');
  await sim.act(lineUsers.get('古い 友だち')!, `unfollow/${channel.channelId}`);
  await t.app.jobs.runDue();
  await at('2026-11-20T16:00:00Z'); // 2026-11-21 01:00 in Tokyo
  await follow('深夜 さん');
  await at('2026-11-21T08:00:00Z');
  await follow('今日 さん');
  const [first] = await t.db
    .select()
    .from(friends)
    .where(eq(friends.lineUserId, lineUsers.get('一日 さん')!));
  await t.api('POST', `${C}/line-account/${accountId}/friends/${first!.id}/messages`, {
    cookie: await as('xOwner'),
    body: { text: 'ありがとうございます' },
  });
  await at('2026-11-21T09:00:00Z');
}, 120_000);
afterAll(async () => {
  await t.close();
  await sim.close();
});

const months12 = [
  '2025-12',
  ...Array.from({ length: 11 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}`),
];

describe('dashboards', () => {
  it('master: clients by status, active LINE accounts, fees, new friends and the months of every client', async () => {
    const response = await t.api('GET', `${M}/dashboard`, { cookie: await as('master') });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      clientsByStatus: byStatus({ ACTIVE: 1, SUSPENDED: 1, PENDING_APPROVAL: 1 }),
      activeLineAccounts: 1,
      monthlyRecurringFees: 10000,
      // Followed since 2026-10-22: 一日, 深夜 and 今日 (古い followed in August).
      friendsAddedLast30Days: 3,
    });
    const months = body.months as { month: string; newClients: number; monthlyFees: number }[];
    expect(months.map((m) => m.month)).toEqual(months12);
    expect(Object.fromEntries(months.map((m) => [m.month, [m.newClients, m.monthlyFees]]))).toMatchObject({
      '2026-05': [0, 0],
      '2026-06': [1, 10000],
      '2026-08': [0, 10000],
      '2026-09': [1, 30000],
      '2026-10': [0, 30000],
      '2026-11': [0, 10000],
    });
  });

  it('agency: its own clients only, and its commission by month at its margin rate', async () => {
    const a = (await t.api('GET', `${A}/dashboard`, { cookie: await as('agencyA') })).json();
    expect(a).toMatchObject({
      clientsByStatus: byStatus({ ACTIVE: 1, SUSPENDED: 1 }),
      monthlyRecurringFees: 10000,
      marginRate: 10,
    });
    expect(a.months.map((m: { month: string }) => m.month)).toEqual(months12);
    const commission = Object.fromEntries(
      a.months.map((m: { month: string; clientCount: number; commission: number }) => [
        m.month,
        [m.clientCount, m.commission],
      ]),
    );
    expect(commission).toMatchObject({
      '2026-05': [0, 0],
      '2026-06': [1, 1000],
      '2026-09': [2, 3000],
      '2026-11': [1, 1000],
    });
    const b = await t.api('GET', `${A}/dashboard`, { cookie: await as('agencyB') });
    expect(b.json()).toMatchObject({
      clientsByStatus: byStatus({ PENDING_APPROVAL: 1 }),
      monthlyRecurringFees: 0,
      marginRate: 20,
    });
    expect(b.json().months.every((m: { commission: number }) => m.commission === 0)).toBe(true);
    expect((await t.api('GET', `${A}/dashboard`, { cookie: await as('master') })).statusCode).toBe(403);
    expect((await t.api('GET', `${M}/dashboard`, { cookie: await as('agencyA') })).statusCode).toBe(403);
    expect((await t.api('GET', `${A}/dashboard`)).statusCode).toBe(401);
  });

  it('client: friends, follows and blocks by Tokyo day for 30 and 90 days, staff, unread, messages', async () => {
    const url = `${C}/line-account/${accountId}/dashboard`;
    const owner = await as('xOwner');
    const thirty = await t.api('GET', url, { cookie: owner });
    expect(thirty.statusCode, thirty.body).toBe(200);
    const body = thirty.json();
    expect(body).toMatchObject({
      lineAccountId: accountId,
      days: 30,
      friends: 3,
      blocked: 1,
      members: null,
      staff: null,
      unreadAnnouncements: 0,
      messages: { sentThisMonth: 1, freeQuota: LINE_FREE_MESSAGE_QUOTA },
    });
    type Day = { date: string; newFriends: number; blocks: number; friends: number };
    const days = body.daily as Day[];
    expect(days).toHaveLength(30);
    expect(days[0]!.date).toBe('2026-10-23');
    expect(days.at(-1)!.date).toBe('2026-11-21');
    const on = (d: Day[], date: string) => d.find((e) => e.date === date);
    expect(on(days, '2026-10-23')).toEqual({ date: '2026-10-23', newFriends: 0, blocks: 0, friends: 1 });
    expect(on(days, '2026-11-01')).toEqual({ date: '2026-11-01', newFriends: 1, blocks: 0, friends: 2 });
    expect(on(days, '2026-11-10')).toEqual({ date: '2026-11-10', newFriends: 0, blocks: 1, friends: 1 });
    expect(on(days, '2026-11-20')).toEqual({ date: '2026-11-20', newFriends: 0, blocks: 0, friends: 1 });
    expect(on(days, '2026-11-21')).toEqual({ date: '2026-11-21', newFriends: 2, blocks: 0, friends: 3 });

    const ninety = (await t.api('GET', url, { cookie: owner, query: { days: '90' } })).json();
    expect(ninety.daily).toHaveLength(90);
    expect(ninety.daily[0]).toEqual({ date: '2026-08-24', newFriends: 0, blocks: 0, friends: 1 });
    const bad = await t.api('GET', url, { cookie: owner, query: { days: '7' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(dashboardMessages.days);

    // The shift service with a helper and a friend waiting for approval; two published announcements.
    const link = await t.api('POST', `${C}/line-account/${accountId}/lineAccountService`, {
      cookie: owner,
      body: { serviceCode: 'KS-002', clientId: x.id },
    });
    const storeId = link.json().storeId as number;
    const helper = await t.api('POST', `/shift/api/v1/store/${storeId}/staff/helper`, {
      cookie: owner,
      body: { name: '応援 花子' },
    });
    expect(helper.statusCode, helper.body).toBe(201);
    const [pending] = await t.db
      .select()
      .from(friends)
      .where(eq(friends.lineUserId, lineUsers.get('今日 さん')!));
    await t.db
      .insert(shiftStaff)
      .values({ clientId: x.id, storeId, friendId: pending!.id, status: 'PENDING' });
    // The member service with two members, one of them made inactive by the store.
    const memberLink = await t.api('POST', `${C}/line-account/${accountId}/lineAccountService`, {
      cookie: owner,
      body: { serviceCode: 'KS-001', clientId: x.id },
    });
    expect(memberLink.statusCode, memberLink.body).toBe(201);
    const memberStoreId = memberLink.json().storeId as number;
    const accountFriends = await t.db.select().from(friends).where(eq(friends.clientId, x.id));
    await t.db.insert(members).values([
      { clientId: x.id, storeId: memberStoreId, friendId: accountFriends[0]!.id, memberCode: 'M0001' },
      {
        clientId: x.id,
        storeId: memberStoreId,
        friendId: accountFriends[1]!.id,
        memberCode: 'M0002',
        status: 'INACTIVE',
      },
    ]);
    const master = await as('master');
    for (const title of ['メンテナンスのお知らせ', '新機能のお知らせ']) {
      const created = await t.api('POST', `${M}/announcements`, {
        cookie: master,
        body: { title, content: '本文', type: 'ANNOUNCEMENT', publishAt: '2026-11-20T00:00:00Z' },
      });
      expect(created.statusCode, created.body).toBe(201);
      if (title === '新機能のお知らせ') {
        await t.api('GET', `${C}/announcements/${created.json().id}`, { cookie: owner });
      }
    }
    expect((await t.api('GET', url, { cookie: owner })).json()).toMatchObject({
      members: { active: 1, inactive: 1 },
      staff: { approved: 1, pending: 1 },
      unreadAnnouncements: 1,
    });
    expect((await t.api('GET', url, { cookie: await as('xStaff') })).json().unreadAnnouncements).toBe(2);
  });

  it("client: another client's LINE account answers 404; the master reaches it with x-client-id", async () => {
    const url = `${C}/line-account/${accountId}/dashboard`;
    const other = await t.api('GET', url, { cookie: await as('zOwner') });
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('梅田茶房');
    const viaMaster = await t.api('GET', url, {
      cookie: await as('master'),
      headers: { 'x-client-id': String(x.id) },
    });
    expect(viaMaster.statusCode, viaMaster.body).toBe(200);
    expect(viaMaster.json().friends).toBe(3);
    const wrongClient = await t.api('GET', url, {
      cookie: await as('master'),
      headers: { 'x-client-id': String(z.id) },
    });
    expect(wrongClient.statusCode).toBe(404);
    expect((await t.api('GET', url)).statusCode).toBe(401);
  });
});
