import {
  deliveryImageLimits,
  deliveryImageMessages as texts,
  type DeliveryImageUpload,
} from '@app/contracts';
import type { messagingApi } from '@line/bot-sdk';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryImages, messageDeliveries as deliveries } from '../../db/schema/index.ts';
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
let channel: SimChannel;
let base: string;
let friendUserId: string;

type Failure = { code: string; message: string; errors?: { path: string; message: string }[] };

async function drain() {
  for (let i = 0; i < 20; i += 1) if ((await t.app.jobs.runDue(50)) === 0) return;
}

/** A picture drawn by sharp: a gradient-free coloured block with an EXIF comment to be dropped. */
const picture = (width: number, height: number, format: 'jpeg' | 'png' | 'webp') => {
  const image = sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } },
  }).withMetadata({ exif: { IFD0: { ImageDescription: 'secret place' } } });
  return image[format]().toBuffer();
};
const dataUrl = (data: Buffer, label = 'image/jpeg') => `data:${label};base64,${data.toString('base64')}`;

const upload = (kind: 'image' | 'imagemap', url: string, cookie = a.staff.cookie, at = base) =>
  t.api('POST', `${at}/delivery-images`, { cookie, body: { kind, dataUrl: url } });

async function uploaded(kind: 'image' | 'imagemap', data: Buffer, label?: string) {
  const response = await upload(kind, dataUrl(data, label));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<DeliveryImageUpload>();
}

const post = (messages: unknown[], at = base) =>
  t.api('POST', `${at}/deliveries`, {
    cookie: a.owner.cookie,
    body: { title: 'セール', messages, audience: { type: 'ALL' } },
  });

/** Refused with nothing stored (no delivery, no image row). */
async function refused(call: () => Promise<{ statusCode: number; body: string }>, status = 400) {
  const before = [
    (await t.db.select().from(deliveries)).length,
    (await t.db.select().from(deliveryImages)).length,
  ];
  const response = await call();
  expect(response.statusCode, response.body).toBe(status);
  expect([
    (await t.db.select().from(deliveries)).length,
    (await t.db.select().from(deliveryImages)).length,
  ]).toEqual(before);
  return JSON.parse(response.body) as Failure;
}

const imagemap = (key: string, height: number, overrides: Record<string, unknown> = {}) => ({
  type: 'imagemap',
  imageKey: key,
  height,
  altText: '春のセールのご案内',
  areas: [
    {
      bounds: { x: 0, y: 0, width: 520, height },
      action: { type: 'uri', label: '詳しく', uri: 'https://example.com/sale' },
    },
    { bounds: { x: 520, y: 0, width: 520, height }, action: { type: 'message', text: 'クーポンください' } },
  ],
  ...overrides,
});

beforeAll(async () => {
  sim = await startLineSim();
  t = await createLineTestApp(sim);
  a = await t.clientWithUsers();
  channel = await sim.createChannel({ displayName: '京都茶房' });
  const response = await t.api('POST', `${C}/line-account`, {
    cookie: a.owner.cookie,
    body: connectBody(channel),
  });
  expect(response.statusCode, response.body).toBe(201);
  base = `${C}/line-account/${response.json<{ id: number }>().id}`;
  const user = await sim.createUser('常連 山田');
  await sim.act(user.userId, `follow/${channel.channelId}`);
  await drain();
  friendUserId = user.userId;
}, 60_000);
afterAll(async () => {
  await t.close();
  await sim.close();
});

