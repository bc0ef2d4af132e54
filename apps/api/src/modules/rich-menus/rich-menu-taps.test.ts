import { postbackData } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { friends, richMenus, richMenuTaps } from '../../db/schema/index.ts';
import { createPng, dataUrl } from '../../testing/images.ts';
import {
  connectBody,
  createLineTestApp,
  startLineSim,
  type LineSim,
  type LineTestApp,
  type SimChannel,
} from '../../testing/line-sim.ts';

const C = '/client/api/v1';
let sim: LineSim;
let t: LineTestApp;
let a: Awaited<ReturnType<LineTestApp['clientWithUsers']>>;
let b: Awaited<ReturnType<LineTestApp['clientWithUsers']>>;
let channel: SimChannel;
let accountId: number;
let otherAccountId: number;

type Sent = { to: string[]; messages: { type: string; text?: string }[] };
type SimMenu = { name: string; areas: { action: { type: string; data?: string; uri?: string } }[] };

const settle = async () => {
  for (let i = 0; i < 4; i += 1) await t.app.jobs.runDue();
};
const url = (path = '') => `${C}/line-account/${accountId}${path}`;
const follower = async (name: string) => {
  const user = await sim.createUser(name);
  await sim.act(user.userId, `follow/${channel.channelId}`);
  await settle();
  return user;
};
const tap = async (userId: string, data: string) => {
  await sim.act(userId, 'postback', { channelId: channel.channelId, data });
  await settle();
};
const menuBody = (name: string, postbackActionData: string) => ({
  richMenu: {
    name,
    size: { width: 1200, height: 405 },
    selected: true,
    chatBarText: 'メニュー',
    areas: [
      {
        bounds: { x: 0, y: 0, width: 400, height: 405 },
        action: { type: 'postback', label: '来店', data: postbackActionData },
      },
      {
        bounds: { x: 400, y: 0, width: 400, height: 405 },
        action: { type: 'uri', label: 'サイト', uri: 'https://example.com/shop' },
      },
      { bounds: { x: 800, y: 0, width: 400, height: 405 }, action: { type: 'postback', data: 'other=1' } },
    ],
  },
  image: dataUrl(createPng(1200, 405)),
});
const simMenu = async (name: string) =>
  (
    await sim.consoleCall<{ richMenus: SimMenu[] }>('GET', `/_sim/channels/${channel.channelId}/richmenus`)
  ).richMenus.find((m) => m.name === name)!;

