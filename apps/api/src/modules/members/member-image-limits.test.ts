import { memberImageLimits, memberMessages } from '@app/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberImages } from '../../db/schema/index.ts';
import { createPng, dataUrl } from '../../testing/images.ts';
import {
  createLineTestApp,
  startLineSim,
  type LineSim,
  type LineTestApp,
  type SimChannel,
} from '../../testing/line-sim.ts';
import { imageDecoding } from './member-images.ts';

/**
 * Upload limits of the member mini-app (issue 24): per friend an hour and held, per store an hour, in
 * words; and a burst of huge images decoded a few at a time, so the process's memory stays bounded.
 */
let sim: LineSim;
let t: LineTestApp;
let channel: SimChannel;
let storeId: number;
let liffId: string;

beforeAll(async () => {
  sim = await startLineSim();
  t = await createLineTestApp(sim);
  const a = await t.clientWithUsers();
  ({ channel, storeId, liffId } = await t.accountWithService(a, 'KS-001', '写真館'));
}, 60_000);
afterAll(async () => {
  await t.close();
  await sim.close();
});

const small = dataUrl(createPng(8, 8));
async function lineUser(name: string) {
  const { headers } = await t.liffUser(name, { channelId: channel.channelId, liffId });
  return (url = small) =>
    t.api('POST', `/member-liff/api/v1/store/${storeId}/images`, { headers, body: { dataUrl: url } });
}
const friendOf = async (key: string) =>
  (await t.db.select().from(memberImages).where(eq(memberImages.key, key)))[0]!;

/** Rows as if uploaded earlier (the limits count rows; the files do not matter to them). */
async function pretendUploads(row: typeof memberImages.$inferSelect, count: number, createdAt: Date) {
  await t.db.insert(memberImages).values(
    Array.from({ length: count }, (_, i) => ({
      ...row,
      id: undefined,
      key: `${row.key.slice(0, 20)}${String(i).padStart(12, '0')}`,
      createdAt,
    })),
  );
}

describe('member image upload limits', () => {
  it('refuses a friend past the hourly uploads in words, and lets them again an hour later', async () => {
    const upload = await lineUser('連投 太郎');
    for (let i = 0; i < memberImageLimits.perFriendPerHour; i++)
      expect((await upload()).statusCode).toBe(201);
    const refused = await upload();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', message: memberMessages.imageRateLimited });
    t.clock.advance(61 * 60_000);
    expect((await upload()).statusCode).toBe(201);
  });

  it('refuses a friend who keeps the most images, whatever the hour', async () => {
    const upload = await lineUser('保管 花子');
    const first = await upload();
    const row = await friendOf(first.json().key);
    await pretendUploads(
      row,
      memberImageLimits.perFriendHeld - 1,
      new Date(t.clock.now().getTime() - 5 * 3600_000),
    );
    const refused = await upload();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(memberMessages.imageQuotaFull);
  });

  it("refuses every friend once the store's hourly uploads are reached", async () => {
    const busy = await lineUser('店 混雑');
    const row = await friendOf((await busy()).json().key);
    await pretendUploads(row, memberImageLimits.perStorePerHour, t.clock.now());
    const other = await lineUser('別の 友だち');
    const refused = await other();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(memberMessages.imageRateLimited);
    await t.db.delete(memberImages).where(eq(memberImages.friendId, row.friendId));
  });

  it('decodes a burst of 16 huge images two at a time: memory stays bounded, each answered', async () => {
    // 7000 x 7000 px (49 megapixels, 147 MB of pixels once decoded) in a PNG of a few hundred KB
    const huge = dataUrl(
      await sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#6a9955' } })
        .png()
        .toBuffer(),
    );
    const senders = await Promise.all(Array.from({ length: 16 }, (_, i) => lineUser(`大判 ${i}`)));
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    let mostRunning = 0;
    let mostWaiting = 0;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
      mostRunning = Math.max(mostRunning, imageDecoding.running);
      mostWaiting = Math.max(mostWaiting, imageDecoding.waiting);
    }, 10);
    const answers = await Promise.all(senders.map((send) => send(huge)));
    clearInterval(sampler);
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(201);
      expect(answer.json()).toMatchObject({ width: 2048, height: 2048 });
    }
    const growthMiB = (peak - before) / 1024 / 1024;
    console.log(
      `16 uploads of 7000x7000: rss ${Math.round(before / 1048576)} MiB, peak +${Math.round(growthMiB)} MiB; decoding at most ${mostRunning} at once, ${mostWaiting} waiting`,
    );
    expect(mostRunning).toBeLessThanOrEqual(2);
    expect(mostWaiting).toBeGreaterThan(0);
    // two decodes of 147 MB and their resized copies; 16 at once would be 2.3 GB
    expect(growthMiB).toBeLessThan(800);
  }, 120_000);

  it('refuses an image of more pixels than it decodes, in words', async () => {
    const upload = await lineUser('爆弾 次郎');
    const bomb = dataUrl(
      await sharp({ create: { width: 8000, height: 7000, channels: 3, background: '#000' } })
        .png()
        .toBuffer(),
    );
    const refused = await upload(bomb);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(memberMessages.imageUnreadable);
  });
});