describe('image upload', () => {
  it('re-encodes an image message (metadata dropped) and serves the original and a 240 px preview publicly', async () => {
    const image = await uploaded('image', await picture(3000, 2000, 'jpeg'));
    expect(image).toMatchObject({
      kind: 'image',
      contentType: 'image/jpeg',
      width: 2048,
      height: 1365,
      url: `/line-media/${image.key}/preview`,
    });
    expect(image.key).toMatch(/^[a-f0-9]{32}$/);
    const original = await t.api('GET', `/line-media/${image.key}/original`);
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/jpeg');
    expect(original.headers['cache-control']).toContain('public');
    expect(original.headers['x-content-type-options']).toBe('nosniff');
    expect(original.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const meta = await sharp(original.rawPayload).metadata();
    expect([meta.width, meta.height, meta.exif]).toEqual([2048, 1365, undefined]);
    const preview = await t.api('GET', `/line-media/${image.key}/preview`);
    expect(preview.headers['content-type']).toBe('image/jpeg');
    expect(preview.rawPayload.length).toBeLessThanOrEqual(deliveryImageLimits.previewMaxBytes);
    const small = await sharp(preview.rawPayload).metadata();
    expect([small.width, small.height]).toEqual([240, 160]);
    // an image message has no imagemap widths; a made-up key is 404, a malformed one 400
    expect((await t.api('GET', `/line-media/${image.key}/1040`)).statusCode).toBe(404);
    expect((await t.api('GET', `/line-media/${'0'.repeat(32)}/original`)).statusCode).toBe(404);
    expect((await t.api('GET', `/line-media/..%2F..%2Fsecret/original`)).statusCode).toBe(400);
  });

  it('makes a rich message image at 1040 wide and answers baseUrl/1040, /700, /460, /300 and /240', async () => {
    const map = await uploaded('imagemap', await picture(2080, 1300, 'png'), 'image/png');
    expect(map).toMatchObject({ kind: 'imagemap', contentType: 'image/png', width: 1040, height: 650 });
    for (const width of deliveryImageLimits.imagemapWidths) {
      const response = await t.api('GET', `/line-media/${map.key}/${width}`);
      expect(response.statusCode, String(width)).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      const meta = await sharp(response.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([width, Math.round((650 * width) / 1040)]);
    }
    expect((await t.api('GET', `/line-media/${map.key}/original`)).statusCode).toBe(404);
  });

  it('refuses what is not a JPEG or PNG, a broken file, an oversize file and too tall a rich message', async () => {
    const cases: [() => Promise<{ statusCode: number; body: string }>, string][] = [
      [() => upload('image', dataUrl(Buffer.from('hello, not an image'), 'image/png')), texts.imageType],
      [async () => upload('image', dataUrl(await picture(100, 100, 'webp'))), texts.imageType],
      [() => upload('image', 'https://example.com/a.jpg'), texts.imageType],
      [
        () =>
          upload(
            'image',
            dataUrl(Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(500, 7)])),
          ),
        texts.imageUnreadable,
      ],
      [
        () =>
          upload(
            'image',
            dataUrl(
              Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(deliveryImageLimits.maxBytes)]),
            ),
          ),
        texts.imageTooLarge,
      ],
      [async () => upload('imagemap', dataUrl(await picture(200, 200, 'jpeg'))), texts.imagemapTooNarrow],
      [async () => upload('imagemap', dataUrl(await picture(500, 1100, 'jpeg'))), texts.imagemapTooTall],
    ];
    for (const [call, text] of cases) {
      const error = await refused(call);
      expect(error.message, text).toBe(text);
    }
    // past the body limit (15 MB) the request is cut off before it is read
    const huge = await refused(
      () => upload('image', `data:image/jpeg;base64,${'A'.repeat(16 * 1024 * 1024)}`),
      413,
    );
    expect(huge.code).toBeDefined();
  });

  it("refuses another client's account (404) and a caller without a session (401)", async () => {
    const other = await t.clientWithUsers();
    const pic = dataUrl(await picture(300, 300, 'jpeg'));
    await refused(() => upload('image', pic, other.owner.cookie), 404);
    await refused(
      () => t.api('POST', `${base}/delivery-images`, { body: { kind: 'image', dataUrl: pic } }),
      401,
    );
  });
});

