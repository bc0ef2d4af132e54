import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { deliveryChunks, friends, jobs } from '../../db/schema/index.ts';
import {
  connectBody,
  createLineTestApp,
  startLineSim,
  type LineSim,
  type LineTestApp,
  type SimChannel,
} from '../../testing/line-sim.ts';
import { sendingFaults } from './deliveries.sending.ts';

const C = '/client/api/v1';
let sim: LineSim;
let t: LineTestApp;
let a: Awaited<ReturnType<LineTestApp['clientWithUsers']>>;

type Delivery = {
  id: number;
  status: string;
  targetCount: number;
  sentCount: number;
  failedCount: number;
  failureReason: string | null;
  sentBy: { id: number; name: string } | null;
};
type Sent = {
  kind: string;
  to: string[];
  retryKey: string | null;
  messages: { type: string; text?: string }[];
};

async function drain() {
  for (let i = 0; i < 20; i += 1) if ((await t.app.jobs.runDue(50)) === 0) return;
}

/** A fresh account of client a on its own simulator channel. */
async function newAccount(name: string) {
  const channel = await sim.createChannel({ displayName: name });
  const response = await t.api('POST', `${C}/line-account`, {
    cookie: a.owner.cookie,
    body: connectBody(channel),
  });
  expect(response.statusCode, response.body).toBe(201);
  const accountId = response.json<{ id: number }>().id;
  return { channel, accountId, base: `${C}/line-account/${accountId}` };
}

/** A simulated LINE user who follows (and, blocked, then blocks) the channel; the webhook writes the friend. */
async function follow(channel: SimChannel, displayName: string, blocked = false) {
  const user = await sim.createUser(displayName);
  await sim.act(user.userId, `follow/${channel.channelId}`);
  if (blocked) await sim.act(user.userId, `unfollow/${channel.channelId}`);
  await drain();
  const [row] = await t.db.select().from(friends).where(eq(friends.lineUserId, user.userId));
  return { userId: user.userId, friendId: row!.id };
}

/** Many friends written straight to the table (LINE user ids the simulator does not know: it accepts them). */
async function insertFriends(accountId: number, count: number, displayName: string) {
  const rows = Array.from({ length: count }, () => ({
    clientId: a.client.id,
    lineAccountId: accountId,
    lineUserId: `U${randomBytes(16).toString('hex')}`,
    displayName,
  }));
  await t.db.insert(friends).values(rows);
  return rows.map((r) => r.lineUserId);
}

const sentOf = (channel: SimChannel) =>
  sim.consoleCall<{ sent: Sent[] }>('GET', `/_sim/channels/${channel.channelId}/sent`).then((r) => r.sent);

const text = (value: string) => ({ type: 'text', text: value });
const nonMembers = (search?: string) => ({
  isMemberServiceUser: false,
  isShiftServiceUser: false,
  includeNonMembers: true,
  ...(search ? { search } : {}),
});

