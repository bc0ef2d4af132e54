import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectBody,
  createLineTestApp,
  signLineBody,
  startLineSim,
  type LineSim,
  type LineTestApp,
  type SimChannel,
} from '../../testing/line-sim.ts';

// The チャット inbox's live stream (decision 0043): over real HTTP, as the browser's EventSource reads it.
const C = '/client/api/v1';
const STREAM_MS = 4000;
let sim: LineSim;
let t: LineTestApp;
let a: Awaited<ReturnType<LineTestApp['clientWithUsers']>>;
let b: Awaited<ReturnType<LineTestApp['clientWithUsers']>>;
let channelA: SimChannel;
let channelB: SimChannel;
let accountA: number;
let accountB: number;
let seq = 0;

beforeAll(async () => {
  sim = await startLineSim();
  t = await createLineTestApp(sim, { INBOX_STREAM_MS: String(STREAM_MS) });
  a = await t.clientWithUsers();
  b = await t.clientWithUsers();
  const connect = async (cookie: string, channel: SimChannel) =>
    (await t.api('POST', `${C}/line-account`, { cookie, body: connectBody(channel) })).json().id as number;
  channelA = await sim.createChannel({ displayName: '京都茶房' });
  channelB = await sim.createChannel({ displayName: '大阪茶房' });
  accountA = await connect(a.owner.cookie, channelA);
  accountB = await connect(b.owner.cookie, channelB);
});
afterAll(async () => {
  await t.close(); // an open stream must not hold the server's close
  await sim.close();
});

/** A user's text through LINE's webhook call, signed; the jobs then run. */
async function textFrom(channel: SimChannel, accountId: number, userId: string, text: string) {
  const body = JSON.stringify({
    destination: channel.channelId,
    events: [
      {
        type: 'message',
        mode: 'active',
        timestamp: Date.now(),
        webhookEventId: `01STREAM${String(++seq).padStart(18, '0')}`,
        deliveryContext: { isRedelivery: false },
        source: { type: 'user', userId },
        replyToken: `r${seq}`,
        message: { id: `s${seq}`, type: 'text', text, quoteToken: 'q' },
      },
    ],
  });
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
  await t.app.jobs.runDue();
}

/** An open stream: the events read so far, and a wait for the next of a name. */
async function openStream(cookie: string, accountId: number) {
  const response = await fetch(`${t.appUrl}${C}/line-account/${accountId}/inbox-stream`, {
    headers: { cookie, accept: 'text/event-stream', 'accept-encoding': 'gzip, br' },
  });
  const events: string[] = [];
  let text = '';
  let ended = false;
  const waiters = new Set<() => void>();
  const reading = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    for await (const chunk of response.body) {
      text += decoder.decode(chunk as Uint8Array, { stream: true });
      for (let end = text.indexOf('\n\n'); end >= 0; end = text.indexOf('\n\n')) {
        const block = text.slice(0, end);
        text = text.slice(end + 2);
        const name = /^event: (.+)$/m.exec(block)?.[1];
        if (name) events.push(name);
        else if (block.startsWith('retry:')) events.push('retry');
      }
      for (const wake of waiters) wake();
    }
    ended = true;
    for (const wake of waiters) wake();
  })();
  const until = (check: () => boolean, ms = 3000) =>
    new Promise<boolean>((resolve) => {
      const done = (value: boolean) => {
        waiters.delete(wake);
        clearTimeout(timer);
        resolve(value);
      };
      const wake = () => check() && done(true);
      const timer = setTimeout(() => done(check()), ms);
      waiters.add(wake);
      wake();
    });
  return {
    response,
    events,
    count: (name: string) => events.filter((e) => e === name).length,
    next: (name: string, ms?: number) => {
      const seen = events.filter((e) => e === name).length;
      return until(() => events.filter((e) => e === name).length > seen, ms);
    },
    ended: (ms?: number) => until(() => ended, ms).then(() => reading.then(() => ended)),
  };
}

describe('the inbox live stream', () => {
  it('opens with the reconnect delay and ready, uncompressed, and tells a new message of its account', async () => {
    const stream = await openStream(a.staff.cookie, accountA);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.response.headers.get('content-encoding')).toBeNull();
    expect(stream.response.headers.get('cache-control')).toBe('no-store');
    expect(stream.response.headers.get('x-content-type-options')).toBe('nosniff');
    await stream.next('ready');
    expect(stream.events.slice(0, 2)).toEqual(['retry', 'ready']);

    const user = await sim.createUser('田中 一郎');
    const told = stream.next('inbox');
    await textFrom(channelA, accountA, user.userId, '予約できますか');
    expect(await told).toBe(true);
  });

  it("another account's change is not told; the account's own read and handling are", async () => {
    const stream = await openStream(a.owner.cookie, accountA);
    await stream.next('ready');
    const userB = await sim.createUser('佐藤 花子');
    await textFrom(channelB, accountB, userB.userId, 'こんにちは');
    expect(await stream.next('inbox', 600)).toBe(false);

    const userA = await sim.createUser('加藤 三郎');
    let told = stream.next('inbox');
    await textFrom(channelA, accountA, userA.userId, 'はじめまして');
    expect(await told).toBe(true);
    const inbox = await t.api('GET', `${C}/line-account/${accountA}/inbox`, { cookie: a.owner.cookie });
    const friendId = inbox.json().data[0].friendId as number;
    told = stream.next('inbox');
    const handled = await t.api('PATCH', `${C}/line-account/${accountA}/inbox/${friendId}`, {
      cookie: a.owner.cookie,
      body: { status: 'DONE' },
    });
    expect(handled.statusCode, handled.body).toBe(200);
    expect(await told).toBe(true);
  });

  it("another client's account answers 404, and a signed-out caller 401, before any stream", async () => {
    const other = await fetch(`${t.appUrl}${C}/line-account/${accountA}/inbox-stream`, {
      headers: { cookie: b.owner.cookie },
    });
    expect(other.status).toBe(404);
    expect(((await other.json()) as { success: boolean }).success).toBe(false);
    const stranger = await fetch(`${t.appUrl}${C}/line-account/${accountA}/inbox-stream`);
    expect(stranger.status).toBe(401);
  });

  it('ends after its lifetime, so the browser reconnects', async () => {
    const stream = await openStream(a.owner.cookie, accountA);
    await stream.next('ready');
    expect(await stream.ended(STREAM_MS + 3000)).toBe(true);
  });
});
