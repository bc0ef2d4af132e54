import type { messagingApi } from '@line/bot-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRequestSchema, expectSchema } from '../testing/openapi.assertions.ts';
import { createJpegHeader, createPng } from '../testing/png.fixture.ts';
import { sdkFailure } from '../testing/sdk-error.helper.ts';
import { type ChannelInfo, type SimHarness, startSimulator } from '../testing/sim-test.harness.ts';
import { readImageInfo } from './image-size.parser.ts';

let sim: SimHarness;
let channel: ChannelInfo;
let client: messagingApi.MessagingApiClient;
let blob: messagingApi.MessagingApiBlobClient;
let userId: string;

const menuRequest = (): messagingApi.RichMenuRequest => ({
  size: { width: 2500, height: 843 },
  selected: true,
  name: '基本メニュー',
  chatBarText: 'メニュー',
  areas: [
    { bounds: { x: 0, y: 0, width: 1250, height: 843 }, action: { type: 'postback', data: 'a=reserve' } },
    {
      bounds: { x: 1250, y: 0, width: 1250, height: 843 },
      action: { type: 'uri', uri: 'https://example.com' },
    },
  ],
});

const png = (width: number, height: number) => new Blob([createPng(width, height)], { type: 'image/png' });

const createWithImage = async () => {
  const { richMenuId } = await client.createRichMenu(menuRequest());
  await blob.setRichMenuImage(richMenuId, png(2500, 843));
  return richMenuId;
};

beforeAll(async () => {
  sim = await startSimulator();
  channel = await sim.createChannel();
  ({ client, blob } = await sim.messagingClients(channel));
  userId = (await sim.createUser()).userId;
});
afterAll(() => sim.close());

describe('rich menus', () => {
  it('creates, gets, lists, validates and deletes, matching the schemas', async () => {
    await client.validateRichMenuObject(menuRequest());
    const created = await client.createRichMenu(menuRequest());
    expectSchema('messaging-api', 'RichMenuIdResponse', created);
    expectRequestSchema(
      'messaging-api',
      '/v2/bot/richmenu',
      'post',
      'application/json',
      sim.captured.findLast((r) => r.url === '/v2/bot/richmenu')?.body,
    );
    const menu = await client.getRichMenu(created.richMenuId);
    expectSchema('messaging-api', 'RichMenuResponse', menu);
    expect(menu).toMatchObject({ ...menuRequest(), richMenuId: created.richMenuId });
    const list = await client.getRichMenuList();
    expectSchema('messaging-api', 'RichMenuListResponse', list);
    expect(list.richmenus.map((m) => m.richMenuId)).toContain(created.richMenuId);
    await client.deleteRichMenu(created.richMenuId);
    expect((await sdkFailure(client.getRichMenu(created.richMenuId))).status).toBe(404);
  });

  it('refuses an object that breaks LINE rules', async () => {
    const tooNarrow = { ...menuRequest(), size: { width: 1000, height: 843 } };
    const failure = await sdkFailure(client.validateRichMenuObject(tooNarrow));
    expect(failure.status).toBe(400);
    expectSchema('messaging-api', 'ErrorResponse', failure.body);
    const longBar = { ...menuRequest(), chatBarText: 'あ'.repeat(15) };
    expect((await sdkFailure(client.createRichMenu(longBar))).body).toMatchObject({
      details: [{ property: 'chatBarText' }],
    });
    const badAction = {
      ...menuRequest(),
      areas: [{ bounds: { x: 0, y: 0, width: 10, height: 10 }, action: { type: 'teleport' } }],
    } as unknown as messagingApi.RichMenuRequest;
    expect((await sdkFailure(client.createRichMenu(badAction))).status).toBe(400);
  });

  it('refuses actions without their target and uri actions of other schemes', async () => {
    const withAction = (action: Record<string, unknown>) =>
      ({
        ...menuRequest(),
        areas: [{ bounds: { x: 0, y: 0, width: 100, height: 100 }, action }],
      }) as unknown as messagingApi.RichMenuRequest;
    for (const action of [
      { type: 'message' },
      { type: 'uri', uri: 'javascript:alert(1)' },
      { type: 'uri', uri: 'ftp://example.com/file' },
      { type: 'richmenuswitch', data: 'x' },
    ]) {
      const failure = await sdkFailure(client.createRichMenu(withAction(action)));
      expect(failure.status, JSON.stringify(action)).toBe(400);
    }
    for (const uri of ['https://example.com/a', 'tel:0312345678', 'line://ti/p/@demo']) {
      await client.validateRichMenuObject(withAction({ type: 'uri', uri }));
    }
    await client.validateRichMenuObject(withAction({ type: 'message', text: '予約' }));
  });

  it('uploads and downloads the image on the api-data paths', async () => {
    const { richMenuId } = await client.createRichMenu(menuRequest());
    const image = createPng(2500, 843);
    await blob.setRichMenuImage(richMenuId, new Blob([image], { type: 'image/png' }));
    const stream = await blob.getRichMenuImage(richMenuId);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(image)).toBe(true);
    const again = await sdkFailure(blob.setRichMenuImage(richMenuId, png(2500, 843)));
    expect(again.status).toBe(400);
  });

  it("enforces LINE's image rules", async () => {
    const upload = async (body: Blob) => {
      const { richMenuId } = await client.createRichMenu(menuRequest());
      return sdkFailure(blob.setRichMenuImage(richMenuId, body));
    };
    expect((await upload(png(799, 250))).status).toBe(400);
    expect((await upload(png(2501, 1000))).status).toBe(400);
    expect((await upload(png(1000, 249))).status).toBe(400);
    expect((await upload(png(1000, 700))).status).toBe(400); // ratio 1.43 < 1.45
    expect((await upload(new Blob([createPng(10, 10)], { type: 'image/gif' }))).status).toBe(415);
    expect((await upload(new Blob([createPng(800, 400)], { type: 'image/jpeg' }))).status).toBe(400);
    const huge = Buffer.concat([createPng(800, 400), Buffer.alloc(1024 * 1024)]);
    expect((await upload(new Blob([huge], { type: 'image/png' }))).status).toBe(413);
    const { richMenuId } = await client.createRichMenu(menuRequest());
    await blob.setRichMenuImage(richMenuId, new Blob([createJpegHeader(1200, 405)], { type: 'image/jpeg' }));
  });

  it('reads PNG and JPEG sizes', () => {
    expect(readImageInfo(createPng(801, 300))).toEqual({ format: 'png', width: 801, height: 300 });
    expect(readImageInfo(createJpegHeader(1200, 405))).toEqual({ format: 'jpeg', width: 1200, height: 405 });
    expect(readImageInfo(Buffer.from('GIF89a'))).toBeNull();
  });
});

