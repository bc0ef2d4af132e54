import { createHmac } from 'node:crypto';
import { memberMessages } from '@app/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { jobs, memberImages } from '../../db/schema/index.ts';
import { fileStorageOf } from '../../platform/files/file-storage.ts';
import { createPng, dataUrl } from '../../testing/images.ts';
import {
  createLineTestApp,
  startLineSim,
  type LineSim,
  type LineTestApp,
  type SimChannel,
} from '../../testing/line-sim.ts';
import { DELETE_IMAGE_FILE_QUEUE, SWEEP_IMAGES_QUEUE } from './member-images.ts';
import { queueImageSweep } from './members.jobs.ts';

/**
 * Member images through HTTP: a LINE user uploads from the mini-app (LIFF ID token of the simulator),
 * registers with the key, and only they and the store's back-office users can read it.
 */
const C = '/client/api/v1';
let sim: LineSim;
let t: LineTestApp;
let a: Awaited<ReturnType<LineTestApp['clientWithUsers']>>;
let b: Awaited<ReturnType<LineTestApp['clientWithUsers']>>;
let channel: SimChannel;
let accountId: number;
let storeId: number;
let liffId: string;
let photoId: number;

const A = () => `${C}/line-account/${accountId}/member-service`;
const L = () => `/member-liff/api/v1/store/${storeId}`;

beforeAll(async () => {
  sim = await startLineSim();
  t = await createLineTestApp(sim);
  a = await t.clientWithUsers();
  b = await t.clientWithUsers();
  ({ channel, accountId, storeId, liffId } = await t.accountWithService(a, 'KS-001', '写真館'));
  const photo = await t.api('POST', `${A()}/attributes`, {
    cookie: a.owner.cookie,
    body: { label: '写真', type: 'IMAGE', isRequired: true },
  });
  expect(photo.statusCode, photo.body).toBe(201);
  photoId = photo.json().id;
}, 60_000);
afterAll(async () => {
  await t.close();
  await sim.close();
});

async function lineUser(name: string) {
  const { headers } = await t.liffUser(name, { channelId: channel.channelId, liffId });
  return {
    upload: (url: string) => t.api('POST', `${L()}/images`, { headers, body: { dataUrl: url } }),
    image: (key: string) => t.api('GET', `${L()}/images/${key}`, { headers }),
    register: (body: unknown) => t.api('POST', `${L()}/members/`, { headers, body }),
  };
}

const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#c0603a' } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-gps-and-camera' } } })
    .toBuffer();

