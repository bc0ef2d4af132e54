import {
  errorMessages,
  richMenuMessages,
  type RichMenuObject,
  type RichMenuObjectInput,
} from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { richMenus } from '../../db/schema/index.ts';
import { lineGatewayFor } from '../../platform/line/line-gateway.ts';
import { createJpegHeader, createPng, dataUrl } from '../../testing/images.ts';
import { readImageSize } from './rich-menu-image.ts';
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
let other: Awaited<ReturnType<LineTestApp['clientWithUsers']>>;
let channel: SimChannel;
let accountId: number;
let base: string;

type SimMenus = {
  defaultRichMenuId: string | null;
  aliases: { richMenuAliasId: string; richMenuId: string }[];
  richMenus: { richMenuId: string; name: string; hasImage: boolean }[];
};
const simMenus = () => sim.consoleCall<SimMenus>('GET', `/_sim/channels/${channel.channelId}/richmenus`);

const menu = (extra: Partial<RichMenuObjectInput> = {}): RichMenuObjectInput => ({
  name: '基本メニュー',
  size: { width: 1200, height: 405 },
  selected: true,
  chatBarText: 'メニュー',
  areas: [
    {
      bounds: { x: 0, y: 0, width: 600, height: 405 },
      action: { type: 'message', label: '予約', text: '予約したい' },
    },
    {
      bounds: { x: 600, y: 0, width: 600, height: 405 },
      action: { type: 'uri', label: 'サイト', uri: 'https://example.com/shop' },
    },
  ],
  ...extra,
});
const png1200 = dataUrl(createPng(1200, 405));

const create = (body: Record<string, unknown>, cookie = a.manager.cookie) =>
  t.api('POST', base, { cookie, body });
const createOk = async (extra: Partial<RichMenuObjectInput> = {}, image = png1200) => {
  const response = await create({ richMenu: menu(extra), image });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number; richMenuId: string; imageUrl: string; isDefault: boolean }>();
};
const setDefault = (id: number, headers: Record<string, string> = { 'sec-fetch-site': 'same-origin' }) =>
  t.api('GET', `${base}/default`, { cookie: a.manager.cookie, query: { richMenuId: String(id) }, headers });

beforeAll(async () => {
  sim = await startLineSim();
  t = await createLineTestApp(sim);
  a = await t.clientWithUsers();
  other = await t.clientWithUsers();
  channel = await sim.createChannel({ displayName: '梅田カフェ' });
  const connected = await t.api('POST', `${C}/line-account`, {
    cookie: a.owner.cookie,
    body: connectBody(channel),
  });
  expect(connected.statusCode, connected.body).toBe(201);
  accountId = connected.json<{ id: number }>().id;
  base = `${C}/line-account/${accountId}/rich-menu`;
});
afterAll(async () => {
  await t.close();
  await sim.close();
});
beforeEach(async () => {
  await sim.consoleCall('DELETE', '/_sim/faults');
});

describe('rich menus: create, read, delete', () => {
  it('creates the menu at LINE with its image, keeps the image and who made it, lists and reads it', async () => {
    const created = await createOk();
    expect(created).toMatchObject({
      name: '基本メニュー',
      chatBarText: 'メニュー',
      isDefault: false,
      tab: null,
    });
    expect(created.richMenuId).toMatch(/^richmenu-/);
    expect(created).toMatchObject({ updatedBy: { id: a.manager.user.id } });
    const atLine = (await simMenus()).richMenus.find((m) => m.richMenuId === created.richMenuId);
    expect(atLine).toMatchObject({ name: '基本メニュー', hasImage: true });

    const list = await t.api('GET', base, { cookie: a.staff.cookie });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((m: { id: number }) => m.id)).toContain(created.id);
    const one = await t.api('GET', `${base}/${created.id}`, { cookie: a.staff.cookie });
    expect(one.json()).toMatchObject({ id: created.id, areas: menu().areas });

    const image = await t.api('GET', created.imageUrl, { cookie: a.staff.cookie });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(createPng(1200, 405))).toBe(true);
  });

  it('deletes at LINE and here', async () => {
    const created = await createOk();
    const gone = await t.api('DELETE', `${base}/${created.id}`, { cookie: a.manager.cookie });
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await simMenus()).richMenus.some((m) => m.richMenuId === created.richMenuId)).toBe(false);
    expect(await t.db.select().from(richMenus).where(eq(richMenus.id, created.id))).toEqual([]);
    const again = await t.api('GET', `${base}/${created.id}`, { cookie: a.manager.cookie });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(richMenuMessages.notFound);
  });

  it('LINE down: 503, no row and no menu left at LINE', async () => {
    const before = (await simMenus()).richMenus.length;
    const rows = (await t.db.select().from(richMenus)).length;
    await sim.fault({ status: 500, pathPrefix: '/v2/bot/richmenu/', count: 1 }); // the image upload
    const response = await create({ richMenu: menu(), image: png1200 });
    expect(response.statusCode).toBe(503);
    expect((await simMenus()).richMenus.length).toBe(before);
    expect((await t.db.select().from(richMenus)).length).toBe(rows);
  });
});

