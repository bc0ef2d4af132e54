import { richMenuMessages, type CreateTabbedRichMenuBody } from '@app/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { richMenus } from '../../db/schema/index.ts';
import {
  connectBody,
  createLineTestApp,
  startLineSim,
  type LineSim,
  type LineTestApp,
  type SimChannel,
} from '../../testing/line-sim.ts';
import { lineGatewayFor } from '../../platform/line/line-gateway.ts';
import { createPng } from '../../testing/images.ts';
import { readImageSize } from './rich-menu-image.ts';

const C = '/client/api/v1';
let sim: LineSim;
let t: LineTestApp;
let a: Awaited<ReturnType<LineTestApp['clientWithUsers']>>;
let channel: SimChannel;
let base: string;
let aliasSeq = 0;

type SimMenus = {
  defaultRichMenuId: string | null;
  aliases: { richMenuAliasId: string; richMenuId: string }[];
  richMenus: { richMenuId: string; hasImage: boolean; areas: { action: Record<string, string> }[] }[];
};
const simMenus = () => sim.consoleCall<SimMenus>('GET', `/_sim/channels/${channel.channelId}/richmenus`);

const tabbedBody = (): CreateTabbedRichMenuBody => {
  aliasSeq += 1;
  const alias = (name: string) => `${name}-${aliasSeq}`;
  return {
    width: 2500,
    height: 1686,
    tabConfig: [
      {
        label: 'ご予約',
        text: '予約',
        menuAliasId: alias('reserve'),
        tabGap: 8,
        border: { top: 20, bottom: 20, left: 20, right: 20 },
        itemRows: [
          {
            items: [
              { type: 'message', label: '予約する', text: '予約したい', gap: 16 },
              { type: 'uri', label: '空き状況', uri: 'https://example.com/slots' },
            ],
          },
        ],
      },
      {
        label: 'メニュー',
        text: 'メニュー',
        menuAliasId: alias('menu'),
        tabGap: 8,
        itemRows: [
          { items: [{ type: 'message', label: 'カット', text: 'カットの料金', ratio: 2 }] },
          { items: [{ type: 'message', label: 'カラー', text: 'カラーの料金' }] },
        ],
      },
      {
        label: 'ショップ情報',
        text: 'お店',
        menuAliasId: alias('shop'),
        itemRows: [{ items: [{ type: 'uri', label: '電話する', uri: 'tel:0612345678' }] }],
      },
    ],
  };
};

beforeAll(async () => {
  sim = await startLineSim();
  t = await createLineTestApp(sim);
  a = await t.clientWithUsers();
  channel = await sim.createChannel({ displayName: 'タブの店' });
  const connected = await t.api('POST', `${C}/line-account`, {
    cookie: a.owner.cookie,
    body: connectBody(channel),
  });
  base = `${C}/line-account/${connected.json<{ id: number }>().id}/rich-menu`;
});
afterAll(async () => {
  await t.close();
  await sim.close();
});
beforeEach(() => sim.consoleCall('DELETE', '/_sim/faults'));