async function createSegment(base: string, name: string, conditions: Record<string, unknown>) {
  const response = await t.api('POST', `${base}/segments`, {
    cookie: a.owner.cookie,
    body: { name, conditions },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
}

async function draft(base: string, body: Record<string, unknown>, cookie = a.owner.cookie) {
  const response = await t.api('POST', `${base}/deliveries`, {
    cookie,
    body: { title: 'お知らせ', messages: [text('こんにちは')], ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Delivery>().id;
}

const send = (base: string, id: number, body: Record<string, unknown> = {}, cookie = a.owner.cookie) =>
  t.api('POST', `${base}/deliveries/${id}/send`, { cookie, body });

const getDelivery = async (base: string, id: number) =>
  (await t.api('GET', `${base}/deliveries/${id}`, { cookie: a.owner.cookie })).json<Delivery>();

beforeAll(async () => {
  sim = await startLineSim();
  t = await createLineTestApp(sim);
  a = await t.clientWithUsers();
}, 60_000);
afterAll(async () => {
  await t.close();
  await sim.close();
});
afterEach(() => {
  sendingFaults.beforeCall = null;
  sendingFaults.afterCall = null;
});

describe('sending', () => {
  let acc: Awaited<ReturnType<typeof newAccount>>;
  let regularA: { userId: string; friendId: number };
  let regularB: { userId: string; friendId: number };
  let other: { userId: string; friendId: number };
  let blocked: { userId: string; friendId: number };

  beforeAll(async () => {
    acc = await newAccount('京都茶房');
    regularA = await follow(acc.channel, '常連 山田');
    regularB = await follow(acc.channel, '常連 佐藤');
    other = await follow(acc.channel, '一般 鈴木');
    blocked = await follow(acc.channel, '常連 田中', true);
  }, 60_000);

  it('to all friends: one broadcast with a retry key, counts of the following friends, who sent it', async () => {
    const count = await t.api('POST', `${acc.base}/delivery-audience/count`, {
      cookie: a.staff.cookie,
      body: { audience: { type: 'ALL' } },
    });
    expect(count.json()).toEqual({ count: 3 });
    const id = await draft(acc.base, {
      audience: { type: 'ALL' },
      messages: [text('秋の新作'), { type: 'sticker', packageId: '446', stickerId: '1988' }],
    });
    const before = (await sentOf(acc.channel)).length;
    const response = await send(acc.base, id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'SENDING', targetCount: 3 });
    await drain();
    const sent = (await sentOf(acc.channel)).slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      kind: 'broadcast',
      messages: [text('秋の新作'), { type: 'sticker', packageId: '446', stickerId: '1988' }],
    });
    expect(sent[0]!.retryKey).toMatch(/^[0-9a-f-]{36}$/);
    const done = await getDelivery(acc.base, id);
    expect(done).toMatchObject({ status: 'SENT', targetCount: 3, sentCount: 3, failedCount: 0 });
    expect(done.sentBy?.id).toBe(a.owner.user.id);
    // The friends see it on their LINE (the simulator's timeline).
    const timeline = await sim.consoleCall<{ entries: { from: string; message?: { text?: string } }[] }>(
      'GET',
      `/_sim/users/${regularA.userId}/timeline/${acc.channel.channelId}`,
    );
    expect(JSON.stringify(timeline)).toContain('秋の新作');
  });

  it('to a saved segment: a multicast to the friends it finds, blocked friends left out', async () => {
    const segmentId = await createSegment(acc.base, '常連さん', nonMembers('常連'));
    const count = await t.api('POST', `${acc.base}/delivery-audience/count`, {
      cookie: a.owner.cookie,
      body: { audience: { type: 'SEGMENT', segmentId } },
    });
    expect(count.json()).toEqual({ count: 2 });
    const id = await draft(acc.base, {
      audience: { type: 'SEGMENT', segmentId },
      messages: [text('常連さま限定')],
    });
    const before = (await sentOf(acc.channel)).length;
    expect((await send(acc.base, id)).statusCode).toBe(200);
    await drain();
    const sent = (await sentOf(acc.channel)).slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.kind).toBe('multicast');
    expect(new Set(sent[0]!.to)).toEqual(new Set([regularA.userId, regularB.userId]));
    expect(sent[0]!.to).not.toContain(blocked.userId);
    expect(sent[0]!.to).not.toContain(other.userId);
    const list = await t.api('GET', `${acc.base}/deliveries`, { cookie: a.staff.cookie });
    expect(list.json<{ data: (Delivery & { segmentName: string })[] }>().data[0]).toMatchObject({
      id,
      status: 'SENT',
      segmentName: '常連さん',
      targetCount: 2,
      sentCount: 2,
    });
  });

  it("to the friends page's unsaved conditions: counted, kept with the delivery, a multicast to the friends they find", async () => {
    const audience = { type: 'CONDITIONS', conditions: nonMembers('常連') };
    const count = await t.api('POST', `${acc.base}/delivery-audience/count`, {
      cookie: a.staff.cookie,
      body: { audience },
    });
    expect(count.json()).toEqual({ count: 2 });
    const segmentsBefore = (await t.api('GET', `${acc.base}/segments`, { cookie: a.owner.cookie })).json<{
      data: unknown[];
    }>().data.length;
    const id = await draft(acc.base, { audience, messages: [text('絞り込みから')] });
    const saved = await getDelivery(acc.base, id);
    expect(saved).toMatchObject({
      audience: { type: 'CONDITIONS', conditions: { search: '常連', condition: 'AND' } },
      segmentName: null,
    });
    const before = (await sentOf(acc.channel)).length;
    const response = await send(acc.base, id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ targetCount: 2 });
    await drain();
    const sent = (await sentOf(acc.channel)).slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.kind).toBe('multicast');
    expect(new Set(sent[0]!.to)).toEqual(new Set([regularA.userId, regularB.userId]));
    expect(await getDelivery(acc.base, id)).toMatchObject({ status: 'SENT', sentCount: 2 });
    // nothing was saved as a segment on the way
    const segmentsAfter = (await t.api('GET', `${acc.base}/segments`, { cookie: a.owner.cookie })).json<{
      data: unknown[];
    }>().data.length;
    expect(segmentsAfter).toBe(segmentsBefore);
    // bad conditions are the schema's 400, not a delivery
    const bad = await t.api('POST', `${acc.base}/deliveries`, {
      cookie: a.owner.cookie,
      body: {
        title: 't',
        messages: [text('x')],
        audience: { type: 'CONDITIONS', conditions: { hasTags: 'x' } },
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('hasTags must be a list of at most 20 tag ids');
  });

  it('scheduled: nothing goes before its time, the job sends it then; a cancelled one never goes', async () => {
    const at = new Date(t.clock.now().getTime() + 3600_000);
    const id = await draft(acc.base, {
      audience: { type: 'FRIENDS', friendIds: [other.friendId] },
      messages: [text('予約配信')],
    });
    const cancelled = await draft(acc.base, { audience: { type: 'ALL' }, messages: [text('取り消し')] });
    const scheduled = await send(acc.base, id, { scheduledAt: at.toISOString() });
    expect(scheduled.json()).toMatchObject({ status: 'SCHEDULED', scheduledAt: at.toISOString() });
    expect((await send(acc.base, cancelled, { scheduledAt: at.toISOString() })).statusCode).toBe(200);
    // Editable until it starts (owner); then cancelled.
    const edited = await t.api('PUT', `${acc.base}/deliveries/${id}`, {
      cookie: a.manager.cookie,
      body: {
        title: '予約',
        messages: [text('予約配信（改）')],
        audience: { type: 'FRIENDS', friendIds: [other.friendId] },
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const cancel = await t.api('POST', `${acc.base}/deliveries/${cancelled}/cancel`, {
      cookie: a.manager.cookie,
    });
    expect(cancel.json()).toMatchObject({ status: 'CANCELLED' });
    const before = (await sentOf(acc.channel)).length;
    await drain();
    expect((await sentOf(acc.channel)).length).toBe(before);
    t.clock.advance(3600_000);
    try {
      await drain();
    } finally {
      t.clock.set(new Date('2026-11-21T09:00:00Z'));
    }
    const sent = (await sentOf(acc.channel)).slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      kind: 'multicast',
      to: [other.userId],
      messages: [text('予約配信（改）')],
    });
    expect(await getDelivery(acc.base, id)).toMatchObject({ status: 'SENT', sentCount: 1 });
    expect(await getDelivery(acc.base, cancelled)).toMatchObject({ status: 'CANCELLED', sentCount: 0 });
    const again = await t.api('POST', `${acc.base}/deliveries/${cancelled}/cancel`, {
      cookie: a.owner.cookie,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'Only a scheduled delivery can be cancelled' });
  });

  it('a scheduled delivery whose friends all blocked the account meanwhile fails, sending nothing', async () => {
    const leaving = await follow(acc.channel, '退会予定 中村');
    const id = await draft(acc.base, { audience: { type: 'FRIENDS', friendIds: [leaving.friendId] } });
    const at = new Date(t.clock.now().getTime() + 600_000).toISOString();
    expect((await send(acc.base, id, { scheduledAt: at })).json()).toMatchObject({ targetCount: 1 });
    await sim.act(leaving.userId, `unfollow/${acc.channel.channelId}`);
    await drain(); // the unfollow webhook recorded before the time comes
    const before = (await sentOf(acc.channel)).length;
    t.clock.advance(600_000);
    try {
      await drain();
    } finally {
      t.clock.set(new Date('2026-11-21T09:00:00Z'));
    }
    expect(await getDelivery(acc.base, id)).toMatchObject({
      status: 'FAILED',
      targetCount: 0,
      sentCount: 0,
      failureReason: 'No friend would receive this delivery',
    });
    expect((await sentOf(acc.channel)).length).toBe(before);
  });

  it('staff drafts but may not send, schedule, cancel or change a scheduled delivery', async () => {
    const id = await draft(acc.base, { audience: { type: 'ALL' } }, a.staff.cookie);
    expect((await send(acc.base, id, {}, a.staff.cookie)).statusCode).toBe(403);
    const at = new Date(t.clock.now().getTime() + 3600_000).toISOString();
    expect((await send(acc.base, id, { scheduledAt: at })).statusCode).toBe(200);
    const change = await t.api('PUT', `${acc.base}/deliveries/${id}`, {
      cookie: a.staff.cookie,
      body: { title: '変更', messages: [text('x')], audience: { type: 'ALL' } },
    });
    expect(change.statusCode).toBe(403);
    expect(change.json()).toMatchObject({
      message: 'Only an owner or a manager can send or schedule a delivery',
    });
    const cancel = await t.api('POST', `${acc.base}/deliveries/${id}/cancel`, { cookie: a.staff.cookie });
    expect(cancel.statusCode).toBe(403);
    expect(await getDelivery(acc.base, id)).toMatchObject({ status: 'SCHEDULED' });
    await t.api('POST', `${acc.base}/deliveries/${id}/cancel`, { cookie: a.owner.cookie });
  });

  it('validation texts, changing nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '', messages: [text('x')], audience: { type: 'ALL' } }, 'Title is required'],
      [{ title: 't', messages: [], audience: { type: 'ALL' } }, 'A delivery has 1 to 5 messages'],
      [
        { title: 't', messages: Array(6).fill(text('x')), audience: { type: 'ALL' } },
        'A delivery has 1 to 5 messages',
      ],
      [{ title: 't', messages: [text('  ')], audience: { type: 'ALL' } }, 'Message text is required'],
      [
        { title: 't', messages: [text('あ'.repeat(5001))], audience: { type: 'ALL' } },
        'Message text cannot exceed 5000 characters',
      ],
      [
        {
          title: 't',
          messages: [{ type: 'sticker', packageId: 'x', stickerId: '1' }],
          audience: { type: 'ALL' },
        },
        'packageId and stickerId must be numeric strings',
      ],
      [
        { title: 't', messages: [text('x')], audience: { type: 'SOME' } },
        'audience must be ALL, SEGMENT (with segmentId), FRIENDS (with friendIds) or CONDITIONS (with conditions)',
      ],
      [
        { title: 't', messages: [text('x')], audience: { type: 'FRIENDS', friendIds: [] } },
        'friendIds must be a list of 1 to 1000 friend ids',
      ],
      [
        { title: 't', messages: [text('x')], audience: { type: 'SEGMENT', segmentId: 999999 } },
        'Segment not found',
      ],
    ];
    const count = async () =>
      (await t.api('GET', `${acc.base}/deliveries`, { cookie: a.owner.cookie })).json<{
        pagination: { totalItems: number };
      }>().pagination.totalItems;
    const before = await count();
    for (const [body, message] of cases) {
      const response = await t.api('POST', `${acc.base}/deliveries`, { cookie: a.owner.cookie, body });
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.body).toContain(message);
    }
    expect(await count()).toBe(before);
    const id = await draft(acc.base, { audience: { type: 'ALL' } });
    const past = await send(acc.base, id, {
      scheduledAt: new Date(t.clock.now().getTime() - 60_000).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ message: 'The scheduled time must be in the future' });
    const segment = await t.api('POST', `${acc.base}/segments`, {
      cookie: a.owner.cookie,
      body: { name: ' ', conditions: {} },
    });
    expect(segment.statusCode).toBe(400);
    expect(segment.body).toContain('Segment name is required');
    expect(await getDelivery(acc.base, id)).toMatchObject({ status: 'DRAFT' });
  });
});