describe("rich menus: LINE's limits, checked before LINE is called", () => {
  const refused = async (body: Record<string, unknown>, message: string) => {
    const before = (await simMenus()).richMenus.length;
    const rows = (await t.db.select().from(richMenus)).length;
    const response = await create(body);
    expect(response.statusCode, response.body).toBe(400);
    const answer = response.json<{ message: string; errors?: { message: string }[] }>();
    expect([answer.message, ...(answer.errors ?? []).map((e) => e.message)]).toContain(message);
    expect((await simMenus()).richMenus.length, 'nothing was sent to LINE').toBe(before);
    expect((await t.db.select().from(richMenus)).length).toBe(rows);
  };
  const withAction = (action: Record<string, unknown>) =>
    menu({ areas: [{ bounds: { x: 0, y: 0, width: 100, height: 100 }, action } as never] });

  it('a message action needs its text (SPEC.md)', () =>
    refused({ richMenu: withAction({ type: 'message' }), image: png1200 }, richMenuMessages.actionTarget));
  it('a uri action needs its uri (SPEC.md)', () =>
    refused(
      { richMenu: withAction({ type: 'uri', uri: '' }), image: png1200 },
      richMenuMessages.actionTarget,
    ));
  it('a uri action opens http(s), tel or line links only', async () => {
    await refused(
      { richMenu: withAction({ type: 'uri', uri: 'javascript:alert(1)' }), image: png1200 },
      richMenuMessages.uriScheme,
    );
    for (const uri of ['tel:0312345678', 'line://ti/p/@demo', 'http://example.com']) {
      expect((await create({ richMenu: withAction({ type: 'uri', uri }), image: png1200 })).statusCode).toBe(
        201,
      );
    }
  });
  it('a richmenuswitch action needs its alias and data', () =>
    refused(
      { richMenu: withAction({ type: 'richmenuswitch', data: 'x' }), image: png1200 },
      richMenuMessages.switchTarget,
    ));
  it('the image is a JPEG or a PNG (by its bytes)', async () => {
    await refused(
      { richMenu: menu(), image: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=' },
      richMenuMessages.imageType,
    );
    await refused(
      { richMenu: menu(), image: dataUrl(createJpegHeader(1200, 405), 'image/png') },
      richMenuMessages.imageType,
    );
  });
  it('width is 800 to 2500 pixels', async () => {
    await refused(
      {
        richMenu: menu({ size: { width: 799, height: 300 }, areas: [] }),
        image: dataUrl(createPng(799, 300)),
      },
      richMenuMessages.width,
    );
    await refused(
      {
        richMenu: menu({ size: { width: 2501, height: 843 }, areas: [] }),
        image: dataUrl(createPng(2501, 843)),
      },
      richMenuMessages.width,
    );
  });
  it('height is at least 250 pixels', () =>
    refused(
      {
        richMenu: menu({ size: { width: 800, height: 249 }, areas: [] }),
        image: dataUrl(createPng(800, 249)),
      },
      richMenuMessages.height,
    ));
  it('width / height is at least 1.45', () =>
    refused(
      {
        richMenu: menu({ size: { width: 1000, height: 700 }, areas: [] }),
        image: dataUrl(createPng(1000, 700)),
      },
      richMenuMessages.aspectRatio,
    ));
  it('the image is at most 1 MB', () =>
    refused(
      {
        richMenu: menu({ size: { width: 1200, height: 300 }, areas: [] }),
        image: dataUrl(createPng(1200, 300, { noise: true })),
      },
      richMenuMessages.imageBytes,
    ));
  it('the image has the menu size', () =>
    refused({ richMenu: menu(), image: dataUrl(createPng(1200, 400)) }, richMenuMessages.imageSize));
  it('at most 20 areas', () => {
    const areas = Array.from({ length: 21 }, (_, i) => ({
      bounds: { x: i * 50, y: 0, width: 50, height: 100 },
      action: { type: 'message' as const, text: `${i}` },
    }));
    return refused({ richMenu: menu({ areas }), image: png1200 }, richMenuMessages.areasMax);
  });
  it('every area lies inside the image', () =>
    refused(
      {
        richMenu: menu({
          areas: [
            { bounds: { x: 1000, y: 0, width: 201, height: 100 }, action: { type: 'message', text: 'a' } },
          ],
        }),
        image: png1200,
      },
      richMenuMessages.areaBounds,
    ));
  it('chatBarText is at most 14 characters', () =>
    refused(
      { richMenu: menu({ chatBarText: 'あ'.repeat(15) }), image: png1200 },
      richMenuMessages.chatBarText,
    ));
});

describe('rich menus: PUT replaces the menu at LINE without a gap', () => {
  it('the new menu takes the default and the aliases before the old one is deleted', async () => {
    const created = await createOk();
    expect((await setDefault(created.id)).statusCode).toBe(200);
    const line = lineGatewayFor(t.config);
    const lineChannel = { channelId: channel.channelId, channelSecret: channel.channelSecret };
    await line.createRichMenuAlias(lineChannel, 'put-test', created.richMenuId);
    // Deleting the old menu fails: the default and the alias must already be on the new one.
    await sim.fault({ status: 500, pathPrefix: `/v2/bot/richmenu/${created.richMenuId}`, count: 1 });
    const replaced = await t.api('PUT', `${base}/${created.id}`, {
      cookie: a.manager.cookie,
      body: { richMenu: menu({ name: '新メニュー', chatBarText: '開く' }) },
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const body = replaced.json<{ id: number; richMenuId: string; isDefault: boolean; name: string }>();
    expect(body).toMatchObject({ id: created.id, name: '新メニュー', isDefault: true });
    expect(body.richMenuId).not.toBe(created.richMenuId);
    const state = await simMenus();
    expect(state.defaultRichMenuId).toBe(body.richMenuId);
    expect(state.aliases).toContainEqual({ richMenuAliasId: 'put-test', richMenuId: body.richMenuId });

    // A second PUT with a new image: the old menu is gone at LINE this time.
    const again = await t.api('PUT', `${base}/${created.id}`, {
      cookie: a.manager.cookie,
      body: {
        richMenu: menu({ size: { width: 1500, height: 500 }, areas: [] }),
        image: dataUrl(createPng(1500, 500)),
      },
    });
    expect(again.statusCode, again.body).toBe(200);
    const latest = again.json<{ richMenuId: string; size: { width: number } }>();
    const after = await simMenus();
    expect(after.defaultRichMenuId).toBe(latest.richMenuId);
    expect(after.aliases).toContainEqual({ richMenuAliasId: 'put-test', richMenuId: latest.richMenuId });
    expect(after.richMenus.some((m) => m.richMenuId === body.richMenuId)).toBe(false);
    expect(latest.size.width).toBe(1500);
    await line.deleteRichMenuAlias(lineChannel, 'put-test');
  });

  it('a LINE failure half-way leaves the old menu as it was (default, row) and no new menu at LINE', async () => {
    const created = await createOk();
    expect((await setDefault(created.id)).statusCode).toBe(200);
    const before = await simMenus();
    await sim.fault({ status: 500, pathPrefix: '/v2/bot/user/all/richmenu/', count: 1 }); // moving the default
    const replaced = await t.api('PUT', `${base}/${created.id}`, {
      cookie: a.manager.cookie,
      body: { richMenu: menu({ name: '失敗するメニュー' }) },
    });
    expect(replaced.statusCode).toBe(503);
    const after = await simMenus();
    expect(after.defaultRichMenuId).toBe(created.richMenuId);
    expect(after.richMenus.map((m) => m.richMenuId).sort()).toEqual(
      before.richMenus.map((m) => m.richMenuId).sort(),
    );
    const row = (await t.api('GET', `${base}/${created.id}`, { cookie: a.manager.cookie })).json();
    expect(row).toMatchObject({ richMenuId: created.richMenuId, name: '基本メニュー', isDefault: true });
  });

  it('checks the kept image against a new size', async () => {
    const created = await createOk();
    const response = await t.api('PUT', `${base}/${created.id}`, {
      cookie: a.manager.cookie,
      body: { richMenu: menu({ size: { width: 1500, height: 500 }, areas: [] }) },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(richMenuMessages.imageSize);
  });
});

describe('rich menus: GET /default', () => {
  it('sets the default at LINE and marks one menu; a same-origin request only', async () => {
    const first = await createOk();
    const second = await createOk({ name: '2つ目' });
    for (const headers of <Record<string, string>[]>[
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example' },
      { origin: '' },
    ]) {
      const refused = await setDefault(second.id, headers);
      expect(refused.statusCode, JSON.stringify(headers)).toBe(403);
      expect(refused.json().message).toBe(errorMessages.csrfRejected);
    }
    expect((await simMenus()).defaultRichMenuId).not.toBe(second.richMenuId);

    expect((await setDefault(first.id)).statusCode).toBe(200);
    const viaOrigin = await setDefault(second.id, { origin: t.appUrl });
    expect(viaOrigin.statusCode, viaOrigin.body).toBe(200);
    expect(viaOrigin.json()).toMatchObject({ id: second.id, isDefault: true });
    expect((await simMenus()).defaultRichMenuId).toBe(second.richMenuId);
    const list = (await t.api('GET', base, { cookie: a.staff.cookie })).json<{
      data: { id: number; isDefault: boolean }[];
    }>();
    expect(list.data.filter((m) => m.isDefault).map((m) => m.id)).toEqual([second.id]);
  });
});

describe('rich menus: access and tenancy', () => {
  it('STAFF reads but does not change; 401 without a session', async () => {
    const created = await createOk();
    expect((await t.api('GET', base, { cookie: a.staff.cookie })).statusCode).toBe(200);
    expect((await create({ richMenu: menu(), image: png1200 }, a.staff.cookie)).statusCode).toBe(403);
    expect((await t.api('DELETE', `${base}/${created.id}`, { cookie: a.staff.cookie })).statusCode).toBe(403);
    expect(
      (
        await t.api('GET', `${base}/default`, {
          cookie: a.staff.cookie,
          query: { richMenuId: String(created.id) },
        })
      ).statusCode,
    ).toBe(403);
    expect((await t.api('GET', base)).statusCode).toBe(401);
  });

  it("another client's account and menus answer 404 and stay unchanged", async () => {
    const created = await createOk();
    const cookie = other.owner.cookie;
    expect((await t.api('GET', base, { cookie })).statusCode).toBe(404);
    expect((await t.api('GET', `${base}/${created.id}`, { cookie })).statusCode).toBe(404);
    expect((await t.api('GET', `${base}/${created.id}/image`, { cookie })).statusCode).toBe(404);
    expect((await t.api('DELETE', `${base}/${created.id}`, { cookie })).statusCode).toBe(404);
    expect(
      (await t.api('POST', base, { cookie, body: { richMenu: menu(), image: png1200 } })).statusCode,
    ).toBe(404);

    // The other client's own account does not reach this client's menus either.
    const otherChannel = await sim.createChannel({ displayName: '別の店' });
    const otherAccount = await t.api('POST', `${C}/line-account`, {
      cookie,
      body: connectBody(otherChannel),
    });
    const otherBase = `${C}/line-account/${otherAccount.json<{ id: number }>().id}/rich-menu`;
    expect((await t.api('GET', `${otherBase}/${created.id}`, { cookie })).statusCode).toBe(404);
    expect((await t.api('DELETE', `${otherBase}/${created.id}`, { cookie })).statusCode).toBe(404);
    expect((await t.api('GET', `${base}/${created.id}`, { cookie: a.staff.cookie })).statusCode).toBe(200);
  });
});

describe('rich menus drawn from their labels (drawImage)', () => {
  const labelled = (labels: [string, string]) =>
    menu({
      areas: menu().areas.map((area, index) => ({
        ...area,
        action: { ...area.action, label: labels[index] },
      })),
    });
  const drawn = (labels: [string, string]) => ({
    size: menu().size,
    areas: labelled(labels).areas.map((area) => ({ bounds: area.bounds, label: area.action.label })),
  });
  const imageOf = async (url: string) => (await t.api('GET', url, { cookie: a.staff.cookie })).rawPayload;
  const preview = (body: unknown, cookie = a.manager.cookie) =>
    t.api('POST', `${base}/preview`, { cookie, body });
  const previewImage = async (body: unknown) => (await preview(body)).json<{ image: string }>().image;
  const asDataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

  it("draws the image from each area's label at LINE and here; the preview is that image", async () => {
    const response = await create({ richMenu: labelled(['ご予約', 'ショップサイト']), drawImage: true });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<{ id: number; richMenuId: string; imageUrl: string }>();
    const stored = await imageOf(created.imageUrl);
    expect(readImageSize(stored)).toEqual({ format: 'png', width: 1200, height: 405 });
    const atLine = (await simMenus()).richMenus.find((m) => m.richMenuId === created.richMenuId);
    expect(atLine).toMatchObject({ hasImage: true });
    const first = await preview(drawn(['ご予約', 'ショップサイト']));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<{ image: string }>().image).toBe(asDataUrl(stored));
    // another label, another image; PUT with drawImage draws it again, without it keeps the image
    const other = await previewImage(drawn(['ご予約', 'クーポン']));
    expect(other).not.toBe(asDataUrl(stored));
    const kept = await t.api('PUT', `${base}/${created.id}`, {
      cookie: a.manager.cookie,
      body: { richMenu: labelled(['ご予約', 'クーポン']) },
    });
    expect((await imageOf(kept.json<{ imageUrl: string }>().imageUrl)).equals(stored)).toBe(true);
    const redrawn = await t.api('PUT', `${base}/${created.id}`, {
      cookie: a.manager.cookie,
      body: { richMenu: labelled(['ご予約', 'クーポン']), drawImage: true },
    });
    expect(redrawn.statusCode, redrawn.body).toBe(200);
    const again = await imageOf(redrawn.json<{ imageUrl: string }>().imageUrl);
    expect(asDataUrl(again)).toBe(other);
  });

  it('an area may have an icon drawn above its label: kept with the menu, never sent to LINE', async () => {
    const withIcon = labelled(['ご予約', 'クーポン']);
    withIcon.areas[0] = { ...withIcon.areas[0]!, icon: 'calendar' };
    const response = await create({ richMenu: withIcon, drawImage: true });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<{
      id: number;
      richMenuId: string;
      imageUrl: string;
      areas: RichMenuObject['areas'];
    }>();
    expect(created.areas.map((area) => area.icon)).toEqual(['calendar', undefined]);
    const read = await t.api('GET', `${base}/${created.id}`, { cookie: a.staff.cookie });
    expect(read.json<{ areas: RichMenuObject['areas'] }>().areas[0]!.icon).toBe('calendar');
    const atLine = (await simMenus()).richMenus.find((m) => m.richMenuId === created.richMenuId);
    expect(JSON.stringify(atLine)).not.toContain('calendar');
    // the icon is drawn: the image differs from the same labels without it, and is the preview's
    const plain = drawn(['ご予約', 'クーポン']);
    const iconImage = await previewImage({
      ...plain,
      areas: plain.areas.map((area, i) => ({ ...area, icon: i === 0 ? 'calendar' : '' })),
    });
    expect(iconImage).toBe(asDataUrl(await imageOf(created.imageUrl)));
    expect(iconImage).not.toBe(await previewImage(plain));
    // an icon that is not in the list: 400 with the list, nothing made
    const wrong = labelled(['ご予約', 'クーポン']);
    wrong.areas[1] = { ...wrong.areas[1]!, icon: 'rocket' as never };
    const refusedIcon = await create({ richMenu: wrong, drawImage: true });
    expect(refusedIcon.statusCode).toBe(400);
    expect(refusedIcon.json().errors).toContainEqual({
      path: 'body.richMenu.areas.1.icon',
      message: richMenuMessages.icon,
    });
  });

  it('neither an image nor drawImage is a 400 on image; a staff member may not preview', async () => {
    const response = await create({ richMenu: menu() });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toContainEqual({
      path: 'body.image',
      message: richMenuMessages.imageRequired,
    });
    expect((await preview(drawn(['a', 'b']), a.staff.cookie)).statusCode).toBe(403);
    const outside = await preview({
      size: { width: 1200, height: 405 },
      areas: [{ bounds: { x: 1000, y: 0, width: 400, height: 405 } }],
    });
    expect(outside.statusCode).toBe(400);
  });
});
