import type { DeliveryImageUpload } from '@app/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryImages, friends } from '../../db/schema/index.ts';
import { fileStorageOf } from '../../platform/files/file-storage.ts';
import {
  connectBody,
  createLineTestApp,
  startLineSim,
  type LineSim,
  type LineTestApp,
} from '../../testing/line-sim.ts';
import { queueDeliveryImageSweep, UNUSED_IMAGE_KEPT_MS } from './delivery-images.sweep.ts';

const C = '/client/api/v1';
let sim: LineSim;
let t: LineTestApp;
let a: Awaited<ReturnType<LineTestApp['clientWithUsers']>>;
let base: string;
let channel: Awaited<ReturnType<LineSim['createChannel']>>;

async function drain() {
  for (let i = 0; i < 20; i += 1) if ((await t.app.jobs.runDue(50)) === 0) return;
}

let colour = 0;
const clientIds = new Map<string, number>();
/** A different picture each time (an upload's bytes do not matter here, only that it is one). */
async function upload(kind: 'image' | 'imagemap' = 'image') {
  colour += 20;
  const data = await sharp({
    create: {
      width: kind === 'image' ? 400 : 1040,
      height: kind === 'image' ? 300 : 520,
      channels: 3,
      background: { r: colour % 255, g: 80, b: 40 },
    },
  })
    .jpeg()
    .toBuffer();
  const response = await t.api('POST', `${base}/delivery-images`, {
    cookie: a.owner.cookie,
    body: { kind, dataUrl: `data:image/jpeg;base64,${data.toString('base64')}` },
  });
  expect(response.statusCode, response.body).toBe(201);
  const made = response.json<DeliveryImageUpload>();
  const [row] = await t.db.select().from(deliveryImages).where(eq(deliveryImages.key, made.key));
  clientIds.set(made.key, row!.clientId);
  return made;
}

const image = (u: DeliveryImageUpload) => ({ type: 'image', imageKey: u.key });
const imagemap = (u: DeliveryImageUpload) => ({
  type: 'imagemap',
  imageKey: u.key,
  height: u.height,
  altText: '春のセール',
  areas: [
    {
      bounds: { x: 0, y: 0, width: 1040, height: u.height },
      action: { type: 'message', text: 'セール' },
    },
  ],
});

async function ok(method: 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) {
  const response = await t.api(method, url, { cookie: a.owner.cookie, body });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response;
}

/** The upload's files are all still in the storage (true), all gone (false); never half. */
async function filesKept(u: DeliveryImageUpload) {
  const storage = fileStorageOf(t.config);
  const [row] = await t.db.select().from(deliveryImages).where(eq(deliveryImages.key, u.key));
  const variants = u.kind === 'image' ? ['original', 'preview'] : ['1040', '700', '460', '300', '240'];
  const served = await Promise.all(
    variants.map(async (v) => (await t.api('GET', `/line-media/${u.key}/${v}`)).statusCode),
  );
  const ext = (v: string) => (v === 'preview' ? 'jpeg' : u.contentType === 'image/png' ? 'png' : 'jpeg');
  const clientId = clientIds.get(u.key);
  const stored = await Promise.all(
    variants.map(
      async (v) => (await storage.get(`delivery-images/${clientId}/${u.key}/${v}.${ext(v)}`)) !== null,
    ),
  );
  const kept = row !== undefined && served.every((s) => s === 200) && stored.every(Boolean);
  const gone = row === undefined && served.every((s) => s === 404) && stored.every((s) => !s);
  expect(
    kept || gone,
    `${u.key}: row ${String(!!row)}, served ${served.join()}, stored ${stored.join()}`,
  ).toBe(true);
  return kept;
}

beforeAll(async () => {
  sim = await startLineSim();
  t = await createLineTestApp(sim);
  t.clock.set(new Date('2026-11-20T03:00:00Z'));
  a = await t.clientWithUsers();
  channel = await sim.createChannel({ displayName: '京都茶房' });
  const response = await t.api('POST', `${C}/line-account`, {
    cookie: a.owner.cookie,
    body: connectBody(channel),
  });
  expect(response.statusCode, response.body).toBe(201);
  base = `${C}/line-account/${response.json<{ id: number }>().id}`;
}, 60_000);
afterAll(async () => {
  await t.close();
  await sim.close();
});

