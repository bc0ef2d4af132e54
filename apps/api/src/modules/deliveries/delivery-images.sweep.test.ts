import { deliveryImageMessages, type DeliveryImageUpload } from '@app/contracts';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageUses } from '../../composition.ts';
import { inTransaction } from '../../db/client.ts';
import { deliveryImages, friends, messageDeliveries, messageTemplates } from '../../db/schema/index.ts';
import { fileStorageOf } from '../../platform/files/file-storage.ts';
import {
  connectBody,
  createLineTestApp,
  startLineSim,
  type LineSim,
  type LineTestApp,
} from '../../testing/line-sim.ts';
import { checkMessageUploads } from './delivery-images.ts';
import {
  queueDeliveryImageSweep,
  sweepUnusedDeliveryImages,
  UNUSED_IMAGE_KEPT_MS,
  type ImageUses,
} from './delivery-images.sweep.ts';
import { insertTemplate } from './templates.service.ts';

const C = '/client/api/v1';
let sim: LineSim;
let t: LineTestApp;
let a: Awaited<ReturnType<LineTestApp['clientWithUsers']>>;
let base: string;
let lineAccountId: number;
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
  lineAccountId = response.json<{ id: number }>().id;
  base = `${C}/line-account/${lineAccountId}`;
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

/** A promise and the function that settles it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/** How many other sessions of this database wait for a row lock. */
async function lockWaiters(): Promise<number> {
  const result = await t.db.execute(sql`
    select count(*)::int as n from pg_stat_activity
    where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`);
  return (result as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}

/** An upload made now and then left a day and a minute (the sweep's age), the owner signed in again. */
async function dayOldUpload() {
  const u = await upload();
  t.clock.advance(UNUSED_IMAGE_KEPT_MS + 60_000);
  a.owner.cookie = await t.login(a.owner.user.email);
  return u;
}

// Two connections at once: PostgreSQL only (PGlite has one).
describe.runIf(process.env.TEST_DATABASE_URL)(
  'the sweep and a save at the same instant (decision 0056)',
  () => {
    it('a save naming a day-old unnamed upload the sweep has locked waits for it, then finds it gone: 400, nothing saved', async () => {
      const u = await dayOldUpload();
      // The sweep stops half-way: its batch (the upload among it) locked, asking whether it is used.
      const asked = gate();
      const answer = gate();
      const pausing: ImageUses = {
        async usedImageKeys() {
          asked.open();
          await answer.opened;
          return new Set();
        },
      };
      const sweeping = sweepUnusedDeliveryImages(t.db, t.clock.now(), [...imageUses, pausing]);
      await asked.opened;
      let saved = false;
      const saving = t
        .api('POST', `${base}/deliveries`, {
          cookie: a.owner.cookie,
          body: { title: '競合の下書き', messages: [image(u)], audience: { type: 'ALL' } },
        })
        .finally(() => (saved = true));
      // The save reaches the upload's row and waits on the sweep's lock (without the lock it would have
      // checked the row, still there, and saved a draft naming an upload about to go).
      for (let i = 0; i < 500 && !saved && (await lockWaiters()) === 0; i += 1)
        await new Promise((resolve) => setTimeout(resolve, 10));
      expect(saved).toBe(false);
      answer.open();
      const [response] = await Promise.all([saving, sweeping]);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<{ errors: unknown[] }>().errors).toContainEqual({
        path: 'body.messages.0.imageKey',
        message: deliveryImageMessages.imageUnknown,
      });
      const drafts = await t.db
        .select()
        .from(messageDeliveries)
        .where(eq(messageDeliveries.title, '競合の下書き'));
      expect(drafts).toEqual([]);
      await drain();
      expect(await filesKept(u)).toBe(false);
    });

    it('an upload a saving transaction has checked is passed over by the sweep, and named once it commits', async () => {
      const u = await dayOldUpload();
      const checked = gate();
      const commit = gate();
      const saving = inTransaction(t.db, async (tx) => {
        await checkMessageUploads(tx, lineAccountId, [{ type: 'image', imageKey: u.key }]);
        checked.open();
        await commit.opened;
        return insertTemplate(tx, {
          clientId: a.client.id,
          lineAccountId,
          name: '競合のテンプレート',
          messages: [{ type: 'image', imageKey: u.key }],
        });
      });
      await checked.opened;
      // the sweep meanwhile: the upload is locked by the save, so it is left for the next hour
      expect(await sweepUnusedDeliveryImages(t.db, t.clock.now(), imageUses)).toBe(0);
      commit.open();
      await saving;
      // an hour later it is named by the template
      t.clock.advance(3600_000);
      expect(await sweepUnusedDeliveryImages(t.db, t.clock.now(), imageUses)).toBe(0);
      const [template] = await t.db
        .select()
        .from(messageTemplates)
        .where(eq(messageTemplates.name, '競合のテンプレート'));
      expect(template!.messages).toEqual([{ type: 'image', imageKey: u.key }]);
      expect(await filesKept(u)).toBe(true);
    });
  },
);