describe('quota and LINE failures', () => {
  it("refuses a delivery the month's quota cannot take, with the count and what remains", async () => {
    const acc = await newAccount('小さな店');
    await insertFriends(acc.accountId, 210, 'お客');
    await sim.consoleCall('PATCH', `/_sim/channels/${acc.channel.channelId}`, { quotaPlan: 'communication' });
    const quota = await t.api('GET', `${acc.base}/delivery-quota`, { cookie: a.staff.cookie });
    expect(quota.json()).toEqual({ limit: 200, used: 0, remaining: 200 });
    const id = await draft(acc.base, { audience: { type: 'ALL' } });
    const refused = await send(acc.base, id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      message: "This delivery needs 210 messages but only 200 remain in this month's quota",
    });
    expect(await getDelivery(acc.base, id)).toMatchObject({ status: 'DRAFT' });
    expect(await sentOf(acc.channel)).toHaveLength(0);
  });

  it('a 429 rate limit waits and the same chunk goes once; a lost answer (5xx after LINE accepted) is not sent twice', async () => {
    const acc = await newAccount('混雑店');
    const userIds = await insertFriends(acc.accountId, 3, 'お客');
    const id = await draft(acc.base, {
      audience: { type: 'SEGMENT', segmentId: await createSegment(acc.base, '全員', nonMembers()) },
    });
    await sim.fault({
      status: 429,
      count: 1,
      channelId: acc.channel.channelId,
      pathPrefix: '/v2/bot/message/multicast',
    });
    await sim.fault({
      status: 500,
      count: 1,
      when: 'after',
      channelId: acc.channel.channelId,
      pathPrefix: '/v2/bot/message/multicast',
    });
    expect((await send(acc.base, id)).statusCode).toBe(200);
    await drain();
    // Rate limited: still sending, the next run waits a second.
    expect(await getDelivery(acc.base, id)).toMatchObject({ status: 'SENDING', sentCount: 0 });
    expect(await sentOf(acc.channel)).toHaveLength(0);
    t.clock.advance(1000);
    await drain();
    // LINE accepted, the answer was lost (500): retried after its backoff with the same key, 409 = sent.
    expect(await sentOf(acc.channel)).toHaveLength(1);
    t.clock.advance(10_000);
    await drain();
    t.clock.set(new Date('2026-11-21T09:00:00Z'));
    const sent = await sentOf(acc.channel);
    expect(sent).toHaveLength(1);
    expect(new Set(sent[0]!.to)).toEqual(new Set(userIds));
    expect(await getDelivery(acc.base, id)).toMatchObject({ status: 'SENT', sentCount: 3, failedCount: 0 });
  });

  it("LINE refusing a chunk fails it with LINE's reason (partly failed)", async () => {
    const acc = await newAccount('半分店');
    await insertFriends(acc.accountId, 501, 'お客');
    const id = await draft(acc.base, { audience: { type: 'ALL' } });
    const segmentId = await createSegment(acc.base, '全員', nonMembers());
    await t.api('PUT', `${acc.base}/deliveries/${id}`, {
      cookie: a.owner.cookie,
      body: { title: 't', messages: [text('x')], audience: { type: 'SEGMENT', segmentId } },
    });
    await sim.fault({
      status: 400,
      count: 1,
      channelId: acc.channel.channelId,
      pathPrefix: '/v2/bot/message/multicast',
      message: 'Failed to send messages',
    });
    await send(acc.base, id);
    await drain();
    expect(await getDelivery(acc.base, id)).toMatchObject({
      status: 'PARTLY_FAILED',
      targetCount: 501,
      sentCount: 1,
      failedCount: 500,
      failureReason: 'LINE 400: Failed to send messages',
    });
  });
});