describe('the sweep of unused uploads', () => {
  it('drops an upload nothing names after a day with its files; what a delivery, template, greeting, keyword reply, scenario step or chat image names stays, and a fresh one', async () => {
    const inDelivery = await upload('imagemap');
    const inTemplate = await upload();
    const inGreeting = await upload();
    const inKeywordReply = await upload();
    const inStep = await upload('imagemap');
    const inChat = await upload();
    const neverUsed = await upload();
    const ofDeletedDraft = await upload();
    const replaced = await upload();
    const replacement = await upload();

    await ok('POST', `${base}/deliveries`, {
      title: 'セール',
      messages: [imagemap(inDelivery)],
      audience: { type: 'ALL' },
    });
    const draft = await ok('POST', `${base}/deliveries`, {
      title: '下書き',
      messages: [image(ofDeletedDraft)],
      audience: { type: 'ALL' },
    });
    await ok('DELETE', `${base}/deliveries/${draft.json<{ id: number }>().id}`);
    const template = await ok('POST', `${base}/message-templates`, {
      name: 'ご案内',
      messages: [image(replaced)],
    });
    await ok('PUT', `${base}/message-templates/${template.json<{ id: number }>().id}`, {
      name: 'ご案内',
      messages: [image(replacement), image(inTemplate)],
    });
    await ok('PUT', `${base}/greeting`, {
      newFriendMessages: [{ type: 'text', text: 'ようこそ' }],
      unblockMessages: [image(inGreeting)],
    });
    await ok('POST', `${base}/keyword-replies`, {
      name: '地図',
      keywords: [{ text: '地図', match: 'CONTAINS' }],
      messages: [image(inKeywordReply)],
      actions: [],
    });
    await ok('POST', `${base}/scenarios`, {
      name: 'ウェルカム',
      enabled: true,
      trigger: 'FOLLOW',
      steps: [{ delay: { amount: 0, unit: 'MINUTES' }, messages: [imagemap(inStep)] }],
    });

    // An image the owner sent a friend from the chat (LINE fetches it again when the chat is opened).
    const user = await sim.createUser('画像 花子');
    await sim.act(user.userId, `follow/${channel.channelId}`);
    await drain();
    const [friend] = await t.db.select().from(friends).where(eq(friends.lineUserId, user.userId));
    await ok('POST', `${base}/friends/${friend!.id}/messages`, { imageKey: inChat.key });
    await drain();

    // Within the day nothing goes, even what nothing names.
    t.clock.advance(UNUSED_IMAGE_KEPT_MS - 60_000);
    await queueDeliveryImageSweep(t.db, t.clock.now(), { now: true });
    await drain();
    for (const u of [neverUsed, ofDeletedDraft, replaced]) expect(await filesKept(u)).toBe(true);

    // A day later: the unnamed go; what is named, and an upload of the last hour, stay.
    t.clock.advance(2 * 60_000);
    a.owner.cookie = await t.login(a.owner.user.email); // the day's session has ended
    const fresh = await upload();
    await queueDeliveryImageSweep(t.db, t.clock.now(), { now: true });
    await drain();
    const kept = async (uploads: DeliveryImageUpload[]) => Promise.all(uploads.map((u) => filesKept(u)));
    expect(
      await kept([inDelivery, inTemplate, replacement, inGreeting, inKeywordReply, inStep, inChat, fresh]),
    ).toEqual([true, true, true, true, true, true, true, true]);
    expect(await kept([neverUsed, ofDeletedDraft, replaced])).toEqual([false, false, false]);

    expect((await t.db.select().from(deliveryImages)).map((r) => r.key).sort()).toEqual(
      [inDelivery, inTemplate, replacement, inGreeting, inKeywordReply, inStep, inChat, fresh]
        .map((u) => u.key)
        .sort(),
    );
  });
});