describe('image and rich messages in a delivery', () => {
  it('are sent with our public URLs, the rich message tap areas as LINE imagemap actions with tracked links', async () => {
    const image = await uploaded('image', await picture(800, 600, 'jpeg'));
    const map = await uploaded('imagemap', await picture(1040, 1040, 'jpeg'));
    const created = await post([{ type: 'image', imageKey: image.key }, imagemap(map.key, 1040)]);
    expect(created.statusCode, created.body).toBe(201);
    const delivery = created.json<{ id: number }>();
    const sent = await t.api('POST', `${base}/deliveries/${delivery.id}/send`, {
      cookie: a.owner.cookie,
      body: {},
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await drain();
    const log = await sim.consoleCall<{ sent: { messages: messagingApi.Message[] }[] }>(
      'GET',
      `/_sim/channels/${channel.channelId}/sent`,
    );
    const [first, second] = log.sent.at(-1)!.messages as [
      messagingApi.ImageMessage,
      messagingApi.ImagemapMessage,
    ];
    expect(first).toEqual({
      type: 'image',
      originalContentUrl: `${t.appUrl}/line-media/${image.key}/original`,
      previewImageUrl: `${t.appUrl}/line-media/${image.key}/preview`,
    });
    expect(second).toMatchObject({
      type: 'imagemap',
      baseUrl: `${t.appUrl}/line-media/${map.key}`,
      altText: '春のセールのご案内',
      baseSize: { width: 1040, height: 1040 },
    });
    expect(second.actions).toEqual([
      {
        type: 'uri',
        label: '詳しく',
        linkUri: expect.stringMatching(/\/r\/[\w-]{16}$/),
        area: { x: 0, y: 0, width: 520, height: 1040 },
      },
      { type: 'message', text: 'クーポンください', area: { x: 520, y: 0, width: 520, height: 1040 } },
    ]);
    // the tap area's link is our tracked redirect (decision 0035) to the link of the form
    const link = (second.actions[0] as messagingApi.URIImagemapAction).linkUri;
    const redirect = await t.api('GET', new URL(link).pathname);
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe('https://example.com/sale');
    // LINE (and a phone) fetch baseUrl/<width> from the URL the message carries
    const fetched = await fetch(`${second.baseUrl}/700`);
    expect(fetched.status).toBe(200);
    expect((await sharp(Buffer.from(await fetched.arrayBuffer())).metadata()).width).toBe(700);
    const timeline = await sim.consoleCall<{ entries: { message?: { type: string } }[] }>(
      'GET',
      `/_sim/users/${friendUserId}/timeline/${channel.channelId}`,
    );
    const types = timeline.entries.map((e) => e.message?.type);
    expect(types).toContain('image');
    expect(types).toContain('imagemap');
  });

  it('refuses a rich message outside our limits and an image that is not an upload of the account', async () => {
    const map = await uploaded('imagemap', await picture(1040, 520, 'jpeg'));
    const image = await uploaded('image', await picture(300, 300, 'jpeg'));
    const area = (x: number, y: number, w: number, h: number) => ({
      bounds: { x, y, width: w, height: h },
      action: { type: 'message', text: 'a' },
    });
    const cases: [unknown, string, string][] = [
      [
        imagemap(map.key, 520, { areas: [area(600, 0, 520, 100)] }),
        texts.areaBounds,
        'body.messages.0.areas.0.bounds',
      ],
      [
        imagemap(map.key, 520, { areas: [area(0, 500, 100, 21)] }),
        texts.areaBounds,
        'body.messages.0.areas.0.bounds',
      ],
      [
        imagemap(map.key, 520, { areas: [area(-1, 0, 100, 100)] }),
        texts.areaBounds,
        'body.messages.0.areas.0.bounds.x',
      ],
      [imagemap(map.key, 520, { areas: [] }), texts.areasCount, 'body.messages.0.areas'],
      [
        imagemap(map.key, 520, { areas: Array.from({ length: 51 }, () => area(0, 0, 10, 10)) }),
        texts.areasCount,
        'body.messages.0.areas',
      ],
      [imagemap(map.key, 520, { altText: ' ' }), texts.altTextRequired, 'body.messages.0.altText'],
      [imagemap(map.key, 520, { altText: 'あ'.repeat(401) }), texts.altTextMax, 'body.messages.0.altText'],
      [
        imagemap(map.key, 520, {
          areas: [
            { bounds: { x: 0, y: 0, width: 10, height: 10 }, action: { type: 'uri', uri: 'javascript:x' } },
          ],
        }),
        texts.uri,
        'body.messages.0.areas.0.action.uri',
      ],
      [
        imagemap(map.key, 520, {
          areas: [{ bounds: { x: 0, y: 0, width: 10, height: 10 }, action: { type: 'message', text: ' ' } }],
        }),
        texts.actionTextRequired,
        'body.messages.0.areas.0.action.text',
      ],
      [{ type: 'image', imageKey: 'nope' }, texts.imageKey, 'body.messages.0.imageKey'],
    ];
    for (const [message, text, path] of cases) {
      const error = await refused(() => post([message]));
      expect(error.code, text).toBe('VALIDATION_ERROR');
      expect(error.errors, text).toContainEqual({ path, message: text });
    }
    // what only the server knows: the upload (this account's, of this kind) and its height
    const other = await t.clientWithUsers();
    const otherChannel = await sim.createChannel({ displayName: '別の店' });
    const connected = await t.api('POST', `${C}/line-account`, {
      cookie: other.owner.cookie,
      body: connectBody(otherChannel),
    });
    const otherUpload = await upload(
      'image',
      dataUrl(await picture(300, 300, 'jpeg')),
      other.owner.cookie,
      `${C}/line-account/${connected.json<{ id: number }>().id}`,
    );
    const foreignKey = otherUpload.json<DeliveryImageUpload>().key;
    const known: [unknown, string, string][] = [
      [{ type: 'image', imageKey: '0'.repeat(32) }, texts.imageUnknown, 'body.messages.0.imageKey'],
      [{ type: 'image', imageKey: foreignKey }, texts.imageUnknown, 'body.messages.0.imageKey'],
      [{ type: 'image', imageKey: map.key }, texts.imageUnknown, 'body.messages.0.imageKey'],
      [imagemap(image.key, 300), texts.imageUnknown, 'body.messages.0.imageKey'],
      [imagemap(map.key, 1040), texts.imagemapHeight, 'body.messages.0.height'],
    ];
    for (const [message, text, path] of known) {
      const error = await refused(() => post([message]));
      expect(error.code, text).toBe('VALIDATION_ERROR');
      expect(error.errors, text).toContainEqual({ path, message: text });
    }
  });
});