describe('member images', () => {
  it('uploads JPEG, PNG and WebP re-encoded (metadata dropped, large ones scaled down) and registers with it', async () => {
    const u = await lineUser('写真 花子');
    const original = await jpeg(3000, 1500);
    expect(original.includes(Buffer.from('secret-gps-and-camera'))).toBe(true);
    // The label is not trusted: JPEG bytes sent as "image/png" are a JPEG.
    const up = await u.upload(dataUrl(original, 'image/png'));
    expect(up.statusCode, up.body).toBe(201);
    expect(up.json()).toMatchObject({ contentType: 'image/jpeg', width: 2048, height: 1024 });
    const key = up.json().key as string;
    expect(key).toMatch(/^[a-f0-9]{32}$/);

    const served = await u.image(key);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.includes(Buffer.from('secret-gps-and-camera'))).toBe(false);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 2048 });

    const png = await u.upload(dataUrl(createPng(40, 30)));
    expect(png.json()).toMatchObject({ contentType: 'image/png', width: 40, height: 30 });
    const webp = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#fff' } })
      .webp()
      .toBuffer();
    expect((await u.upload(dataUrl(webp, 'image/webp'))).json()).toMatchObject({ contentType: 'image/webp' });

    const registered = await u.register([{ attributeId: photoId, value: key }]);
    expect(registered.statusCode, registered.body).toBe(200);
    expect(registered.json().attributes).toEqual([expect.objectContaining({ type: 'IMAGE', value: key })]);
    const memberId = registered.json().id as number;

    // The store's back office reads it through the member; staff too.
    for (const cookie of [a.owner.cookie, a.staff.cookie]) {
      const r = await t.api('GET', `${A()}/members/${memberId}/images/${key}`, { cookie });
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toBe('image/jpeg');
      expect(r.rawPayload.equals(served.rawPayload)).toBe(true);
    }
    const detail = await t.api('GET', `${A()}/members/${memberId}`, { cookie: a.owner.cookie });
    expect(detail.json().values).toEqual([expect.objectContaining({ value: key })]);
  });

  it('refuses a wrong type, a file too big, a non-image and a disguised file, keeping nothing', async () => {
    const u = await lineUser('拒否 太郎');
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///ywAAAAAAQABAAACAUwAOw==', 'base64');
    const big = await sharp({
      create: {
        width: 1330,
        height: 1330,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const truncated = createPng(64, 64).subarray(0, 40);
    const pngHeadedHtml = Buffer.concat([createPng(8, 8).subarray(0, 8), html]);
    const cases: [string, string][] = [
      [dataUrl(gif, 'image/gif'), memberMessages.imageType],
      [dataUrl(html, 'image/png'), memberMessages.imageType],
      [dataUrl(Buffer.from('%PDF-1.4 ...'), 'image/jpeg'), memberMessages.imageType],
      ['https://example.com/a.png', memberMessages.imageType],
      [dataUrl(big), memberMessages.imageTooLarge],
      [dataUrl(truncated), memberMessages.imageUnreadable],
      [dataUrl(pngHeadedHtml), memberMessages.imageUnreadable],
    ];
    for (const [url, message] of cases) {
      const r = await u.upload(url);
      expect(r.statusCode, message).toBe(400);
      expect(r.json().message).toBe(message);
    }
    const tooLong = await u.upload(`data:image/png;base64,${'A'.repeat(9 * 1024 * 1024)}`);
    expect(tooLong.statusCode).toBe(413);
    // Only the first test's three uploads are kept.
    expect(await t.db.$count(memberImages)).toBe(3);
  });

  it('serves an image only to its uploader and the store: not another member, client, a forged token', async () => {
    const owner = await lineUser('持ち主 一郎');
    const other = await lineUser('他人 次郎');
    const key = (await owner.upload(dataUrl(createPng(10, 10)))).json().key as string;
    const ownerMember = (await owner.register([{ attributeId: photoId, value: key }])).json().id as number;

    // Another member: cannot read it, nor register with it (not their upload), nor guess one.
    expect((await other.image(key)).statusCode).toBe(404);
    const stolen = await other.register([{ attributeId: photoId, value: key }]);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().errors).toEqual([
      { path: `attributes.${photoId}`, message: memberMessages.imageValue },
    ]);
    const otherKey = (await other.upload(dataUrl(createPng(5, 5)))).json().key as string;
    const otherMember = (await other.register([{ attributeId: photoId, value: otherKey }])).json()
      .id as number;
    // Back office: the image through the wrong member is not found.
    const crossed = await t.api('GET', `${A()}/members/${otherMember}/images/${key}`, {
      cookie: a.owner.cookie,
    });
    expect(crossed.statusCode).toBe(404);

    // Another client: 404 (not its account); without a session 401.
    const foreign = await t.api('GET', `${A()}/members/${ownerMember}/images/${key}`, {
      cookie: b.owner.cookie,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await t.api('GET', `${A()}/members/${ownerMember}/images/${key}`)).statusCode).toBe(401);

    // A forged ID token (signed with another secret), or none.
    const head = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
    const claims = Buffer.from(
      JSON.stringify({ iss: 'https://access.line.me', sub: 'Uforged', aud: channel.loginChannel.channelId }),
    ).toString('base64url');
    const forged = `${head}.${claims}.${createHmac('sha256', 'not-the-secret').update(`${head}.${claims}`).digest('base64url')}`;
    for (const headers of [{ authorization: `Bearer ${forged}` }, {}] as Record<string, string>[]) {
      const r = await t.api('GET', `${L()}/images/${key}`, { headers });
      expect(r.statusCode).toBe(401);
      const up = await t.api('POST', `${L()}/images`, {
        headers,
        body: { dataUrl: dataUrl(createPng(4, 4)) },
      });
      expect(up.statusCode).toBe(401);
    }
  });
});