describe('default and per-user rich menus', () => {
  it('sets, gets and cancels the default', async () => {
    const { richMenuId: noImage } = await client.createRichMenu(menuRequest());
    expect((await sdkFailure(client.setDefaultRichMenu(noImage))).status).toBe(400);
    const richMenuId = await createWithImage();
    await client.setDefaultRichMenu(richMenuId);
    const current = await client.getDefaultRichMenuId();
    expectSchema('messaging-api', 'RichMenuIdResponse', current);
    expect(current.richMenuId).toBe(richMenuId);
    await client.cancelDefaultRichMenu();
    expect((await sdkFailure(client.getDefaultRichMenuId())).status).toBe(404);
  });

  it('links, gets and unlinks a user menu; the console shows what the user sees', async () => {
    const defaultId = await createWithImage();
    await client.setDefaultRichMenu(defaultId);
    const userMenu = await createWithImage();
    await client.linkRichMenuIdToUser(userId, userMenu);
    expect((await client.getRichMenuIdOfUser(userId)).richMenuId).toBe(userMenu);
    const seen = await sim.consoleCall<{ source: string; richMenu: { richMenuId: string } }>(
      'GET',
      `/_sim/users/${userId}/richmenu/${channel.channelId}`,
    );
    expect(seen).toMatchObject({ source: 'user', richMenu: { richMenuId: userMenu } });
    await client.unlinkRichMenuIdFromUser(userId);
    expect((await sdkFailure(client.getRichMenuIdOfUser(userId))).status).toBe(404);
    const fallback = await sim.consoleCall<{ source: string }>(
      'GET',
      `/_sim/users/${userId}/richmenu/${channel.channelId}`,
    );
    expect(fallback.source).toBe('default');
  });
});

describe('rich menu aliases', () => {
  it('creates, gets, lists, updates and deletes', async () => {
    const first = await createWithImage();
    const second = await createWithImage();
    await client.createRichMenuAlias({ richMenuAliasId: 'tab-a', richMenuId: first });
    expectRequestSchema(
      'messaging-api',
      '/v2/bot/richmenu/alias',
      'post',
      'application/json',
      sim.captured.findLast((r) => r.url === '/v2/bot/richmenu/alias')?.body,
    );
    const alias = await client.getRichMenuAlias('tab-a');
    expectSchema('messaging-api', 'RichMenuAliasResponse', alias);
    expect(alias.richMenuId).toBe(first);
    expect(
      (await sdkFailure(client.createRichMenuAlias({ richMenuAliasId: 'tab-a', richMenuId: first }))).status,
    ).toBe(400);
    await client.updateRichMenuAlias('tab-a', { richMenuId: second });
    const list = await client.getRichMenuAliasList();
    expectSchema('messaging-api', 'RichMenuAliasListResponse', list);
    expect(list.aliases).toEqual([{ richMenuAliasId: 'tab-a', richMenuId: second }]);
    await client.deleteRichMenuAlias('tab-a');
    expect((await sdkFailure(client.getRichMenuAlias('tab-a'))).status).toBe(404);
    const badId = await sdkFailure(
      client.createRichMenuAlias({ richMenuAliasId: 'Bad Id!', richMenuId: first }),
    );
    expect(badId.status).toBe(400);
  });
});
