import fs from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildLineSimulator } from '@app/line-sim';
import { buildPaySimulator } from '@app/pay-sim';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config/env.ts';
import { createDatabase, type Database } from '../db/client.ts';
import { DEMO_PASSWORD } from '../db/seed.ts';
import { sessionCookie, call } from '../testing/test-app.ts';
import { addDays, addMonths, monthRange, parseDay, tokyoDay } from '../platform/dates.ts';
import { demoFriendNames } from './demo-content.ts';
import { demoWorldComplete, seedDemoWorld } from './demo-world.ts';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-world-'));
const stateFile = path.join(dataDir, 'line-sim', 'state.json');
const C = '/client/api/v1';

/**
 * What `npm start` runs, on a real data folder: PGlite in DATA_DIR/pglite, the simulator keeping its
 * state in DATA_DIR/line-sim, the API listening (LINE delivers webhooks to it). A restart closes all
 * three and opens them again on the same folder and ports.
 */
async function startStack(ports: { app: number; sim: number; pay: number }) {
  const sim = buildLineSimulator({ stateFile, redeliveryDelaysMs: [], webhookTimeoutMs: 5000 });
  await sim.listen({ port: ports.sim, host: '127.0.0.1' });
  const appUrl = `http://127.0.0.1:${ports.app}`;
  // The payments simulator as npm start runs it: its state beside the database, webhooks to the API.
  const pay = buildPaySimulator({
    stateFile: path.join(dataDir, 'pay-sim', 'state.json'),
    webhooks: [{ url: `${appUrl}/payment/webhook/stripe`, secret: 'whsec_paysim_local_development_only' }],
    webhookRetryDelaysMs: [],
  });
  await pay.listen({ port: ports.pay, host: '127.0.0.1' });
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: String(ports.app),
    APP_URL: appUrl,
    DATA_DIR: dataDir,
    LINE_SIM_PORT: String(ports.sim),
    PAY_SIM_PORT: String(ports.pay),
    ENCRYPTION_KEY: Buffer.alloc(32, 9).toString('base64'),
    RATE_LIMIT_LOGIN: '10000',
  });
  const database: Database = await createDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  await database.migrate();
  const app = await buildApp({ config, db: database.db, logger: false });
  await app.listen({ port: ports.app, host: '127.0.0.1' });
  const seed = (afterPart?: (part: string) => void) =>
    seedDemoWorld({ db: database.db, config, log: app.log, ...(afterPart ? { afterPart } : {}) });
  const api = (method: 'GET' | 'POST', url: string, options: Parameters<typeof call>[3] = {}) =>
    call(app, method, url, { ...options, headers: { origin: appUrl, ...options.headers } });
  const login = async (email: string) => {
    const response = await api('POST', '/auth/api/v1/session/login', {
      body: { email, password: DEMO_PASSWORD },
    });
    return sessionCookie(response);
  };
  const simGet = async <T>(url: string) => (await sim.inject({ method: 'GET', url })).json<T>();
  const stop = async () => {
    await app.close();
    await app.jobs.stop();
    await database.close();
    await sim.close();
    await pay.close();
  };
  return { app, sim, config, database, seed, api, login, simGet, stop };
}
type Stack = Awaited<ReturnType<typeof startStack>>;