describe('PRIVATE values from the back office', () => {
  it("replaces the store-only values all or nothing, leaves the member's own values, checks the tenant", async () => {
    const memo = (
      await t.api('POST', `${A()}/attributes`, {
        cookie: a.owner.cookie,
        body: { label: 'スタッフメモ', type: 'STRING', visibility: 'PRIVATE' },
      })
    ).json();
    const rank = (
      await t.api('POST', `${A()}/attributes`, {
        cookie: a.owner.cookie,
        body: {
          label: 'ランク',
          type: 'RADIO',
          visibility: 'PRIVATE',
          choices: [{ value: 'ゴールド' }, { value: 'シルバー' }],
        },
      })
    ).json();
    const u = await lineUser('非公開 三郎');
    const key = (await u.upload(dataUrl(createPng(6, 6)))).json().key as string;
    const memberId = (await u.register([{ attributeId: photoId, value: key }])).json().id as number;
    const path = `${A()}/members/${memberId}/values`;

    const saved = await t.api('PUT', path, {
      cookie: a.staff.cookie,
      body: [
        { attributeId: memo.id, value: 'ケーキ好き' },
        { attributeId: rank.id, attributeChoiceIds: [rank.choices[0].id] },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().values.map((v: { label: string; value: string }) => [v.label, v.value])).toEqual([
      ['写真', key],
      ['スタッフメモ', 'ケーキ好き'],
      ['ランク', 'ゴールド'],
    ]);

    // A PUBLIC attribute is the member's own; a wrong choice refuses all; nothing changes.
    for (const [body, message] of [
      [[{ attributeId: photoId, value: key }], memberMessages.entryUnknown],
      [
        [
          { attributeId: memo.id, value: '上書き' },
          { attributeId: rank.id, attributeChoiceIds: [rank.choices[0].id, rank.choices[1].id] },
        ],
        memberMessages.radioOne,
      ],
    ] as const) {
      const r = await t.api('PUT', path, { cookie: a.owner.cookie, body });
      expect(r.statusCode).toBe(400);
      expect(r.json().message).toBe(message);
    }
    const after = await t.api('GET', `${A()}/members/${memberId}`, { cookie: a.owner.cookie });
    expect(after.json().values.map((v: { value: string }) => v.value)).toEqual([
      key,
      'ケーキ好き',
      'ゴールド',
    ]);

    // Clearing: an empty list removes the PRIVATE values only.
    const cleared = await t.api('PUT', path, { cookie: a.owner.cookie, body: [] });
    expect(cleared.json().values.map((v: { value: string }) => v.value)).toEqual([key]);
    // Another client: not its account.
    expect((await t.api('PUT', path, { cookie: b.owner.cookie, body: [] })).statusCode).toBe(404);
  });
});

describe('uploads never attached to a registration', () => {
  it('are swept after 24 hours, row and file; attached ones stay; a second run changes nothing', async () => {
    const storage = fileStorageOf(t.config);
    const u = await lineUser('掃除 四郎');
    const upload = async () => (await u.upload(dataUrl(createPng(7, 7)))).json().key as string;
    const kept = await upload();
    const replaced = await upload();
    const abandoned = await upload();
    // Registered with one image, then with another: the first is no longer named by any value.
    expect((await u.register([{ attributeId: photoId, value: replaced }])).statusCode).toBe(200);
    const member = await u.register([{ attributeId: photoId, value: kept }]);
    expect(member.statusCode, member.body).toBe(200);
    const fileOf = (key: string) => `member-images/${a.client.id}/${key}.png`;
    const rows = async () =>
      (
        await t.db
          .select({ key: memberImages.key })
          .from(memberImages)
          .where(inArray(memberImages.key, [kept, replaced, abandoned]))
      )
        .map((r) => r.key)
        .sort();
    const sweep = async () => {
      await queueImageSweep(t.db, t.clock.now(), { now: true });
      await t.app.jobs.runDue(); // the sweep: rows removed, one file job each
      await t.app.jobs.runDue(); // the file jobs
    };

    t.clock.advance(23 * 3600_000);
    await sweep();
    expect(await rows()).toEqual([kept, replaced, abandoned].sort());
    expect(await storage.get(fileOf(abandoned))).not.toBeNull();

    t.clock.advance(3600_000 + 60_000);
    await sweep();
    expect(await rows()).toEqual([kept]);
    expect(await storage.get(fileOf(abandoned))).toBeNull();
    expect(await storage.get(fileOf(replaced))).toBeNull();
    expect(await storage.get(fileOf(kept))).not.toBeNull();
    const fileJobs = await t.db
      .select({ key: jobs.dedupeKey, status: jobs.status })
      .from(jobs)
      .where(eq(jobs.queue, DELETE_IMAGE_FILE_QUEUE));
    expect(fileJobs).toEqual(
      expect.arrayContaining([
        { key: `${DELETE_IMAGE_FILE_QUEUE}:${abandoned}`, status: 'DONE' },
        { key: `${DELETE_IMAGE_FILE_QUEUE}:${replaced}`, status: 'DONE' },
      ]),
    );
    expect(fileJobs.some((j) => j.key?.endsWith(kept))).toBe(false);

    // The member's image is still served; the swept one is gone for everyone and cannot be registered.
    const memberId = member.json().id as number;
    const cookie = await t.login(a.owner.user.email); // a day later: a new session
    const served = await t.api('GET', `${A()}/members/${memberId}/images/${kept}`, { cookie });
    expect(served.statusCode).toBe(200);
    expect((await u.image(abandoned)).statusCode).toBe(404);
    const late = await u.register([{ attributeId: photoId, value: abandoned }]);
    expect(late.statusCode).toBe(400);
    expect(late.json().errors).toEqual([
      { path: `attributes.${photoId}`, message: memberMessages.imageValue },
    ]);

    // The next hour's sweep is queued by the run itself; it finds nothing more of this member's.
    const pending = await t.db
      .select({ runAt: jobs.runAt })
      .from(jobs)
      .where(and(eq(jobs.queue, SWEEP_IMAGES_QUEUE), eq(jobs.status, 'PENDING')));
    expect(pending.map((p) => p.runAt.getTime())).toEqual([
      Math.floor(t.clock.now().getTime() / 3600_000 + 1) * 3600_000,
    ]);
    t.clock.set(pending[0]!.runAt);
    await t.app.jobs.runDue();
    await t.app.jobs.runDue();
    expect(await rows()).toEqual([kept]);
    expect(await storage.get(fileOf(kept))).not.toBeNull();
  });
});