describe('tabbed rich menus', () => {
  it('draws each tab, makes one menu per tab with switch areas to the other tabs, and their aliases', async () => {
    const body = tabbedBody();
    const response = await t.api('POST', `${base}/tabbed`, { cookie: a.manager.cookie, body });
    expect(response.statusCode, response.body).toBe(201);
    const made = response.json<{
      groupId: string;
      tabConfig: { imageUrl: string }[];
      data: {
        id: number;
        richMenuId: string;
        chatBarText: string;
        tab: { index: number; menuAliasId: string };
      }[];
    }>();
    expect(made.data.map((m) => m.chatBarText)).toEqual(['予約', 'メニュー', 'お店']);
    expect(made.data.map((m) => m.tab.index)).toEqual([0, 1, 2]);
    const state = await simMenus();
    for (const [index, menu] of made.data.entries()) {
      const atLine = state.richMenus.find((m) => m.richMenuId === menu.richMenuId)!;
      expect(atLine.hasImage).toBe(true);
      expect(state.aliases).toContainEqual({
        richMenuAliasId: body.tabConfig[index]!.menuAliasId,
        richMenuId: menu.richMenuId,
      });
      const switches = atLine.areas.filter((area) => area.action.type === 'richmenuswitch');
      expect(switches.map((area) => area.action.richMenuAliasId)).toEqual(
        body.tabConfig.filter((_, j) => j !== index).map((tab) => tab.menuAliasId),
      );
      // The image the server drew has the requested size and fits LINE's limit.
      const image = await t.api('GET', made.tabConfig[index]!.imageUrl, { cookie: a.staff.cookie });
      expect(readImageSize(image.rawPayload)).toMatchObject({ width: 2500, height: 1686 });
      expect(image.rawPayload.length).toBeLessThanOrEqual(1024 * 1024);
    }
    // A LINE user taps the second tab on the first tab's menu: LINE shows the second tab's menu.
    const user = await sim.createUser('タブ 太郎');
    await sim.act(user.userId, `follow/${channel.channelId}`);
    const switched = await sim.consoleCall<{ richMenuId: string }>(
      'POST',
      `/_sim/users/${user.userId}/richmenu-switch`,
      {
        channelId: channel.channelId,
        richMenuAliasId: body.tabConfig[1]!.menuAliasId,
        data: 'x',
      },
    );
    expect(switched.richMenuId).toBe(made.data[1]!.richMenuId);

    // A tab is changed through its tabbed menu; deleting one tab's menu removes the whole group at LINE.
    const put = await t.api('PUT', `${base}/${made.data[0]!.id}`, {
      cookie: a.manager.cookie,
      body: { richMenu: { name: 'x', size: { width: 2500, height: 1686 }, chatBarText: 'x', areas: [] } },
    });
    expect(put.statusCode).toBe(400);
    expect(put.json().message).toBe(richMenuMessages.tabbedReadOnly);
    expect(
      (await t.api('DELETE', `${base}/${made.data[1]!.id}`, { cookie: a.manager.cookie })).statusCode,
    ).toBe(200);
    const after = await simMenus();
    for (const menu of made.data)
      expect(after.richMenus.some((m) => m.richMenuId === menu.richMenuId)).toBe(false);
    expect(after.aliases.filter((alias) => alias.richMenuAliasId.endsWith(`-${aliasSeq}`))).toEqual([]);
    expect((await t.api('GET', base, { cookie: a.staff.cookie })).json().data).toEqual([]);
  });

  it('rolls everything back at LINE when the second alias is refused, and leaves the alias that was there', async () => {
    const body = tabbedBody();
    const other = await t.api('POST', base, {
      cookie: a.manager.cookie,
      body: {
        richMenu: { name: '別メニュー', size: { width: 2500, height: 843 }, chatBarText: '別', areas: [] },
        image: `data:image/png;base64,${createPng(2500, 843).toString('base64')}`,
      },
    });
    const otherMenu = other.json<{ id: number; richMenuId: string }>();
    await lineGatewayFor(t.config).createRichMenuAlias(
      { channelId: channel.channelId, channelSecret: channel.channelSecret },
      body.tabConfig[1]!.menuAliasId,
      otherMenu.richMenuId,
    );
    const before = await simMenus();
    const rows = (await t.db.select().from(richMenus)).length;
    const response = await t.api('POST', `${base}/tabbed`, { cookie: a.manager.cookie, body });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(richMenuMessages.lineRefused);
    const after = await simMenus();
    expect(after.richMenus.map((m) => m.richMenuId).sort()).toEqual(
      before.richMenus.map((m) => m.richMenuId).sort(),
    );
    expect(after.aliases).toEqual(before.aliases);
    expect(after.aliases).toContainEqual({
      richMenuAliasId: body.tabConfig[1]!.menuAliasId,
      richMenuId: otherMenu.richMenuId,
    });
    expect((await t.db.select().from(richMenus)).length).toBe(rows);
    await t.api('DELETE', `${base}/${otherMenu.id}`, { cookie: a.manager.cookie });
  });

  it.each([
    ['an image upload fails', { status: 500, pathPrefix: '/v2/bot/richmenu/', count: 1 }],
    [
      'LINE makes the first alias but answers an error',
      { status: 500, when: 'after' as const, pathPrefix: '/v2/bot/richmenu/alias', count: 1 },
    ],
  ])('rolls everything back at LINE when %s', async (_name, fault) => {
    const before = await simMenus();
    const rows = (await t.db.select().from(richMenus)).length;
    await sim.fault(fault);
    const response = await t.api('POST', `${base}/tabbed`, { cookie: a.manager.cookie, body: tabbedBody() });
    expect(response.statusCode).toBe(503);
    const after = await simMenus();
    expect(after.richMenus.map((m) => m.richMenuId).sort()).toEqual(
      before.richMenus.map((m) => m.richMenuId).sort(),
    );
    expect(after.aliases).toEqual(before.aliases);
    expect((await t.db.select().from(richMenus)).length).toBe(rows);
  });

  it('previews every tab as the server draws it, changing nothing', async () => {
    const before = await simMenus();
    const response = await t.api('POST', `${base}/tabbed/preview`, {
      cookie: a.manager.cookie,
      body: tabbedBody(),
    });
    expect(response.statusCode, response.body).toBe(200);
    const { images } = response.json<{ images: string[] }>();
    expect(images).toHaveLength(3);
    const first = Buffer.from(images[0]!.replace(/^data:image\/png;base64,/, ''), 'base64');
    expect(readImageSize(first)).toMatchObject({ format: 'png', width: 2500, height: 1686 });
    // the selected tab is drawn in the account's main color (its branding; #1C7F09 unless changed)
    const { createCanvas, loadImage } = await import('@napi-rs/canvas');
    const canvas = createCanvas(2500, 1686);
    canvas.getContext('2d').drawImage(await loadImage(first), 0, 0);
    expect([...canvas.getContext('2d').getImageData(20, 20, 1, 1).data]).toEqual([0x1c, 0x7f, 0x09, 255]);
    expect(await simMenus()).toEqual(before);
  });

  it("checks the tabs before LINE is called (SPEC.md's item text, aliases, tabs, areas)", async () => {
    const refused = async (body: unknown, message: string) => {
      const before = (await simMenus()).richMenus.length;
      const response = await t.api('POST', `${base}/tabbed`, { cookie: a.manager.cookie, body });
      expect(response.statusCode, response.body).toBe(400);
      const answer = response.json<{ message: string; errors?: { message: string }[] }>();
      expect([answer.message, ...(answer.errors ?? []).map((e) => e.message)]).toContain(message);
      expect((await simMenus()).richMenus.length).toBe(before);
    };
    const body = tabbedBody();
    const withItem = (item: Record<string, unknown>) => ({
      ...body,
      tabConfig: [{ ...body.tabConfig[0]!, itemRows: [{ items: [item] }] }, body.tabConfig[1]!],
    });
    await refused(withItem({ type: 'message', label: 'a' }), richMenuMessages.actionTarget);
    await refused(withItem({ type: 'uri', label: 'a' }), richMenuMessages.actionTarget);
    await refused({ ...body, tabConfig: [body.tabConfig[0]] }, richMenuMessages.tabsRequired);
    await refused(
      {
        ...body,
        tabConfig: [
          body.tabConfig[0],
          { ...body.tabConfig[1]!, menuAliasId: body.tabConfig[0]!.menuAliasId },
        ],
      },
      richMenuMessages.aliasTaken,
    );
    await refused(
      { ...body, tabConfig: [{ ...body.tabConfig[0]!, menuAliasId: 'Bad Alias' }, body.tabConfig[1]] },
      richMenuMessages.aliasId,
    );
    const many = Array.from({ length: 20 }, (_, i) => ({ type: 'message', label: `${i}`, text: `${i}` }));
    await refused(
      {
        ...body,
        tabConfig: [
          { ...body.tabConfig[0]!, itemRows: [{ items: many.slice(0, 10) }, { items: many.slice(10) }] },
          body.tabConfig[1],
        ],
      },
      richMenuMessages.areasMax,
    );
    await refused({ ...body, width: 1000, height: 800 }, richMenuMessages.aspectRatio);
  });

  it('STAFF may not make one', async () => {
    expect(
      (await t.api('POST', `${base}/tabbed`, { cookie: a.staff.cookie, body: tabbedBody() })).statusCode,
    ).toBe(403);
  });
});