describe('exactly once', () => {
  it('a crash before and after LINE calls, between chunks of 500, never sends a friend twice nor skips one', async () => {
    const acc = await newAccount('大型店');
    const userIds = await insertFriends(acc.accountId, 1203, 'お客');
    const segmentId = await createSegment(acc.base, '全員', nonMembers());
    const id = await draft(acc.base, { audience: { type: 'SEGMENT', segmentId } });
    const crashes: string[] = [];
    sendingFaults.afterCall = (chunk) => {
      if (chunk.seq === 0 && !crashes.includes('after-0')) {
        crashes.push('after-0');
        throw new Error('process died after LINE accepted chunk 0');
      }
    };
    sendingFaults.beforeCall = (chunk) => {
      if (chunk.seq === 2 && !crashes.includes('before-2')) {
        crashes.push('before-2');
        throw new Error('process died before calling LINE for chunk 2');
      }
    };
    expect((await send(acc.base, id)).statusCode).toBe(200);
    for (let i = 0; i < 6; i += 1) {
      await drain();
      t.clock.advance(30_000);
    }
    t.clock.set(new Date('2026-11-21T09:00:00Z'));
    expect(crashes).toEqual(['after-0', 'before-2']);
    const sent = await sentOf(acc.channel);
    const addressed = sent.flatMap((s) => s.to);
    expect(sent.map((s) => s.to.length)).toEqual([500, 500, 203]);
    expect(addressed).toHaveLength(1203);
    expect(new Set(addressed)).toEqual(new Set(userIds));
    const chunks = await t.db.select().from(deliveryChunks).where(eq(deliveryChunks.deliveryId, id));
    expect(chunks.map((c) => c.status)).toEqual(['SENT', 'SENT', 'SENT']);
    expect(new Set(sent.map((s) => s.retryKey))).toEqual(new Set(chunks.map((c) => c.retryKey)));
    expect(await getDelivery(acc.base, id)).toMatchObject({
      status: 'SENT',
      targetCount: 1203,
      sentCount: 1203,
    });
    const left = await t.db.select().from(jobs).where(eq(jobs.queue, 'deliveries.send'));
    expect(left.every((j) => j.status === 'DONE')).toBe(true);
  });
});

