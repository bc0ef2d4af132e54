import { postbackData } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { friends, richMenuTaps } from '../../db/schema/index.ts';
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
    expect(atLine.areas.map((area) => area.action.data ?? area.action.uri)).toEqual([
      `${postbackData(action.id)}#tap:${menu.id}:0`,
      'https://example.com/shop',
      `other=1#tap:${menu.id}:2`,
    ]);

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

    // a replaced menu keeps its id in the marks of the new LINE menu
    const updated = await t.api('PUT', url(`/rich-menu/${menu.id}`), {
      cookie: a.owner.cookie,
      body: menuBody('タップ計測 改', action.data),
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await simMenu('タップ計測 改')).areas[0]!.action.data).toBe(`${action.data}#tap:${menu.id}:0`);
  });
});
