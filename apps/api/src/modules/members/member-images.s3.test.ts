import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, memberImages } from '../../db/schema/index.ts';
import { S3Storage } from '../../platform/files/file-storage.ts';
import { fileStorageOf } from '../../platform/files/file-storage.ts';
import { createPng, dataUrl } from '../../testing/images.ts';
import { createLineTestApp, startLineSim, type LineSim, type LineTestApp } from '../../testing/line-sim.ts';
import { startS3Server, type S3Server } from '../../testing/s3.ts';
import { DELETE_IMAGE_FILE_QUEUE } from './member-images.ts';
import { queueImageSweep } from './members.jobs.ts';

/**
 * The member image journey with FILE_STORAGE=s3 against a real S3-compatible server (s3rver in this
 * process): upload from the mini-app, the object in the bucket, registration, reading back from the
 * bucket; and the sweep of unattached uploads when the bucket is unreachable for a while.
 */
const C = '/client/api/v1';
let sim: LineSim;
let s3: S3Server;
let t: LineTestApp;
let a: Awaited<ReturnType<LineTestApp['clientWithUsers']>>;
let accountId: number;
let storeId: number;
let liffId: string;
let photoId: number;
let channelId: string;

const A = () => `${C}/line-account/${accountId}/member-service`;
const L = () => `/member-liff/api/v1/store/${storeId}`;

beforeAll(async () => {
  sim = await startLineSim();
  s3 = await startS3Server({ prefix: 'oa/' });
  t = await createLineTestApp(sim, s3.env);
  a = await t.clientWithUsers();
  let channel;
  ({ channel, accountId, storeId, liffId } = await t.accountWithService(a, 'KS-001', 'バケット写真館'));
  channelId = channel.channelId;
  photoId = (
    await t.api('POST', `${A()}/attributes`, {
      cookie: a.owner.cookie,
      body: { label: '写真', type: 'IMAGE', isRequired: true },
    })
  ).json().id;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await sim?.close();
  await s3?.close();
});

async function lineUser(name: string) {
  const { headers } = await t.liffUser(name, { channelId, liffId });
  return {
    upload: (url: string) => t.api('POST', `${L()}/images`, { headers, body: { dataUrl: url } }),
    image: (key: string) => t.api('GET', `${L()}/images/${key}`, { headers }),
    register: (body: unknown) => t.api('POST', `${L()}/members/`, { headers, body }),
  };
}

describe('member images in an S3 bucket', () => {
  it('uploads into the bucket with its content type, registers, and serves it back from the bucket', async () => {
    expect(fileStorageOf(t.config)).toBeInstanceOf(S3Storage);
    const u = await lineUser('バケット 花子');
    const up = await u.upload(dataUrl(createPng(40, 30)));
    expect(up.statusCode, up.body).toBe(201);
    const key = up.json().key as string;
    const objectKey = `oa/member-images/${a.client.id}/${key}.png`;
    expect(await s3.keys()).toEqual([objectKey]);
    const object = await s3.object(objectKey);
    expect(object?.contentType).toBe('image/png');

    const registered = await u.register([{ attributeId: photoId, value: key }]);
    expect(registered.statusCode, registered.body).toBe(200);
    const memberId = registered.json().id as number;

    const own = await u.image(key);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.rawPayload.equals(object!.data)).toBe(true);
    const office = await t.api('GET', `${A()}/members/${memberId}/images/${key}`, { cookie: a.owner.cookie });
    expect(office.statusCode).toBe(200);
    expect(office.rawPayload.equals(object!.data)).toBe(true);

    // An image whose object is missing from the bucket answers 404, not 500.
    const lost = (await u.upload(dataUrl(createPng(5, 5)))).json().key as string;
    await new S3Storage(s3.settings).delete(`member-images/${a.client.id}/${lost}.png`);
    const missing = await u.image(lost);
    expect(missing.statusCode).toBe(404);
  });

  it('a sweep while the bucket is unreachable keeps each file as a retried job until it is deleted', async () => {
    const u = await lineUser('放置 次郎');
    const key = (await u.upload(dataUrl(createPng(9, 9)))).json().key as string;
    const objectKey = `oa/member-images/${a.client.id}/${key}.png`;
    expect(await s3.object(objectKey)).not.toBeNull();

    t.clock.advance(25 * 3600_000);
    await s3.stop();
    try {
      await queueImageSweep(t.db, t.clock.now(), { now: true });
      await t.app.jobs.runDue();
      await t.app.jobs.runDue();
    } finally {
      await s3.restart();
    }
    // The row is gone (nobody can register with it any more); its file is a pending job that failed once.
    expect(await t.db.$count(memberImages, eq(memberImages.key, key))).toBe(0);
    const fileJob = async () => {
      const [job] = await t.db
        .select()
        .from(jobs)
        .where(
          and(
            eq(jobs.queue, DELETE_IMAGE_FILE_QUEUE),
            eq(jobs.dedupeKey, `${DELETE_IMAGE_FILE_QUEUE}:${key}`),
          ),
        );
      return job!;
    };
    expect(await fileJob()).toMatchObject({
      status: 'PENDING',
      attempts: 1,
      payload: { storageKey: `member-images/${a.client.id}/${key}.png` },
    });
    expect((await fileJob()).lastError).toBeTruthy();
    expect(await s3.object(objectKey)).not.toBeNull();

    // A sweep run again does not lose it nor queue it twice; the retry deletes the object.
    await queueImageSweep(t.db, t.clock.now(), { now: true });
    await t.app.jobs.runDue();
    t.clock.advance(60_000);
    await t.app.jobs.runDue();
    expect(await fileJob()).toMatchObject({ status: 'DONE', attempts: 2 });
    expect(await s3.object(objectKey)).toBeNull();
    // The registered member's image of the first test is attached and stays.
    expect(await s3.keys()).toHaveLength(1);
  });
});