let stack: Stack | undefined;
afterAll(async () => {
  await stack?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Everything the demo wrote, counted through the product's API and the simulator's console. */
async function census(s: Stack, cookie: string, masterCookie: string) {
  const accounts = (await s.api('GET', `${C}/line-account`, { cookie })).json<{
    data: {
      id: number;
      channelId: string;
      webhookStatus: boolean;
      services: { serviceCode: string; storeId: number | null }[];
    }[];
  }>().data;
  const account = accounts[0]!;
  const friends = (
    await s.api('GET', `${C}/line-account/${account.id}/friends`, { cookie, query: { limit: '500' } })
  ).json<{
    data: {
      id: number;
      displayName: string;
      isFriend: boolean;
      managerNotes: string | null;
      pictureUrl: string;
    }[];
  }>();
  const announcements = (
    await s.api('GET', '/master/api/v1/announcements', { cookie: masterCookie, query: { limit: '100' } })
  ).json<{ data: { status: string }[] }>().data;
  // The month's consumption is left out: it moves as the demo's pushes and deliveries go out.
  const simChannels = (
    await s.simGet<{ channels: { channelId: string; friendCount: number; quota: unknown }[] }>(
      '/_sim/channels',
    )
  ).channels.map(({ quota: _quota, ...channel }) => channel);
  const deliveries = (await s.api('GET', `${C}/line-account/${account.id}/deliveries`, { cookie }))
    .json<{
      data: {
        title: string;
        status: string;
        audience: { type: string };
        segmentName: string | null;
        clicks: { total: number };
        messages: { type: string; imageKey?: string }[];
      }[];
    }>()
    .data.map((d) => ({
      title: d.title,
      status: d.status,
      audience: d.audience.type,
      segmentName: d.segmentName,
      clicks: d.clicks.total,
      kinds: d.messages.map((m) => m.type),
      // the uploaded images the messages name, as LINE fetches them (decision 0039)
      images: d.messages.flatMap((m) =>
        m.imageKey ? [`/line-media/${m.imageKey}/${m.type === 'image' ? 'preview' : '1040'}`] : [],
      ),
    }));
  const segments = (await s.api('GET', `${C}/line-account/${account.id}/segments`, { cookie })).json<{
    data: { name: string }[];
  }>().data;
  const templates = (
    await s.api('GET', `${C}/line-account/${account.id}/message-templates`, { cookie })
  ).json<{ data: { name: string; folder: string | null }[] }>().data;
  const tags = (await s.api('GET', `${C}/line-account/${account.id}/tags`, { cookie })).json<{
    tags: { name: string; friendCount: number }[];
  }>().tags;
  const keywordReplies = (
    await s.api('GET', `${C}/line-account/${account.id}/keyword-replies`, { cookie })
  ).json<{
    rules: { name: string; outOfHours: boolean; actions: unknown[] }[];
    fallback: { enabled: boolean };
  }>();
  const greeting = (await s.api('GET', `${C}/line-account/${account.id}/greeting`, { cookie })).json<{
    newFriendMessages: unknown[];
    unblockMessages: unknown[];
  }>();
  const simUsers = (await s.simGet<{ users: unknown[] }>('/_sim/users')).users;
  const storeId = account.services.find((x) => x.serviceCode === 'KS-002')?.storeId;
  const store = `/shift/api/v1/store/${storeId}`;
  const staff = (await s.api('GET', `${store}/staff`, { cookie, query: { limit: '100' } })).json<{
    data: { status: string; isHelper: boolean; friendId: number | null }[];
  }>().data;
  const weekly = (await s.api('GET', `${store}/normal-rule`, { cookie })).json<unknown[]>();
  const special = (await s.api('GET', `${store}/special-rule`, { cookie })).json<unknown[]>();
  const patterns = (await s.api('GET', `${store}/shift-pattern`, { cookie })).json<{ name: string }[]>();
  const shifts = async (status: string, startAtMin: string, startAtMax: string) =>
    (await s.api('GET', `${store}/staff-shift`, { cookie, query: { status, startAtMin, startAtMax } })).json<
      unknown[]
    >();
  const { y, m } = parseDay(tokyoDay(new Date()));
  const previous = addMonths(y, m, -1);
  const inMonth = (status: string, month: { y: number; m: number }) => {
    const range = monthRange(month.y, month.m);
    return shifts(status, `${range.startDate}T00:00:00+09:00`, `${range.endDate}T23:59:59+09:00`);
  };
  const approved = await inMonth('APPROVED', previous);
  const approvedThisMonth = await inMonth('APPROVED', { y, m });
  const thisMonthDays = Number(monthRange(y, m).endDate.slice(-2));
  const today = tokyoDay(new Date());
  const remarks = (
    await s.api('GET', `${store}/staff-remark`, {
      cookie,
      query: { startDate: today, endDate: addDays(today, 30) },
    })
  ).json<{ remark: string }[]>();
  // The open period is next month or the one after, depending on today and the closing day.
  const requests = [
    ...(await inMonth('REQUEST', addMonths(y, m, 1))),
    ...(await inMonth('REQUEST', addMonths(y, m, 2))),
  ];
  const lastMonthDays = Number(monthRange(previous.y, previous.m).endDate.slice(-2));
  const payment = `${C}/line-account/${account.id}/payment`;
  const payments = {
    cards: (await s.api('GET', `${payment}/cards`, { cookie })).json<{ data: { last4: string }[] }>().data,
    subscriptions: (await s.api('GET', `${payment}/subscriptions`, { cookie })).json<{
      data: { serviceCode: string; status: string; paymentType: string }[];
    }>().data,
    history: (await s.api('GET', `${payment}/history`, { cookie })).json<{
      data: { paymentStatus: string; receiptUrl: string | null }[];
    }>().data,
    prices: (await s.api('GET', `${C}/payment/prices`, { cookie })).json<{ data: unknown[] }>().data,
  };
  const richMenus = (await s.api('GET', `${C}/line-account/${account.id}/rich-menu`, { cookie })).json<{
    data: { richMenuId: string; isDefault: boolean; areas: unknown[] }[];
  }>().data;
  const simMenus = await s.simGet<{ defaultRichMenuId: string | null }>(
    `/_sim/channels/${account.channelId}/richmenus`,
  );
  const memberList = (
    await s.api('GET', `${C}/member`, { cookie, query: { lineAccountId: String(account.id), limit: '500' } })
  ).json<{
    data: {
      memberId: number;
      status: string;
      remarks: string | null;
      attributes: { type: string; value: string | null }[];
    }[];
  }>().data;
  // A member's photo, as the back office's drawer loads it.
  const withPhoto = memberList.find((m) => m.attributes.some((x) => x.type === 'IMAGE' && x.value));
  const photoKey = withPhoto?.attributes.find((x) => x.type === 'IMAGE')?.value;
  const photo = withPhoto
    ? await s.api(
        'GET',
        `${C}/line-account/${account.id}/member-service/members/${withPhoto.memberId}/images/${photoKey}`,
        { cookie },
      )
    : null;
  const memberAttributes = (
    await s.api('GET', `${C}/line-account/${account.id}/member-service/attributes`, { cookie })
  ).json<{ type: string }[]>();
  return {
    payments,
    richMenus: richMenus.map((menu) => ({
      ...menu,
      isDefaultAtLine: menu.richMenuId === simMenus.defaultRichMenuId,
    })),
    accounts,
    account,
    friends: friends.data,
    announcements,
    simChannels,
    simUsers,
    deliveries,
    segments,
    templates,
    tags,
    greeting,
    keywordReplies,
    shift: {
      staff,
      weekly,
      special,
      patterns,
      approved,
      approvedThisMonth,
      thisMonthDays,
      remarks,
      requests,
      lastMonthDays,
    },
    members: {
      list: memberList,
      attributes: memberAttributes,
      photo: photo && { status: photo.statusCode, type: photo.headers['content-type'] },
    },
  };
}

describe('the demo world', () => {
  it('is written once on an empty data folder, survives a restart, and its LINE account keeps working', async () => {
    const ports = { app: await freePort(), sim: await freePort(), pay: await freePort() };
    stack = await startStack(ports);
    // A first start stopped part-way (a crash after the member card): no marker, and the next start
    // writes what is missing; the world below is the whole one.
    await expect(
      stack.seed((part) => {
        if (part === 'member-card') throw new Error('crashed after the member card');
      }),
    ).rejects.toThrow('crashed after the member card');
    expect(await demoWorldComplete(stack.database.db)).toBe(false);
    const first = await stack.seed();
    expect(await demoWorldComplete(stack.database.db)).toBe(true);
    await stack.seed(); // a second start: nothing doubled
    expect(first?.lineAccount).not.toBeNull();
    const owner = await stack.login('owner@demo.example');
    const master = await stack.login('master@demo.example');

    const before = await census(stack, owner, master);
    expect(before.accounts).toHaveLength(1);
    expect(before.account.webhookStatus).toBe(true);
    expect(before.friends).toHaveLength(demoFriendNames.length);
    expect(before.friends.length).toBeGreaterThanOrEqual(40);
    const blocked = before.friends.filter((f) => !f.isFriend).length;
    expect(blocked).toBeGreaterThan(0);
    expect(before.friends.filter((f) => f.managerNotes).length).toBeGreaterThan(0);
    expect(before.friends.every((f) => f.pictureUrl.includes('/_sim/avatars/'))).toBe(true);
    expect(new Set(before.announcements.map((a) => a.status))).toEqual(
      new Set(['DRAFT', 'SCHEDULED', 'PUBLISHED', 'ARCHIVED']),
    );
    expect(before.simChannels).toEqual([
      expect.objectContaining({
        channelId: before.account.channelId,
        friendCount: demoFriendNames.length - blocked,
      }),
    ]);
    expect(before.simUsers).toHaveLength(demoFriendNames.length);
    // 流入経路: three routes with 60 days of visits, new friends and members (decision 0038)
    const inflow = (
      await stack.api('GET', `${C}/line-account/${before.account.id}/inflow-routes`, { cookie: owner })
    ).json<{
      routes: {
        name: string;
        figures: { visits: number; newFriends: number; members: number; blockedLater: number };
      }[];
    }>();
    expect(inflow.routes.map((r) => r.name)).toEqual(['店頭POP', 'Instagram', 'チラシ 12月']);
    for (const route of inflow.routes) expect(route.figures.newFriends).toBeGreaterThan(0);
    expect(inflow.routes.reduce((n, r) => n + r.figures.members, 0)).toBeGreaterThan(0);
    // some friends who came through a route blocked the account later
    expect(inflow.routes.reduce((n, r) => n + r.figures.blockedLater, 0)).toBeGreaterThan(0);
    // メッセージ配信: a saved segment, a delivery sent to it (its job may still be running; its link opened
    // three times) and one scheduled.
    expect(before.segments.map((x) => x.name)).toEqual(['会員の友だち']);
    expect(before.deliveries).toEqual([
      // issue 33: the coupon sent to the members (decision 0041)
      {
        title: '会員さま限定 ドリンク100円引きクーポン',
        status: expect.stringMatching(/^(SENDING|SENT)$/) as unknown as string,
        audience: 'SEGMENT',
        segmentName: '会員の友だち',
        clicks: 0,
        kinds: ['text', 'coupon'],
        images: [],
      },
      {
        title: '年末年始の営業時間のお知らせ',
        status: 'SCHEDULED',
        audience: 'ALL',
        segmentName: null,
        clicks: 0,
        kinds: ['text', 'image'],
        images: [expect.stringMatching(/^\/line-media\/[a-f0-9]{32}\/preview$/)],
      },
      // one push per friend with the friend's name; four named friends opened its link
      {
        title: 'ご来店のお礼（お名前入り）',
        status: expect.stringMatching(/^(SENDING|SENT)$/) as unknown as string,
        audience: 'FRIENDS',
        segmentName: null,
        clicks: 4,
        kinds: ['text'],
        images: [],
      },
      // the friends page's unsaved filter, sent (decision 0047); its link opened once
      {
        title: '会員登録のご案内（まだ会員でない友だち）',
        status: expect.stringMatching(/^(SENDING|SENT)$/) as unknown as string,
        audience: 'CONDITIONS',
        segmentName: null,
        clicks: 1,
        kinds: ['text'],
        images: [],
      },
      {
        title: '会員さま限定 秋のキャンペーン',
        status: expect.stringMatching(/^(SENDING|SENT)$/) as unknown as string,
        audience: 'SEGMENT',
        segmentName: '会員の友だち',
        clicks: 3,
        kinds: ['text', 'sticker', 'cards', 'imagemap'],
        images: [expect.stringMatching(/^\/line-media\/[a-f0-9]{32}\/1040$/)],
      },
    ]);
    // クリックした友だち: the named friends who opened the thank-you's link
    const list = (
      await stack.api('GET', `${C}/line-account/${before.account.id}/deliveries`, { cookie: owner })
    ).json<{ data: { id: number; title: string }[] }>().data;
    const thanks = list.find((d) => d.title === 'ご来店のお礼（お名前入り）')!;
    const detail = (
      await stack.api('GET', `${C}/line-account/${before.account.id}/deliveries/${thanks.id}`, {
        cookie: owner,
      })
    ).json<{ clickedFriends: { displayName: string; links: number }[] }>();
    expect(detail.clickedFriends).toHaveLength(4);
    expect(detail.clickedFriends.every((f) => f.displayName.length > 0 && f.links === 1)).toBe(true);
    // 定型文: three templates, two in a folder (decision 0040)
    expect(before.templates.map((x) => [x.folder, x.name])).toEqual([
      ['ご案内', '予約確認'],
      ['ご案内', '営業時間のご案内'],
      [null, 'キャンペーン'],
    ]);
    // their pictures are served where LINE fetches them
    for (const url of before.deliveries.flatMap((d) => d.images)) {
      expect((await stack.api('GET', url)).statusCode, url).toBe(200);
    }
    // タグ: in use on the demo friends (常連 picked by name, VIP on every member, one not yet used).
    expect(before.tags.map((x) => x.name).sort()).toEqual(
      ['VIP', 'キャンペーン興味あり', '予約済み', '常連'].sort(),
    );
    const friendsWith = Object.fromEntries(before.tags.map((x) => [x.name, x.friendCount]));
    expect(friendsWith['常連']).toBeGreaterThan(0);
    expect(friendsWith['VIP']).toBeGreaterThan(0);
    expect(friendsWith['キャンペーン興味あり']).toBeGreaterThan(0);
    // あいさつメッセージ: for new friends (a text and a sticker) and for friends who unblock.
    expect(before.greeting.newFriendMessages).toHaveLength(2);
    expect(before.greeting.unblockMessages).toHaveLength(1);
    // 応答メッセージ: 営業時間, 予約 (tags 予約済み), the out-of-hours rule; the fallback written but off.
    expect(before.keywordReplies.rules.map((r) => [r.name, r.outOfHours, r.actions.length])).toEqual([
      ['営業時間', false, 0],
      ['予約', false, 1],
      ['営業時間外のお問い合わせ', true, 0],
    ]);
    expect(before.keywordReplies.fallback.enabled).toBe(false);
    // ステップ配信: the welcome scenario, running, with the following friends at different steps.
    const scenarios = (
      await stack.api('GET', `${C}/line-account/${before.account.id}/scenarios`, { cookie: owner })
    ).json<{
      data: {
        enabled: boolean;
        stats: { active: number; completed: number };
        steps: { sentCount: number }[];
      }[];
    }>();
    expect(scenarios.data).toHaveLength(1);
    expect(scenarios.data[0]!.enabled).toBe(true);
    expect(scenarios.data[0]!.stats.active).toBeGreaterThan(0);
    expect(scenarios.data[0]!.stats.completed).toBeGreaterThan(0);
    expect(new Set(scenarios.data[0]!.steps.map((x) => x.sentCount)).size).toBeGreaterThan(1);
    // The shift store: 12 staff (3 still PENDING, a helper without LINE), rules, requests, last month approved.
    expect(before.shift.staff).toHaveLength(12);
    expect(before.shift.staff.filter((x) => x.status === 'PENDING')).toHaveLength(3);
    expect(before.shift.staff.filter((x) => x.isHelper && x.friendId === null)).toHaveLength(1);
    expect(before.shift.weekly).toHaveLength(14);
    expect(before.shift.special).toHaveLength(1);
    expect(before.shift.patterns.map((p) => p.name).sort()).toEqual(['早番', '遅番', '通し'].sort());
    expect(before.shift.approved).toHaveLength(before.shift.lastMonthDays * 2);
    // This month too: the staff mini-app shows its confirmed shifts; and the manager's day notes.
    expect(before.shift.approvedThisMonth).toHaveLength(before.shift.thisMonthDays * 2);
    expect(before.shift.remarks).toHaveLength(3);
    expect(before.shift.requests.length).toBeGreaterThan(0);
    // Payments: prices set, a card, the member service paid by card and the shift service by invoice.
    expect(before.payments.prices).toHaveLength(2);
    expect(before.payments.cards.map((c) => c.last4)).toEqual(['0505']);
    expect(before.payments.subscriptions.map((x) => [x.serviceCode, x.status, x.paymentType]).sort()).toEqual(
      [
        ['KS-001', 'active', 'CREDIT'],
        ['KS-002', 'active', 'INVOICE'],
      ],
    );
    expect(before.payments.history.map((h) => h.paymentStatus).sort()).toEqual(['COMPLETED', 'PENDING']);
    expect(before.richMenus).toHaveLength(1);
    expect(before.richMenus[0]).toMatchObject({ isDefault: true, isDefaultAtLine: true });
    expect(before.richMenus[0]!.areas).toHaveLength(4); // the fourth: クーポン, a postback (decision 0036)
    // The member service: attributes of every type, members with values of each, remarks, one INACTIVE.
    expect(new Set(before.members.attributes.map((x) => x.type))).toEqual(
      new Set(['STRING', 'NUMBER', 'DATE', 'RADIO', 'CHECKBOX', 'IMAGE']),
    );
    expect(before.members.list.length).toBeGreaterThanOrEqual(20);
    for (const type of ['STRING', 'NUMBER', 'DATE', 'RADIO', 'CHECKBOX', 'IMAGE']) {
      expect(before.members.list.some((m) => m.attributes.some((x) => x.type === type && x.value))).toBe(
        true,
      );
    }
    expect(before.members.list.filter((m) => m.remarks).length).toBeGreaterThan(0);
    expect(before.members.photo).toEqual({ status: 200, type: 'image/jpeg' });
    expect(before.members.list.filter((m) => m.status === 'INACTIVE')).toHaveLength(1);
    const agency = await stack.login('agency@demo.example');
    const agencyClients = (await stack.api('GET', '/agency/api/v1/clients', { cookie: agency })).json<{
      data: unknown[];
    }>();
    // デモ商店 and サンプル食堂 plus the four clients with a contract history under the demo agency.
    expect(agencyClients.data).toHaveLength(6);

    // The shop's replies were queued like a manager's: the push job delivers them to LINE. The
    // notification groups' notices of the seeding (member registrations, shift requests) go out as multicasts.
    while ((await stack.app.jobs.runDue(100)) > 0);
    const sentAll = (
      await stack.simGet<{ sent: { kind: string; deliveredTo: string[] }[] }>(
        `/_sim/channels/${before.account.channelId}/sent`,
      )
    ).sent;
    const sentBefore = sentAll.filter((s) => s.kind === 'push');
    expect(sentBefore.length).toBeGreaterThan(0);
    expect(sentAll.filter((s) => s.kind === 'multicast').length).toBeGreaterThan(0);
    const talker = before.friends.find((f) => f.displayName === demoFriendNames[0])!;
    const conversation = (
      await stack.api('GET', `${C}/line-account/${before.account.id}/friends/${talker.id}/messages`, {
        cookie: owner,
      })
    ).json<{ data: { source: string; delivery: string; type: string; fromDelivery: unknown }[] }>();
    const talk = conversation.data.filter((m) => m.fromDelivery === null);
    expect(talk.map((m) => `${m.source} ${m.delivery}`).sort()).toEqual([
      'system SENT',
      'user RECEIVED',
      'user RECEIVED',
    ]);
    // the campaign delivery (to the members, the talker among them) in their chat history (decision 0040)
    const delivered = conversation.data.filter((m) => m.fromDelivery !== null);
    // (the campaign: a text, a sticker, cards and a rich message; the coupon: a text and its card; the
    // thank-you with their name, the talker being among the friends it was sent to)
    expect(delivered.map((m) => m.type).sort()).toEqual([
      'flex',
      'flex',
      'imagemap',
      'sticker',
      'text',
      'text',
      'text',
    ]);

    // Restart: a new app on the same database, a simulator restored from its saved state.
    await stack.stop();
    stack = await startStack(ports);
    await stack.seed();
    const ownerAgain = await stack.login('owner@demo.example');
    const after = await census(stack, ownerAgain, await stack.login('master@demo.example'));
    expect(after.accounts.map((a) => a.id)).toEqual(before.accounts.map((a) => a.id));
    expect(after.friends).toHaveLength(before.friends.length);
    expect(after.announcements).toHaveLength(before.announcements.length);
    expect(after.simChannels).toEqual(before.simChannels);
    expect(after.simUsers).toHaveLength(before.simUsers.length);
    expect(after.segments).toEqual(before.segments);
    expect(after.templates).toEqual(before.templates);
    expect(after.deliveries.map((d) => d.title)).toEqual(before.deliveries.map((d) => d.title));
    expect(after.shift).toEqual(before.shift);
    expect(after.payments).toEqual(before.payments);
    expect(after.richMenus).toEqual(before.richMenus);
    expect(after.members).toEqual(before.members);

    // The account still works at LINE: a push reaches the simulator, a user's message reaches the product.
    const friend = after.friends.find((f) => f.isFriend)!;
    const messagesUrl = `${C}/line-account/${after.account.id}/friends/${friend.id}/messages`;
    const sent = await stack.api('POST', messagesUrl, {
      cookie: ownerAgain,
      body: { text: '再起動後のご案内です' },
    });
    expect(sent.statusCode).toBe(201);
    while ((await stack.app.jobs.runDue(100)) > 0);
    const pushed = (
      await stack.simGet<{ sent: { kind: string; to: string[]; messages: { text: string }[] }[] }>(
        `/_sim/channels/${after.account.channelId}/sent`,
      )
    ).sent.filter((s) => s.kind === 'push');
    expect(pushed).toHaveLength(sentBefore.length + 1);
    expect(pushed.at(-1)!.messages).toEqual([{ type: 'text', text: '再起動後のご案内です' }]);
    const lineUserId = pushed.at(-1)!.to[0]!;
    const action = await stack.sim.inject({
      method: 'POST',
      url: `/_sim/users/${lineUserId}/messages`,
      payload: { channelId: after.account.channelId, text: '届きました！' },
    });
    expect(action.json<{ delivery: { status: string } }>().delivery.status).toBe('delivered');
    await stack.app.jobs.runDue();
    const history = (await stack.api('GET', messagesUrl, { cookie: ownerAgain })).json<{
      data: { source: string; contents: string }[];
    }>();
    expect(history.data[0]).toMatchObject({ source: 'user', contents: '届きました！' });
  }, 300_000); // writes the whole demo world twice (and a part of it once more) over a restart: minutes on a loaded 2-core machine
});
