import { lineAccountMessages } from '@app/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainEvents, friends, jobs, lineAccounts, messages, webhookEvents } from '../../db/schema/index.ts';
import {
  connectBody,
  createLineTestApp,
  signLineBody,
  startLineSim,
  type LineSim,
  type LineTestApp,
  type SimChannel,
} from '../../testing/line-sim.ts';
import { insertWebhookEventsWithJobs } from './line-webhook.repository.ts';
import { warmWebhookReceipt } from './line-webhook.warm.ts';

let sim: LineSim;
let t: LineTestApp;
let owner: string;
let channel: SimChannel;
let accountId: number;

beforeAll(async () => {
  // LINE redelivers a failed webhook after 150 ms (then gives up).
  sim = await startLineSim({ redeliveryDelaysMs: [150] });
  t = await createLineTestApp(sim);
  owner = (await t.clientWithUsers()).owner.cookie;
  channel = await sim.createChannel({ displayName: '難波ベーカリー' });
  const created = await t.api('POST', '/client/api/v1/line-account', {
    cookie: owner,
    body: connectBody(channel),
  });
  accountId = created.json().id;
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

const friendOf = async (lineUserId: string) =>
  (
    await t.db
      .select()
      .from(friends)
      .where(and(eq(friends.lineAccountId, accountId), eq(friends.lineUserId, lineUserId)))
  )[0];
const eventsOf = async (topic: 'NEW_FRIEND' | 'LINE_UNBLOCK_EVENT') =>
  t.db
    .select()
    .from(domainEvents)
    .where(and(eq(domainEvents.lineAccountId, accountId), eq(domainEvents.topic, topic)));
const storedEvents = () =>
  t.db
    .select()
    .from(webhookEvents)
    .where(eq(webhookEvents.lineAccountId, accountId))
    .orderBy(asc(webhookEvents.id));

/** A signed webhook call as LINE makes it. */
const post = (id: number, body: string, signature = signLineBody(channel.channelSecret, body)) =>
  t.app.inject({
    method: 'POST',
    url: `/line/webhook/${id}`,
    headers: { 'content-type': 'application/json; charset=utf-8', 'x-line-signature': signature },
    payload: body,
  });

// LINE's message ids are unique (a message already stored under its id is a redelivery, decision 0055)
let messageSeq = 0;
const textEvent = (webhookEventId: string, userId: string, text: string, isRedelivery = false) => ({
  type: 'message',
  mode: 'active',
  timestamp: Date.now(),
  webhookEventId,
  deliveryContext: { isRedelivery },
  source: { type: 'user', userId },
  replyToken: 'r'.repeat(32),
  message: { id: `${Date.now()}${(messageSeq += 1)}`, type: 'text', quoteToken: 'q', text },
});

describe('LINE webhook, end to end through the simulator', () => {
  it('follow creates the friend with the LINE profile and records NEW_FRIEND; message, postback, unfollow, refollow', async () => {
    const user = await sim.createUser('佐藤 花子');
    const follow = await sim.act(user.userId, `follow/${channel.channelId}`);
    expect(follow.delivery.status).toBe('delivered');
    // The answer came before any processing: the event waits for its job.
    expect(await friendOf(user.userId)).toBeUndefined();
    expect(await t.app.jobs.runDue()).toBeGreaterThan(0);
    const friend = await friendOf(user.userId);
    expect(friend).toMatchObject({ displayName: '佐藤 花子', isFriend: true, clientId: expect.any(Number) });
    expect(friend!.pictureUrl).toBeTruthy();
    expect((await eventsOf('NEW_FRIEND')).map((e) => e.payload)).toContainEqual(
      expect.objectContaining({ friendId: friend!.id, lineUserId: user.userId }),
    );

    await sim.act(user.userId, 'messages', { channelId: channel.channelId, text: 'パンの予約できますか？' });
    await sim.act(user.userId, 'postback', { channelId: channel.channelId, data: 'action=reserve' });
    await t.app.jobs.runDue();
    const received = await t.db.select().from(messages).where(eq(messages.friendId, friend!.id));
    expect(received).toMatchObject([
      { source: 'user', delivery: 'RECEIVED', type: 'text', contents: { text: 'パンの予約できますか？' } },
    ]);
    const postback = (await storedEvents()).find((e) => e.type === 'postback');
    expect(postback).toMatchObject({
      payload: expect.objectContaining({ postback: { data: 'action=reserve' } }),
    });
    expect(postback!.processedAt).not.toBeNull();

    await sim.act(user.userId, `unfollow/${channel.channelId}`);
    await t.app.jobs.runDue();
    expect(await friendOf(user.userId)).toMatchObject({ isFriend: false });
    expect((await friendOf(user.userId))!.unfollowedAt).not.toBeNull();

    await sim.act(user.userId, `follow/${channel.channelId}`);
    await t.app.jobs.runDue();
    expect(await friendOf(user.userId)).toMatchObject({ id: friend!.id, isFriend: true, unfollowedAt: null });
    expect((await eventsOf('LINE_UNBLOCK_EVENT')).map((e) => e.payload)).toContainEqual(
      expect.objectContaining({ friendId: friend!.id }),
    );
    expect(
      (await eventsOf('NEW_FRIEND')).filter(
        (e) => (e.payload as { friendId: number }).friendId === friend!.id,
      ),
    ).toHaveLength(1);
  });

  it('a bad or missing signature is a 401 and nothing is stored', async () => {
    const before = (await storedEvents()).length;
    const body = JSON.stringify({
      destination: channel.botUserId,
      events: [textEvent('01BADSIGNATURE0000000000000', 'U' + '0'.repeat(32), 'x')],
    });
    const forged = await post(accountId, body, signLineBody('f'.repeat(32), body));
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toBe(lineAccountMessages.invalidSignature);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: `/line/webhook/${accountId}`,
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(unsigned.statusCode).toBe(401);
    // The signature covers the exact bytes: the same JSON re-serialised with other spacing does not pass.
    const respaced = await post(
      accountId,
      JSON.stringify(JSON.parse(body), null, 2),
      signLineBody(channel.channelSecret, body),
    );
    expect(respaced.statusCode).toBe(401);
    expect(await storedEvents()).toHaveLength(before);
  });

  it('the same event twice (LINE redelivering) is stored and processed once', async () => {
    const user = await sim.createUser('重複 確認');
    await sim.act(user.userId, `follow/${channel.channelId}`);
    await t.app.jobs.runDue();
    const event = textEvent('01DUPLICATE0000000000000000', user.userId, '一度だけ');
    const first = await post(accountId, JSON.stringify({ destination: channel.botUserId, events: [event] }));
    expect(first.json()).toEqual({ success: true, accepted: 1 });
    const again = await post(
      accountId,
      JSON.stringify({
        destination: channel.botUserId,
        events: [{ ...event, deliveryContext: { isRedelivery: true } }],
      }),
    );
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ success: true, accepted: 0 });
    await t.app.jobs.runDue();
    const friend = await friendOf(user.userId);
    const texts = await t.db.select().from(messages).where(eq(messages.friendId, friend!.id));
    expect(texts.map((m) => m.contents)).toEqual([{ text: '一度だけ' }]);
    // A job that runs again after a crash changes nothing either.
    const [stored] = await t.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.webhookEventId, event.webhookEventId));
    await t.db
      .update(jobs)
      .set({ status: 'PENDING', runAt: t.clock.now() })
      .where(eq(jobs.dedupeKey, `line.webhook-event:${stored!.id}`));
    await t.app.jobs.runDue();
    expect(await t.db.select().from(messages).where(eq(messages.friendId, friend!.id))).toHaveLength(1);
  });

  it('keeps a message holding NUL characters (stored as U+FFFD) with the other events of the call', async () => {
    const user = await sim.createUser('制御 文字');
    await sim.act(user.userId, `follow/${channel.channelId}`);
    await t.app.jobs.runDue();
    const events = [
      textEvent('01NULTEXT00000000000000000', user.userId, 'ご予約\u0000です'),
      { ...textEvent('01NULKEY000000000000000000', user.userId, '次の便'), ['x\u0000']: 1 },
    ];
    const answer = await post(accountId, JSON.stringify({ destination: channel.botUserId, events }));
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ success: true, accepted: 2 });
    await t.app.jobs.runDue();
    const friend = await friendOf(user.userId);
    const texts = await t.db.select().from(messages).where(eq(messages.friendId, friend!.id));
    // the two events' jobs may run in either order (on PostgreSQL, side by side)
    expect(texts.map((m) => m.contents)).toHaveLength(2);
    expect(texts.map((m) => m.contents)).toEqual(
      expect.arrayContaining([{ text: 'ご予約\uFFFDです' }, { text: '次の便' }]),
    );
  });

  it('an unknown account is a 404; an inactive one is refused, and LINE redelivers once it is active again', async () => {
    const body = JSON.stringify({ destination: channel.botUserId, events: [] });
    const unknown = await post(987654, body);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(lineAccountMessages.notFound);

    const user = await sim.createUser('再送 テスト');
    await t.api('DELETE', `/client/api/v1/line-account/${accountId}`, { cookie: owner });
    const before = (await storedEvents()).length;
    const refused = await sim.act(user.userId, `follow/${channel.channelId}`);
    expect(refused.delivery.attempts[0]?.statusCode).toBe(403);
    expect(await storedEvents()).toHaveLength(before);

    // Reconnecting revives the account; LINE's redelivery (isRedelivery true, same id) then goes through.
    const revived = await t.api('POST', '/client/api/v1/line-account', {
      cookie: owner,
      body: connectBody(channel),
    });
    expect(revived.json()).toMatchObject({ id: accountId, status: 'ACTIVE' });
    let deliveries: { status: string }[] = [];
    for (let i = 0; i < 50; i++) {
      ({ deliveries } = await sim.consoleCall<{ deliveries: { status: string }[] }>(
        'GET',
        `/_sim/channels/${channel.channelId}/deliveries`,
      ));
      if (deliveries.at(-1)?.status !== 'pending') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(deliveries.at(-1)?.status).toBe('delivered');
    const redelivered = (await storedEvents()).at(-1);
    expect(redelivered?.payload).toMatchObject({ type: 'follow', deliveryContext: { isRedelivery: true } });
    await t.app.jobs.runDue();
    expect(await friendOf(user.userId)).toMatchObject({ displayName: '再送 テスト', isFriend: true });
  });

  it('answers non-JSON signed bodies with a 400 and LINE’s webhook test (no events) with 200', async () => {
    const garbage = await post(accountId, 'not json');
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().message).toBe(lineAccountMessages.invalidWebhookBody);
    const empty = await post(accountId, JSON.stringify({ destination: channel.botUserId, events: [] }));
    expect(empty.json()).toEqual({ success: true, accepted: 0 });
  });

  it('calls arriving together are stored in shared statements: each event once, one job each, counted for the call that named it first', async () => {
    const userId = 'U' + 'c'.repeat(32);
    const ids = Array.from({ length: 40 }, (_, i) => `01CONCURRENT${String(i).padStart(14, '0')}`);
    // 60 calls at once: the first 40 name one new event each; the last 20 repeat events 0..19 (LINE's
    // redeliveries, racing the first delivery)
    const bodies = [...ids, ...ids.slice(0, 20)].map((id) =>
      JSON.stringify({ destination: channel.botUserId, events: [textEvent(id, userId, id)] }),
    );
    const answers = await Promise.all(bodies.map((body) => post(accountId, body)));
    expect(answers.map((a) => a.statusCode)).toEqual(bodies.map(() => 200));
    const accepted = answers.map((a) => a.json<{ accepted: number }>().accepted);
    expect(accepted.slice(0, 40)).toEqual(ids.map(() => 1));
    expect(accepted.slice(40)).toEqual(ids.slice(0, 20).map(() => 0));
    const stored = (await storedEvents()).filter((e) => ids.includes(e.webhookEventId));
    expect(stored.map((e) => e.webhookEventId).sort()).toEqual([...ids].sort());
    const queued = await t.db.select().from(jobs).where(eq(jobs.queue, 'line.webhook-event'));
    const queuedFor = new Set(queued.map((j) => (j.payload as { webhookEventId: number }).webhookEventId));
    for (const e of stored) expect(queuedFor.has(e.id)).toBe(true);
    expect(
      queued.filter((j) =>
        stored.some((e) => e.id === (j.payload as { webhookEventId: number }).webhookEventId),
      ),
    ).toHaveLength(40);
  });

  it('one call that cannot be stored fails alone; the calls sharing its statement are stored', async () => {
    const userId = 'U' + 'd'.repeat(32);
    const event = (id: string) => ({
      webhookEventId: id,
      type: 'message',
      payload: textEvent(id, userId, id),
    });
    const at = new Date();
    const options = { queue: 'line.webhook-event', receivedAt: at };
    // account 987654 does not exist: its row breaks the foreign key, and with it the shared statement
    const results = await Promise.allSettled([
      insertWebhookEventsWithJobs(t.db, accountId, [event('01ALONE00000000000000000001')], options),
      insertWebhookEventsWithJobs(t.db, accountId, [event('01ALONE00000000000000000002')], options),
      insertWebhookEventsWithJobs(t.db, 987654, [event('01ALONE00000000000000000003')], options),
      insertWebhookEventsWithJobs(t.db, accountId, [event('01ALONE00000000000000000004')], options),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : null))).toEqual([1, 1, null, 1]);
    const stored = (await storedEvents()).map((e) => e.webhookEventId);
    expect(stored).toEqual(
      expect.arrayContaining([
        '01ALONE00000000000000000001',
        '01ALONE00000000000000000002',
        '01ALONE00000000000000000004',
      ]),
    );
  });

  it('an account changed by another process is refused as soon as the database says so', async () => {
    const body = () =>
      JSON.stringify({
        destination: channel.botUserId,
        events: [
          textEvent(`01FEED${Date.now()}${(messageSeq += 1)}`.padEnd(26, '0'), 'U' + 'e'.repeat(32), 'x'),
        ],
      });
    expect((await post(accountId, body())).statusCode).toBe(200); // the account is now held in memory
    // a write that does not go through this process's line-accounts module: only the trigger tells
    await t.db.update(lineAccounts).set({ status: 'INACTIVE' }).where(eq(lineAccounts.id, accountId));
    let status = 0;
    for (let i = 0; i < 100 && status !== 403; i++) {
      status = (await post(accountId, body())).statusCode;
      if (status !== 403) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(status).toBe(403);
    await t.db.update(lineAccounts).set({ status: 'ACTIVE' }).where(eq(lineAccounts.id, accountId));
  });

  it('the warm-up before the process says ready stores and queues nothing; the calls after it are stored as usual', async () => {
    const eventsBefore = (await storedEvents()).length;
    const jobsBefore = (await t.db.select().from(jobs)).length;
    const warmed = await warmWebhookReceipt({ app: t.app, db: t.db, config: t.config });
    expect(warmed.accounts).toBeGreaterThanOrEqual(1);
    expect(warmed.connections).toBeGreaterThanOrEqual(1);
    expect(warmed.verifyCalls).toBeGreaterThan(0);
    expect(await storedEvents()).toHaveLength(eventsBefore);
    expect(await t.db.select().from(jobs)).toHaveLength(jobsBefore);

    const id = `01WARM${Date.now()}`.padEnd(26, '0');
    const body = JSON.stringify({
      destination: channel.botUserId,
      events: [textEvent(id, 'U' + 'f'.repeat(32), 'x')],
    });
    const answer = await post(accountId, body);
    expect(answer.json()).toEqual({ success: true, accepted: 1 });
    expect((await storedEvents()).map((e) => e.webhookEventId)).toContain(id);
  });
});