beforeAll(async () => {
  sim = await startLineSim();
  t = await createLineTestApp(sim);
  a = await t.clientWithUsers();
  b = await t.clientWithUsers();
  channel = await sim.createChannel({ displayName: '京都茶房' });
  accountId = (
    await t.api('POST', `${C}/line-account`, { cookie: a.owner.cookie, body: connectBody(channel) })
  ).json().id;
  const otherChannel = await sim.createChannel({ displayName: '大阪茶房' });
  otherAccountId = (
    await t.api('POST', `${C}/line-account`, { cookie: b.owner.cookie, body: connectBody(otherChannel) })
  ).json().id;
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

describe('rich menu taps (decision 0049)', () => {
  it('a postback area tap is counted per area and friend; the answer still runs; the heat map reads it', async () => {
    const action = (
      await t.api('POST', url('/postback-actions'), {
        cookie: a.owner.cookie,
        body: { name: '来店', messages: [{ type: 'text', text: 'ようこそ' }], actions: [] },
      })
    ).json();
    const created = await t.api('POST', url('/rich-menu'), {
      cookie: a.owner.cookie,
      body: menuBody('タップ計測', action.data),
    });
    expect(created.statusCode, created.body).toBe(201);
    const menu = created.json();
    // our row keeps the owner's data; LINE's menu carries the tap mark of its postback areas only
    expect(menu.areas[0].action.data).toBe(action.data);
    const atLine = await simMenu('タップ計測');
    // the uri area leads through our hop (this account has no LIFF: our own page), keyed by the menu
    const slug = (await t.db.select().from(richMenus).where(eq(richMenus.id, menu.id)))[0]!.tapSlug!;
    expect(slug).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(atLine.areas.map((area) => area.action.data ?? area.action.uri)).toEqual([
      `${postbackData(action.id)}#tap:${menu.id}:0`,
      `${t.appUrl}/liff/tap?richMenuTap=${slug}.1`,
      `other=1#tap:${menu.id}:2`,
    ]);
    expect(menu.areas[1].action.uri).toBe('https://example.com/shop');

    const one = await follower('山田 一郎');
    const two = await follower('佐藤 二郎');
    await tap(one.userId, atLine.areas[0]!.action.data!);
    await tap(one.userId, atLine.areas[0]!.action.data!);
    await tap(two.userId, atLine.areas[0]!.action.data!);
    await tap(two.userId, atLine.areas[2]!.action.data!);
    // the answer of the postback action runs as before (the mark is taken off)
    const sent = ((await sim.sent(channel.channelId)) as Sent[]).filter((s) => s.to.includes(one.userId));
    expect(sent.filter((s) => s.messages[0]?.text === 'ようこそ')).toHaveLength(2);
    // marks naming an area the menu lacks, or a menu of another account, or no mark: nothing counted
    await tap(one.userId, `${action.data}#tap:${menu.id}:7`);
    await tap(one.userId, `${action.data}#tap:999999:0`);
    await tap(one.userId, action.data);

    const [friendOne] = await t.db.select().from(friends).where(eq(friends.lineUserId, one.userId));
    const rows = await t.db.select().from(richMenuTaps).where(eq(richMenuTaps.richMenuId, menu.id));
    expect(rows).toHaveLength(4);
    expect(rows.filter((r) => r.friendId === friendOne!.id).map((r) => r.areaIndex)).toEqual([0, 0]);

    // a tap 20 days ago counts in 30 and 90 days, not in 7
    await t.db.insert(richMenuTaps).values({
      clientId: rows[0]!.clientId,
      lineAccountId: accountId,
      richMenuId: menu.id,
      areaIndex: 1,
      friendId: friendOne!.id,
      tappedAt: new Date(Date.now() - 20 * 86_400_000),
    });
    const read = async (days: string, cookie = a.staff.cookie, account = accountId) =>
      t.api('GET', `${C}/line-account/${account}/rich-menu/${menu.id}/taps?days=${days}`, { cookie });
    const week = await read('7');
    expect(week.statusCode, week.body).toBe(200);
    expect(week.json()).toMatchObject({
      days: 7,
      // this account has no LIFF: its link taps name nobody, and the answer says so
      linksNameFriends: false,
      areas: [
        { index: 0, taps: 3, friends: 2 },
        { index: 1, taps: 0, friends: 0 },
        { index: 2, taps: 1, friends: 1 },
      ],
    });
    expect((await read('30')).json().areas[1]).toEqual({ index: 1, taps: 1, friends: 1 });
    expect((await read('90')).json().days).toBe(90);
    const bad = await read('5');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Period must be 7, 30 or 90 days');

    // another tenant: 404, both through its own account and ours
    expect((await read('7', b.owner.cookie)).statusCode).toBe(404);
    const viaOther = await t.api('GET', `${C}/line-account/${otherAccountId}/rich-menu/${menu.id}/taps`, {
      cookie: b.owner.cookie,
    });
    expect(viaOther.statusCode).toBe(404);

    // the friend drawer: the friend's taps per area, the latest first, named by the area's label
    const drawer = async (friendId: number, cookie = a.staff.cookie, account = accountId) =>
      t.api('GET', `${C}/line-account/${account}/friends/${friendId}/rich-menu-taps`, { cookie });
    const ones = await drawer(friendOne!.id);
    expect(ones.statusCode, ones.body).toBe(200);
    expect(ones.json().taps).toEqual([
      {
        richMenuId: menu.id,
        richMenuName: 'タップ計測',
        areaIndex: 0,
        areaLabel: '来店',
        taps: 2,
        lastTappedAt: expect.any(String),
      },
      // the tap 20 days ago, last
      {
        richMenuId: menu.id,
        richMenuName: 'タップ計測',
        areaIndex: 1,
        areaLabel: 'サイト',
        taps: 1,
        lastTappedAt: expect.any(String),
      },
    ]);
    const [friendTwo] = await t.db.select().from(friends).where(eq(friends.lineUserId, two.userId));
    // an area without a label and with nothing to show (a postback's data is not shown) has no name
    const twos = (await drawer(friendTwo!.id)).json().taps as {
      areaIndex: number;
      areaLabel: string | null;
    }[];
    expect(twos.map((r) => [r.areaIndex, r.areaLabel])).toEqual([
      [2, null],
      [0, '来店'],
    ]);
    // another tenant: 404 through our account, nothing through its own
    expect((await drawer(friendOne!.id, b.owner.cookie)).statusCode).toBe(404);
    const foreign = await drawer(friendOne!.id, b.owner.cookie, otherAccountId);
    expect(foreign.statusCode, foreign.body).toBe(200);
    expect(foreign.json()).toEqual({ taps: [] });

    // a replaced menu keeps its id in the marks of the new LINE menu
    const updated = await t.api('PUT', url(`/rich-menu/${menu.id}`), {
      cookie: a.owner.cookie,
      body: menuBody('タップ計測 改', action.data),
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await simMenu('タップ計測 改')).areas[0]!.action.data).toBe(`${action.data}#tap:${menu.id}:0`);
  });
});

describe('uri area taps through the hop (decision 0049 addendum)', () => {
  const hopKey = (uri: string) => new URL(uri).searchParams.get('richMenuTap')!;
  const hop = (key: string, idToken?: string) =>
    t.api('POST', `/liff/api/v1/rich-menu-tap/${encodeURIComponent(key)}`, {
      body: idToken === undefined ? {} : { idToken },
    });

  it('the LIFF names the friend; outside LINE it counts anonymously; the owner sees the real URL', async () => {
    const own = await t.accountWithService(a, 'KS-001', '神戸茶房');
    const body = {
      richMenu: {
        name: 'リンク計測',
        size: { width: 1200, height: 405 },
        selected: true,
        chatBarText: 'メニュー',
        areas: [
          {
            bounds: { x: 0, y: 0, width: 400, height: 405 },
            action: { type: 'uri', uri: 'https://example.com/a?x=1' },
          },
          {
            bounds: { x: 400, y: 0, width: 400, height: 405 },
            action: { type: 'uri', uri: 'tel:0312345678' },
          },
          { bounds: { x: 800, y: 0, width: 400, height: 405 }, action: { type: 'postback', data: 'p=1' } },
        ],
      },
      image: dataUrl(createPng(1200, 405)),
    };
    const created = await t.api('POST', `${C}/line-account/${own.accountId}/rich-menu`, {
      cookie: a.owner.cookie,
      body,
    });
    expect(created.statusCode, created.body).toBe(201);
    const menu = created.json();
    // the editor shows what the owner wrote; LINE holds the account's LIFF URL naming the area
    expect(menu.areas.map((x: { action: { uri?: string } }) => x.action.uri)).toEqual([
      'https://example.com/a?x=1',
      'tel:0312345678',
      undefined,
    ]);
    const atLine = (
      await sim.consoleCall<{ richMenus: SimMenu[] }>(
        'GET',
        `/_sim/channels/${own.channel.channelId}/richmenus`,
      )
    ).richMenus.find((m) => m.name === 'リンク計測')!;
    const liffUri = atLine.areas[0]!.action.uri!;
    expect(liffUri).toMatch(
      new RegExp(`^https://liff\\.line\\.me/${own.liffId}\\?richMenuTap=[A-Za-z0-9_-]{16}\\.0$`),
    );
    expect(atLine.areas[1]!.action.uri).toBe('tel:0312345678'); // not a web page: direct, not counted
    const key = hopKey(liffUri);

    // the simulator opens the LIFF URL on the LIFF app's endpoint with the key (LINE's "concat")
    const fan = await t.liffUser('田中 花子', { channelId: own.channel.channelId, liffId: own.liffId });
    const launched = await sim.consoleCall<{ launchUrl: string }>('POST', '/_sim/liff/login', {
      userId: fan.user.userId,
      liffId: own.liffId,
      path: new URL(liffUri).search,
    });
    expect(new URL(launched.launchUrl).searchParams.get('richMenuTap')).toBe(key);

    const start = await t.api('GET', `/liff/api/v1/rich-menu-tap/${key}`);
    expect(start.statusCode, start.body).toBe(200);
    expect(start.json()).toEqual({ liffId: own.liffId, lineMode: 'simulator' });

    // a friend through LIFF, twice; anonymous (outside LINE); a refused token: anonymous, still led on
    for (let i = 0; i < 2; i += 1) {
      const led = await hop(key, fan.idToken);
      expect(led.statusCode, led.body).toBe(200);
      expect(led.json()).toEqual({ url: 'https://example.com/a?x=1' });
    }
    expect((await hop(key)).json()).toEqual({ url: 'https://example.com/a?x=1' });
    expect((await hop(key, 'forged.token.value')).statusCode).toBe(200);
    // a LINE user who is not a friend: counted, nobody named
    const stranger = await t.liffUser('通りすがり', {
      channelId: own.channel.channelId,
      liffId: own.liffId,
      follow: false,
    });
    expect((await hop(key, stranger.idToken)).statusCode).toBe(200);

    const [fanRow] = await t.db.select().from(friends).where(eq(friends.lineUserId, fan.user.userId));
    const rows = await t.db.select().from(richMenuTaps).where(eq(richMenuTaps.richMenuId, menu.id));
    expect(rows.map((r) => [r.areaIndex, r.friendId])).toEqual([
      [0, fanRow!.id],
      [0, fanRow!.id],
      [0, null],
      [0, null],
      [0, null],
    ]);
    const heat = await t.api('GET', `${C}/line-account/${own.accountId}/rich-menu/${menu.id}/taps?days=7`, {
      cookie: a.staff.cookie,
    });
    expect(heat.json().areas).toEqual([
      { index: 0, taps: 5, friends: 1 },
      { index: 1, taps: 0, friends: 0 },
      { index: 2, taps: 0, friends: 0 },
    ]);

    // keys naming nothing, a tel: area, a postback area, or a made-up slug: the one 404, nothing counted
    for (const bad of [
      `${key.split('.')[0]}.1`,
      `${key.split('.')[0]}.2`,
      `${key.split('.')[0]}.9`,
      'AAAAAAAAAAAAAAAA.0',
      'x',
    ]) {
      const refused = await hop(bad);
      expect(refused.statusCode, bad).toBe(404);
      expect(refused.json().message).toBe('This link is not available');
      expect((await t.api('GET', `/liff/api/v1/rich-menu-tap/${encodeURIComponent(bad)}`)).statusCode).toBe(
        404,
      );
    }
    expect(await t.db.select().from(richMenuTaps).where(eq(richMenuTaps.richMenuId, menu.id))).toHaveLength(
      5,
    );

    // an edit keeps the key: the hop URLs at LINE stay the same, the figures continue
    const edited = await t.api('PUT', `${C}/line-account/${own.accountId}/rich-menu/${menu.id}`, {
      cookie: a.owner.cookie,
      body: { ...body, richMenu: { ...body.richMenu, name: 'リンク計測 改' } },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const again = (
      await sim.consoleCall<{ richMenus: SimMenu[] }>(
        'GET',
        `/_sim/channels/${own.channel.channelId}/richmenus`,
      )
    ).richMenus.find((m) => m.name === 'リンク計測 改')!;
    expect(again.areas[0]!.action.uri).toBe(liffUri);
  });
});

describe('tabbed rich menus count their taps (decision 0049 addendum)', () => {
  type SimTabMenu = {
    richMenuId: string;
    areas: { action: { type: string; data?: string; uri?: string; richMenuAliasId?: string } }[];
  };
  const tabbedBody = (suffix: string, tabs = 2) => ({
    width: 2500,
    height: 1686,
    tabConfig: [
      {
        label: 'ご予約',
        text: '予約',
        menuAliasId: `tap-reserve-${suffix}`,
        itemRows: [
          {
            items: [
              { type: 'message', label: '予約する', text: '予約したい' },
              { type: 'uri', label: '空き状況', uri: 'https://example.com/slots' },
            ],
          },
        ],
      },
      {
        label: 'お店',
        text: 'お店',
        menuAliasId: `tap-shop-${suffix}`,
        itemRows: [{ items: [{ type: 'uri', label: '電話する', uri: 'tel:0612345678' }] }],
      },
      {
        label: '会員',
        text: '会員',
        menuAliasId: `tap-member-${suffix}`,
        itemRows: [{ items: [{ type: 'message', label: '会員証', text: '会員証' }] }],
      },
    ].slice(0, tabs),
  });
  const linesMenus = async () =>
    (
      await sim.consoleCall<{ richMenus: SimTabMenu[] }>(
        'GET',
        `/_sim/channels/${channel.channelId}/richmenus`,
      )
    ).richMenus;

  it("a tab switch and a tab's link are counted on the tab's menu; an edit keeps the rows and their taps", async () => {
    const created = await t.api('POST', url('/rich-menu/tabbed'), {
      cookie: a.owner.cookie,
      body: tabbedBody('x', 3),
    });
    expect(created.statusCode, created.body).toBe(201);
    const group = created.json();
    const [first, second] = group.data;
    const atLine = (await linesMenus()).find((m) => m.richMenuId === first.richMenuId)!;
    // the switch areas' data carries the mark of the tab's own row; the link goes through the hop
    const switches = atLine.areas.filter((area) => area.action.type === 'richmenuswitch');
    expect(switches.map((area) => area.action.data)).toEqual(
      first.areas
        .map((area: { action: { type: string; data?: string } }, index: number) =>
          area.action.type === 'richmenuswitch' ? `${area.action.data}#tap:${first.id}:${index}` : null,
        )
        .filter(Boolean),
    );
    const linkIndex = first.areas.findIndex(
      (area: { action: { type: string } }) => area.action.type === 'uri',
    );
    expect(atLine.areas[linkIndex]!.action.uri).toMatch(/\/liff\/tap\?richMenuTap=[A-Za-z0-9_-]{16}\.\d+$/);
    expect(first.areas[linkIndex].action.uri).toBe('https://example.com/slots');

    // a friend switches to the second tab (LINE sends a postback with the switch's data) and opens the link
    const fan = await follower('タブ 花子');
    const toSecond = switches.find((area) => area.action.richMenuAliasId === 'tap-shop-x')!;
    await sim.consoleCall('POST', `/_sim/users/${fan.userId}/richmenu-switch`, {
      channelId: channel.channelId,
      richMenuAliasId: toSecond.action.richMenuAliasId,
      data: toSecond.action.data,
    });
    await settle();
    const key = new URL(atLine.areas[linkIndex]!.action.uri!).searchParams.get('richMenuTap')!;
    const led = await t.api('POST', `/liff/api/v1/rich-menu-tap/${key}`, { body: {} });
    expect(led.json()).toEqual({ url: 'https://example.com/slots' });
    const heat = async (id: number) =>
      (await t.api('GET', url(`/rich-menu/${id}/taps?days=7`), { cookie: a.staff.cookie })).json<{
        areas: unknown[];
      }>().areas;
    const switchIndex = first.areas.findIndex(
      (area: { action: { richMenuAliasId?: string } }) => area.action.richMenuAliasId === 'tap-shop-x',
    );
    expect((await heat(first.id))[switchIndex]).toEqual({ index: switchIndex, taps: 1, friends: 1 });
    expect((await heat(first.id))[linkIndex]).toEqual({ index: linkIndex, taps: 1, friends: 0 });

    // the edit drops the third tab: the first two keep their ids, hop keys and taps
    const edited = await t.api('PUT', url(`/rich-menu/tabbed/${group.groupId}`), {
      cookie: a.owner.cookie,
      body: tabbedBody('x', 2),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.map((m: { id: number }) => m.id)).toEqual([first.id, second.id]);
    expect(await t.db.select().from(richMenuTaps).where(eq(richMenuTaps.richMenuId, first.id))).toHaveLength(
      2,
    );
    const newFirst = (await linesMenus()).find((m) => m.richMenuId === edited.json().data[0].richMenuId)!;
    // the link moved one place (a switch fewer): same menu key, its new index
    expect(newFirst.areas.find((area) => area.action.type === 'uri')!.action.uri).toContain(
      `${key.split('.')[0]}.`,
    );
    expect(await t.db.select().from(richMenus).where(eq(richMenus.id, group.data[2].id))).toHaveLength(0);
  });
});