describe('tenancy of the calls that ask LINE', () => {
  it("another client's owner gets 404 for the send, the quota, a new delivery and a change, and nothing is sent or written", async () => {
    const acc = await newAccount('別会社の店');
    const id = await draft(acc.base, { audience: { type: 'ALL' } });
    const b = await t.clientWithUsers();
    const sendOther = await send(acc.base, id, {}, b.owner.cookie);
    expect(sendOther.statusCode).toBe(404);
    const quota = await t.api('GET', `${acc.base}/delivery-quota`, { cookie: b.owner.cookie });
    expect(quota.statusCode).toBe(404);
    // creating and changing ask LINE's validate endpoint: another client's owner is refused before that
    const body = { title: '横取り', messages: [{ type: 'text', text: 'x' }], audience: { type: 'ALL' } };
    const created = await t.api('POST', `${acc.base}/deliveries`, { cookie: b.owner.cookie, body });
    expect(created.statusCode).toBe(404);
    const changed = await t.api('PUT', `${acc.base}/deliveries/${id}`, { cookie: b.owner.cookie, body });
    expect(changed.statusCode).toBe(404);
    expect(await getDelivery(acc.base, id)).toMatchObject({ status: 'DRAFT' });
    expect(JSON.stringify(await getDelivery(acc.base, id))).not.toContain('横取り');
    const listed = await t.api('GET', `${acc.base}/deliveries`, { cookie: a.owner.cookie });
    expect(listed.body).not.toContain('横取り');
  });
});
