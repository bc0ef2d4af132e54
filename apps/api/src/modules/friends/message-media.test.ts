import { friendMessages, type Message } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { friends, jobs, messages } from '../../db/schema/index.ts';
import {
  connectBody,
  createLineTestApp,
  signLineBody,
  startLineSim,
  type LineSim,
  type LineTestApp,
  type SimChannel,
} from '../../testing/line-sim.ts';
import { FETCH_CONTENT_MAX_ATTEMPTS, FETCH_CONTENT_QUEUE } from './message-media.ts';

const C = '/client/api/v1';
let sim: LineSim;
let t: LineTestApp;
let a: Awaited<ReturnType<LineTestApp['clientWithUsers']>>;
let b: Awaited<ReturnType<LineTestApp['clientWithUsers']>>;
let channel: SimChannel;
let accountId: number;
let otherAccountId: number;
let user: { userId: string };
let friendId: number;

type SimEvent = Record<string, unknown> & { timestamp: number; message: { id: string } };

beforeAll(async () => {
  sim = await startLineSim();
  t = await createLineTestApp(sim);
  a = await t.clientWithUsers();
  b = await t.clientWithUsers();
  channel = await sim.createChannel({ displayName: '写真の店' });
  accountId = (
    await t.api('POST', `${C}/line-account`, { cookie: a.owner.cookie, body: connectBody(channel) })
  ).json().id;
  const other = await sim.createChannel({ displayName: '別の店' });
  otherAccountId = (
    await t.api('POST', `${C}/line-account`, { cookie: b.owner.cookie, body: connectBody(other) })
  ).json().id;
  user = await sim.createUser('写真 花子');
  await sim.act(user.userId, `follow/${channel.channelId}`);
  await t.app.jobs.runDue();
  friendId = (await t.db.select().from(friends).where(eq(friends.lineUserId, user.userId)))[0]!.id;
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

/** The user sends a file from the simulator's user page; LINE's webhook reaches the API (jobs not run). */
async function sendFromPhone(contentType: string, data: Buffer, fileName: string): Promise<SimEvent> {
  const query = new URLSearchParams({ channelId: channel.channelId, fileName });
  const response = await fetch(`${sim.baseUrl}/_sim/users/${user.userId}/media?${query.toString()}`, {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: new Uint8Array(data),
  });
  expect(response.status).toBe(200);
  const result = (await response.json()) as { events: SimEvent[]; delivery: { status: string } };
  expect(result.delivery.status).toBe('delivered');
  return result.events[0]!;
}

/** LINE's webhook call with these events, signed (a redelivery, an external provider). */
async function deliver(events: Record<string, unknown>[]) {
  const body = JSON.stringify({ destination: channel.channelId, events });
  const response = await t.app.inject({
    method: 'POST',
    url: `/line/webhook/${accountId}`,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'x-line-signature': signLineBody(channel.channelSecret, body),
    },
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function viewOf(lineMessageId: string): Promise<Message> {
  const page = await t.api('GET', `${C}/line-account/${accountId}/friends/${friendId}/messages`, {
    cookie: a.staff.cookie,
    query: { limit: '50' },
  });
  expect(page.statusCode, page.body).toBe(200);
  const [row] = await t.db.select().from(messages).where(eq(messages.lineMessageId, lineMessageId));
  const view = page.json<{ data: Message[] }>().data.find((m) => m.id === row!.id);
  expect(view).toBeDefined();
  return view!;
}

const fetchJobsOf = async (lineMessageId: string) => {
  const [row] = await t.db.select().from(messages).where(eq(messages.lineMessageId, lineMessageId));
  return t.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.queue, FETCH_CONTENT_QUEUE), eq(jobs.dedupeKey, `${FETCH_CONTENT_QUEUE}:${row!.id}`)));
};

/** Every due job, and the jobs those queue (a webhook event's job queues the content fetch). */
async function runJobs() {
  for (let i = 0; i < 5; i += 1) if ((await t.app.jobs.runDue()) === 0) return;
}

const png = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .png()
    .toBuffer();

describe('media a friend sends (LINE content endpoint)', () => {
  it('fetches a photo once into the file storage, even when LINE fails once and redelivers the event', async () => {
    const photo = await png();
    await sim.fault({ status: 500, count: 1, pathPrefix: '/v2/bot/message/' });
    const event = await sendFromPhone('image/png', photo, 'IMG_0001.png');
    await runJobs();
    // LINE answered 500: the message waits, the job is to be retried
    expect((await viewOf(event.message.id)).media).toMatchObject({
      kind: 'image',
      status: 'PENDING',
      url: null,
    });
    expect((await fetchJobsOf(event.message.id))[0]).toMatchObject({ status: 'PENDING', attempts: 1 });

    // LINE redelivers the same event meanwhile: still one message and one fetch
    await deliver([{ ...event, deliveryContext: { isRedelivery: true } }]);
    t.clock.advance(10_000);
    await runJobs();
    const rows = await t.db.select().from(messages).where(eq(messages.lineMessageId, event.message.id));
    expect(rows).toHaveLength(1);
    expect(await fetchJobsOf(event.message.id)).toMatchObject([{ status: 'DONE', attempts: 2 }]);

    const view = await viewOf(event.message.id);
    expect(view).toMatchObject({ type: 'image', contents: '[image]' });
    expect(view.media).toMatchObject({ kind: 'image', status: 'STORED', size: photo.length });
    const original = await t.api('GET', view.media!.url!, { cookie: a.staff.cookie });
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/png');
    expect(original.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(original.rawPayload, photo)).toBe(0);
    const preview = await t.api('GET', view.media!.previewUrl!, { cookie: a.staff.cookie });
    expect(preview.statusCode).toBe(200);

    // stored once: LINE forgetting it later changes nothing here
    await sim.consoleCall('POST', `/_sim/contents/${event.message.id}/expire`);
    const again = await t.api('GET', view.media!.url!, { cookie: a.owner.cookie });
    expect(Buffer.compare(again.rawPayload, photo)).toBe(0);

    // the file route is the client's alone: another client, another account, another friend, no session
    const path = view.media!.url!;
    expect((await t.api('GET', path, { cookie: b.owner.cookie })).statusCode).toBe(404);
    const asOther = path.replace(`/line-account/${accountId}/`, `/line-account/${otherAccountId}/`);
    const foreign = await t.api('GET', asOther, { cookie: b.owner.cookie });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ message: friendMessages.contentNotFound });
    const wrongFriend = path.replace(`/friends/${friendId}/`, `/friends/${friendId + 1000}/`);
    expect((await t.api('GET', wrongFriend, { cookie: a.owner.cookie })).statusCode).toBe(404);
    expect((await t.api('GET', path)).statusCode).toBe(401);
  });

  it('a file keeps its name and size and is served as a download, never as a page', async () => {
    const html = Buffer.from('<script>alert(1)</script>');
    const event = await sendFromPhone('text/html', html, 'お見積り.html');
    await runJobs();
    const view = await viewOf(event.message.id);
    expect(view.media).toMatchObject({
      kind: 'file',
      status: 'STORED',
      fileName: 'お見積り.html',
      size: html.length,
      previewUrl: null,
    });
    const file = await t.api('GET', view.media!.url!, { cookie: a.staff.cookie });
    expect(file.headers['content-type']).toBe('application/octet-stream');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent('お見積り.html')}`,
    );
  });

  it('content LINE no longer has is EXPIRED at once, and the route says so', async () => {
    const event = await sendFromPhone('video/mp4', Buffer.from('not much of a video'), 'clip.mp4');
    await sim.consoleCall('POST', `/_sim/contents/${event.message.id}/expire`);
    await runJobs();
    const view = await viewOf(event.message.id);
    expect(view.media).toMatchObject({ kind: 'video', status: 'EXPIRED', url: null });
    expect(await fetchJobsOf(event.message.id)).toMatchObject([{ status: 'DONE', attempts: 1 }]);
    const [row] = await t.db.select().from(messages).where(eq(messages.lineMessageId, event.message.id));
    const route = `${C}/line-account/${accountId}/friends/${friendId}/messages/${row!.id}/content`;
    const missing = await t.api('GET', route, { cookie: a.staff.cookie });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: friendMessages.contentNotFound });
  });

  it('a video LINE is still preparing is 準備中 (PREPARING), then fetched once LINE says succeeded', async () => {
    const clip = Buffer.from('a video being transcoded');
    const event = await sendFromPhone('video/mp4', clip, 'shop.mp4');
    const transcoding = (status: string) =>
      sim.consoleCall('POST', `/_sim/contents/${event.message.id}/transcoding`, { status });
    await transcoding('processing');
    await runJobs();
    expect((await viewOf(event.message.id)).media).toMatchObject({
      kind: 'video',
      status: 'PREPARING',
      url: null,
    });
    // asked again after the job's backoff: still processing, still 準備中, the job waits again
    t.clock.advance(10_000);
    await runJobs();
    expect((await viewOf(event.message.id)).media).toMatchObject({ status: 'PREPARING' });
    expect(await fetchJobsOf(event.message.id)).toMatchObject([{ status: 'PENDING', attempts: 2 }]);

    await transcoding('succeeded');
    t.clock.advance(30_000);
    await runJobs();
    const view = await viewOf(event.message.id);
    expect(view.media).toMatchObject({ kind: 'video', status: 'STORED', size: clip.length });
    const file = await t.api('GET', view.media!.url!, { cookie: a.staff.cookie });
    expect(Buffer.compare(file.rawPayload, clip)).toBe(0);
    expect(await fetchJobsOf(event.message.id)).toMatchObject([{ status: 'DONE', attempts: 3 }]);
  });

  it('an audio LINE could not prepare is FAILED at once, in words', async () => {
    const event = await sendFromPhone('audio/m4a', Buffer.from('voice'), 'voice.m4a');
    await sim.consoleCall('POST', `/_sim/contents/${event.message.id}/transcoding`, { status: 'failed' });
    await runJobs();
    expect((await viewOf(event.message.id)).media).toMatchObject({ kind: 'audio', status: 'FAILED' });
    const [row] = await t.db.select().from(messages).where(eq(messages.lineMessageId, event.message.id));
    expect(row!.media).toMatchObject({ status: 'FAILED', error: 'LINE could not prepare the content' });
    expect(await fetchJobsOf(event.message.id)).toMatchObject([{ status: 'DONE', attempts: 1 }]);
  });

  it('a video LINE never finishes preparing is FAILED after the last try, not 準備中 for ever', async () => {
    const event = await sendFromPhone('video/mp4', Buffer.from('a long video'), 'long.mp4');
    await sim.consoleCall('POST', `/_sim/contents/${event.message.id}/transcoding`, { status: 'processing' });
    for (let i = 0; i < FETCH_CONTENT_MAX_ATTEMPTS; i += 1) {
      await runJobs();
      t.clock.advance(200_000);
    }
    const [row] = await t.db.select().from(messages).where(eq(messages.lineMessageId, event.message.id));
    expect(row!.media).toMatchObject({
      status: 'FAILED',
      error: 'LINE did not finish preparing the content',
    });
    expect(await fetchJobsOf(event.message.id)).toMatchObject([
      { status: 'DONE', attempts: FETCH_CONTENT_MAX_ATTEMPTS },
    ]);
  });

  it('LINE failing on every try leaves the message FAILED with its reason, no more tries', async () => {
    await sim.fault({ status: 500, count: 50, pathPrefix: '/v2/bot/message/', message: 'Internal error' });
    const event = await sendFromPhone('audio/m4a', Buffer.from('voice'), 'voice.m4a');
    for (let i = 0; i < FETCH_CONTENT_MAX_ATTEMPTS; i += 1) {
      await runJobs();
      t.clock.advance(200_000);
    }
    await sim.consoleCall('DELETE', '/_sim/faults');
    const view = await viewOf(event.message.id);
    expect(view.media).toMatchObject({ kind: 'audio', status: 'FAILED' });
    const [row] = await t.db.select().from(messages).where(eq(messages.lineMessageId, event.message.id));
    expect(row!.media).toMatchObject({ status: 'FAILED', error: expect.stringContaining('LINE 500') });
    expect(await fetchJobsOf(event.message.id)).toMatchObject([
      { status: 'DONE', attempts: FETCH_CONTENT_MAX_ATTEMPTS },
    ]);
  });

  it("an external provider's URLs are used as they are, nothing is fetched", async () => {
    const id = '700000000000000001';
    await deliver([
      {
        type: 'message',
        mode: 'active',
        timestamp: t.clock.now().getTime(),
        webhookEventId: '01MEDIAEXTERNAL00000000001',
        deliveryContext: { isRedelivery: false },
        source: { type: 'user', userId: user.userId },
        replyToken: 'external-reply-token',
        message: {
          id,
          type: 'image',
          quoteToken: 'q',
          contentProvider: {
            type: 'external',
            originalContentUrl: 'https://example.com/photo.jpg',
            previewImageUrl: 'https://example.com/photo-preview.jpg',
          },
        },
      },
    ]);
    await runJobs();
    expect((await viewOf(id)).media).toMatchObject({
      status: 'EXTERNAL',
      url: 'https://example.com/photo.jpg',
      previewUrl: 'https://example.com/photo-preview.jpg',
    });
    expect(await fetchJobsOf(id)).toHaveLength(0);
  });
});

describe('images the owner sends from the chat', () => {
  const upload = async (cookie: string, account: number) => {
    const dataUrl = `data:image/png;base64,${(await png()).toString('base64')}`;
    const response = await t.api('POST', `${C}/line-account/${account}/delivery-images`, {
      cookie,
      body: { kind: 'image', dataUrl },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ key: string }>().key;
  };
  const send = (body: unknown) =>
    t.api('POST', `${C}/line-account/${accountId}/friends/${friendId}/messages`, {
      cookie: a.staff.cookie,
      body,
    });

  beforeAll(async () => {
    // LINE's reply tokens live a minute of real time: our clock goes to LINE's, and everyone logs in again
    t.clock.set(new Date());
    a.staff.cookie = await t.login(a.staff.user.email);
    b.owner.cookie = await t.login(b.owner.user.email);
  });

  it('answers with the reply token while it is fresh, else pushes; the friend gets LINE image messages', async () => {
    const key = await upload(a.staff.cookie, accountId);
    const result = await sim.act(user.userId, 'messages', {
      channelId: channel.channelId,
      text: '写真ください',
    });
    const event = (result as unknown as { events: SimEvent[] }).events[0]!;
    t.clock.set(new Date(event.timestamp + 2_000));
    await runJobs();

    const replied = await send({ imageKey: key });
    expect(replied.statusCode, replied.body).toBe(201);
    expect(replied.json<Message>()).toMatchObject({
      type: 'image',
      delivery: 'QUEUED',
      media: { kind: 'image', status: 'STORED', previewUrl: `/line-media/${key}/preview` },
    });
    await runJobs();

    t.clock.advance(120_000);
    const pushed = await send({ imageKey: key });
    expect(pushed.statusCode, pushed.body).toBe(201);
    await runJobs();

    const sent = await sim.consoleCall<{ sent: { kind: string; messages: unknown[] }[] }>(
      'GET',
      `/_sim/channels/${channel.channelId}/sent`,
    );
    const image = {
      type: 'image',
      originalContentUrl: `${t.appUrl}/line-media/${key}/original`,
      previewImageUrl: `${t.appUrl}/line-media/${key}/preview`,
    };
    expect(sent.sent.slice(-2)).toMatchObject([
      { kind: 'reply', messages: [image] },
      { kind: 'push', messages: [image] },
    ]);
    const rows = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.friendId, friendId), eq(messages.type, 'image'), eq(messages.source, 'system')));
    expect(rows.map((r) => r.delivery)).toEqual(['SENT', 'SENT']);
  });

  it("refuses another account's upload, a key that is no upload, and an image with a text, changing nothing", async () => {
    const before = (await t.db.select().from(messages).where(eq(messages.friendId, friendId))).length;
    const foreignKey = await upload(b.owner.cookie, otherAccountId);
    const foreign = await send({ imageKey: foreignKey });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect((await send({ imageKey: 'f'.repeat(32) })).statusCode).toBe(400);
    const both = await send({ imageKey: foreignKey, text: 'こんにちは' });
    expect(both.statusCode).toBe(400);
    expect(JSON.stringify(both.json())).toContain(friendMessages.textOrSticker);
    expect((await send({ imageKey: '../../etc' })).statusCode).toBe(400);
    expect((await t.db.select().from(messages).where(eq(messages.friendId, friendId))).length).toBe(before);
  });
});