describe('a tabbed rich menu as one thing', () => {
  type Made = {
    groupId: string;
    tabConfig: { label: string; menuAliasId: string; imageUrl: string }[];
    data: { id: number; richMenuId: string; isDefault: boolean; tab: { index: number } }[];
  };
  const make = async () => {
    const body = tabbedBody();
    const response = await t.api('POST', `${base}/tabbed`, { cookie: a.manager.cookie, body });
    expect(response.statusCode, response.body).toBe(201);
    return { body, made: response.json<Made>() };
  };

  it('reads back as its tabs (as sent) with their images, for the builder to edit', async () => {
    const { body, made } = await make();
    const read = await t.api('GET', `${base}/tabbed/${made.groupId}`, { cookie: a.staff.cookie });
    expect(read.statusCode, read.body).toBe(200);
    const got = read.json<Made>();
    expect(got.tabConfig.map((tab) => tab.label)).toEqual(body.tabConfig.map((tab) => tab.label));
    expect(got.tabConfig.map((tab) => tab.menuAliasId)).toEqual(body.tabConfig.map((tab) => tab.menuAliasId));
    expect(got.data.map((m) => m.id)).toEqual(made.data.map((m) => m.id));
    const image = await t.api('GET', got.tabConfig[0]!.imageUrl, { cookie: a.staff.cookie });
    expect(readImageSize(image.rawPayload)).toMatchObject({ width: 2500, height: 1686 });
    const missing = await t.api('GET', `${base}/tabbed/00000000-0000-4000-8000-000000000000`, {
      cookie: a.staff.cookie,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('edits the whole menu: new menus at LINE, kept aliases and the default moved, a dropped tab gone', async () => {
    const { body, made } = await make();
    const setDefault = await t.api('GET', `${base}/default`, {
      cookie: a.manager.cookie,
      query: { richMenuId: String(made.data[1]!.id) },
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(setDefault.statusCode, setDefault.body).toBe(200);
    // rename the first tab, drop the third, add a new one
    const edited: CreateTabbedRichMenuBody = {
      ...body,
      tabConfig: [
        { ...body.tabConfig[0]!, label: 'ご予約・空き' },
        body.tabConfig[1]!,
        {
          label: 'クーポン',
          text: 'クーポン',
          menuAliasId: `coupon-${aliasSeq}`,
          itemRows: [{ items: [{ type: 'message', label: '今月のクーポン', text: 'クーポン' }] }],
        },
      ],
    };
    const response = await t.api('PUT', `${base}/tabbed/${made.groupId}`, {
      cookie: a.manager.cookie,
      body: edited,
    });
    expect(response.statusCode, response.body).toBe(200);
    const after = response.json<Made>();
    expect(after.groupId).toBe(made.groupId);
    expect(after.tabConfig.map((tab) => tab.label)).toEqual(['ご予約・空き', 'メニュー', 'クーポン']);
    const state = await simMenus();
    const newIds = after.data.map((m) => m.richMenuId);
    for (const old of made.data)
      expect(state.richMenus.some((m) => m.richMenuId === old.richMenuId)).toBe(false);
    for (const [index, tab] of edited.tabConfig.entries()) {
      expect(state.aliases).toContainEqual({ richMenuAliasId: tab.menuAliasId, richMenuId: newIds[index] });
    }
    expect(state.aliases.some((alias) => alias.richMenuAliasId === body.tabConfig[2]!.menuAliasId)).toBe(
      false,
    );
    // the second tab was the default: its new menu is, at LINE and here
    expect(state.defaultRichMenuId).toBe(newIds[1]);
    expect(after.data.map((m) => m.isDefault)).toEqual([false, true, false]);
    const list = await t.api('GET', base, { cookie: a.staff.cookie });
    const ofGroup = list
      .json<{ data: { tab: { groupId: string } | null }[] }>()
      .data.filter((m) => m.tab?.groupId === made.groupId);
    expect(ofGroup).toHaveLength(3);
  });

  it('a LINE failure half-way leaves the old tabbed menu as it was', async () => {
    const { made } = await make();
    const before = await simMenus();
    const edited = tabbedBody();
    edited.tabConfig = edited.tabConfig.map((tab, index) => ({
      ...tab,
      menuAliasId: made.tabConfig[index]!.menuAliasId,
    }));
    // the second alias's move is refused, after the first one moved
    await sim.fault({
      status: 400,
      count: 1,
      pathPrefix: `/v2/bot/richmenu/alias/${made.tabConfig[1]!.menuAliasId}`,
    });
    const response = await t.api('PUT', `${base}/tabbed/${made.groupId}`, {
      cookie: a.manager.cookie,
      body: edited,
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    const state = await simMenus();
    expect(state.richMenus.map((m) => m.richMenuId).sort()).toEqual(
      before.richMenus.map((m) => m.richMenuId).sort(),
    );
    for (const [index, tab] of made.tabConfig.entries()) {
      expect(state.aliases).toContainEqual({
        richMenuAliasId: tab.menuAliasId,
        richMenuId: made.data[index]!.richMenuId,
      });
    }
    const read = await t.api('GET', `${base}/tabbed/${made.groupId}`, { cookie: a.staff.cookie });
    expect(read.json<Made>().data.map((m) => m.richMenuId)).toEqual(made.data.map((m) => m.richMenuId));
  });
});
