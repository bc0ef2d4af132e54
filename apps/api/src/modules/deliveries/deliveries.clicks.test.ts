import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryClicks, friends } from '../../db/schema/index.ts';
import {
  connectBody,
  createLineTestApp,
  startLineSim,
  type LineSim,
  type LineTestApp,
  type SimChannel,
} from '../../testing/line-sim.ts';
import { inTransaction } from '../../db/client.ts';
import { linksIn, recipientTokenFor, rewriteLinks } from './deliveries.links.ts';
import type { LineMessage } from './line-messages.ts';

const C = '/client/api/v1';
let sim: LineSim;
let t: LineTestApp;
let a: Awaited<ReturnType<LineTestApp['clientWithUsers']>>;
let b: Awaited<ReturnType<LineTestApp['clientWithUsers']>>;

type Delivery = {
  id: number;
  status: string;
  sentCount: number;
  clicks: { total: number; friends: number };
  links: { url: string; clicks: number; friends: number }[];
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

async function newAccount(who: typeof a, name: string) {
  const channel = await sim.createChannel({ displayName: name });
  const response = await t.api('POST', `${C}/line-account`, {
    cookie: who.owner.cookie,
    body: connectBody(channel),
  });
  expect(response.statusCode, response.body).toBe(201);
  const accountId = response.json<{ id: number }>().id;
  return { channel, accountId, base: `${C}/line-account/${accountId}` };
}

async function follow(channel: SimChannel, displayName: string, blocked = false) {
  const user = await sim.createUser(displayName);
  await sim.act(user.userId, `follow/${channel.channelId}`);
  if (blocked) await sim.act(user.userId, `unfollow/${channel.channelId}`);
  await drain();
  const [row] = await t.db.select().from(friends).where(eq(friends.lineUserId, user.userId));
  return { userId: user.userId, friendId: row!.id };
}

const sentOf = (channel: SimChannel) =>
  sim.consoleCall<{ sent: Sent[] }>('GET', `/_sim/channels/${channel.channelId}/sent`).then((r) => r.sent);

async function draft(who: typeof a, base: string, texts: string[], cookie = who.owner.cookie) {
  const response = await t.api('POST', `${base}/deliveries`, {
    cookie,
    body: {
      title: 'セール',
      messages: texts.map((text) => ({ type: 'text', text })),
      audience: { type: 'ALL' },
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Delivery>().id;
}

const getDelivery = async (who: typeof a, base: string, id: number) =>
  (await t.api('GET', `${base}/deliveries/${id}`, { cookie: who.owner.cookie })).json<Delivery>();

/** The tracked links in a text LINE received. */
const trackedIn = (text: string) =>
  [...text.matchAll(/http:\/\/127\.0\.0\.1:\d+\/r\/([\w.-]+)/g)].map((m) => m[1]!);

const tap = (token: string) => t.api('GET', `/r/${token}`);

beforeAll(async () => {
  sim = await startLineSim();
  t = await createLineTestApp(sim);
  a = await t.clientWithUsers();
  b = await t.clientWithUsers();
}, 60_000);
afterAll(async () => {
  await t.close();
  await sim.close();
});

describe('link rewriting (every kind of LINE message)', () => {
  const messages = [
    { type: 'text', text: 'セール https://shop.example.jp/sale?x=1 と https://shop.example.jp/ を見てね' },
    {
      type: 'imagemap',
      baseUrl: 'https://cdn.example.jp/map',
      altText: 'map',
      baseSize: { width: 1040, height: 1040 },
      actions: [
        { type: 'uri', linkUri: 'https://shop.example.jp/a', area: { x: 0, y: 0, width: 1, height: 1 } },
        { type: 'message', text: 'https://not-a-link.example.jp', area: { x: 0, y: 0, width: 1, height: 1 } },
      ],
    },
    {
      type: 'flex',
      altText: 'card',
      contents: {
        type: 'bubble',
        body: {
          type: 'box',
          layout: 'vertical',
          contents: [{ type: 'text', text: 'see https://flex-text.example.jp' }],
        },
        footer: {
          type: 'box',
          layout: 'vertical',
          contents: [
            {
              type: 'button',
              action: {
                type: 'uri',
                label: '買う',
                uri: 'https://shop.example.jp/b',
                altUri: { desktop: 'https://shop.example.jp/b-pc' },
              },
            },
          ],
        },
      },
    },
    {
      type: 'template',
      altText: 't',
      template: {
        type: 'buttons',
        text: 't',
        actions: [{ type: 'uri', label: 'tel', uri: 'tel:0312345678' }],
      },
      quickReply: {
        items: [{ type: 'action', action: { type: 'uri', label: 'q', uri: 'https://q.example.jp' } }],
      },
    },
  ] as unknown as LineMessage[];

  it('finds the links a tap opens: text URLs, uri / linkUri / altUri, not a Flex text or a message action', () => {
    expect(linksIn(messages)).toEqual([
      'https://shop.example.jp/sale?x=1',
      'https://shop.example.jp/',
      'https://shop.example.jp/a',
      'https://shop.example.jp/b',
      'https://shop.example.jp/b-pc',
      'https://q.example.jp',
    ]);
  });

  it('rewrites each of them and nothing else', () => {
    const out = rewriteLinks(messages, (url) => `R(${url})`);
    const json = JSON.stringify(out);
    expect(json).toContain('R(https://shop.example.jp/sale?x=1) と R(https://shop.example.jp/) を');
    expect(json).toContain('"linkUri":"R(https://shop.example.jp/a)"');
    expect(json).toContain('"uri":"R(https://shop.example.jp/b)"');
    expect(json).toContain('"desktop":"R(https://shop.example.jp/b-pc)"');
    expect(json).toContain('"uri":"R(https://q.example.jp)"');
    expect(json).toContain('see https://flex-text.example.jp');
    expect(json).toContain('"text":"https://not-a-link.example.jp"');
    expect(json).toContain('"uri":"tel:0312345678"');
  });
});

describe('tracked links through HTTP', () => {
  it('a sent delivery carries our redirect; taps count per delivery and per link', async () => {
    const { channel, base } = await newAccount(a, 'クリック店');
    await follow(channel, '太郎');
    const id = await draft(a, base, [
      '新作 https://shop.example.jp/new を見てね https://shop.example.jp/map',
      'https://shop.example.jp/new',
    ]);
    const sent = await t.api('POST', `${base}/deliveries/${id}/send`, { cookie: a.owner.cookie, body: {} });
    expect(sent.statusCode, sent.body).toBe(200);
    await drain();
    const [call] = await sentOf(channel);
    expect(call!.kind).toBe('broadcast');
    const text = call!.messages.map((m) => m.text).join('\n');
    expect(text).not.toContain('shop.example.jp');
    const tokens = trackedIn(call!.messages[0]!.text!);
    expect(tokens).toHaveLength(2);
    // The same link has the same token in both messages.
    expect(trackedIn(call!.messages[1]!.text!)).toEqual([tokens[0]]);
    for (const token of tokens) expect(token).toMatch(/^[\w-]{16}$/);

    const first = await tap(tokens[0]!);
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('https://shop.example.jp/new');
    expect(first.headers['cache-control']).toBe('no-store');
    await tap(tokens[0]!);
    expect((await tap(tokens[1]!)).headers.location).toBe('https://shop.example.jp/map');

    const view = await getDelivery(a, base, id);
    expect(view.clicks).toEqual({ total: 3, friends: 0 });
    expect(view.links).toEqual([
      { url: 'https://shop.example.jp/new', clicks: 2, friends: 0 },
      { url: 'https://shop.example.jp/map', clicks: 1, friends: 0 },
    ]);
    const list = await t.api('GET', `${base}/deliveries`, { cookie: a.owner.cookie });
    expect(list.json<{ data: Delivery[] }>().data[0]!.clicks.total).toBe(3);
  });

  it("a named friend counts once per link; another delivery's recipient token names nobody; a made-up link is 404", async () => {
    const { channel, base } = await newAccount(a, '名前付き店');
    const taro = await follow(channel, '太郎');
    const id = await draft(a, base, ['https://shop.example.jp/x']);
    await t.api('POST', `${base}/deliveries/${id}/send`, { cookie: a.owner.cookie, body: {} });
    await drain();
    const [link] = trackedIn((await sentOf(channel))[0]!.messages[0]!.text!);
    // A per-friend token, as a push to one friend gets it.
    const named = await recipientTokenFor(t.db, {
      deliveryId: id,
      friendId: taro.friendId,
      isTest: false,
      now: new Date(),
    });
    const syncCommit = async () => {
      const result = await t.db.execute(sql`show synchronous_commit`);
      return (result as { rows: { synchronous_commit: string }[] }).rows[0]!.synchronous_commit;
    };
    expect(await syncCommit()).toBe('on');
    for (let i = 0; i < 3; i += 1) expect((await tap(`${link}.${named}`)).statusCode).toBe(302);
    expect((await getDelivery(a, base, id)).clicks).toEqual({ total: 1, friends: 1 });
    // A tap's own transaction commits without waiting for the disk (set_config local): the connection's
    // setting, which every other write uses, is left as it was.
    expect(await syncCommit()).toBe('on');

    // Client b's delivery: its recipient token with a's link, and its link, tell nothing about a's.
    const other = await newAccount(b, '他社');
    await follow(other.channel, '花子');
    const otherId = await draft(b, other.base, ['https://other.example.jp/']);
    await t.api('POST', `${other.base}/deliveries/${otherId}/send`, { cookie: b.owner.cookie, body: {} });
    await drain();
    const [otherLink] = trackedIn((await sentOf(other.channel))[0]!.messages[0]!.text!);
    const otherNamed = await recipientTokenFor(t.db, {
      deliveryId: otherId,
      friendId: 1,
      isTest: false,
      now: new Date(),
    });
    // A recipient token of another delivery (of another client) names nobody here: the tap leads to the
    // link's own target and counts without a friend, in the link's own delivery only.
    const crossed = await tap(`${link}.${otherNamed}`);
    expect([crossed.statusCode, crossed.headers.location]).toEqual([302, 'https://shop.example.jp/x']);
    expect((await getDelivery(a, base, id)).clicks).toEqual({ total: 2, friends: 1 });
    const crossedBack = await tap(`${otherLink}.${named}`);
    expect([crossedBack.statusCode, crossedBack.headers.location]).toEqual([
      302,
      'https://other.example.jp/',
    ]);
    expect((await getDelivery(b, other.base, otherId)).clicks).toEqual({ total: 1, friends: 0 });
    const before = (await t.db.select().from(deliveryClicks)).length;
    for (const token of ['AAAAAAAAAAAAAAAA', `${link}.`, `${link}.${named}.x`, '../deliveries', String(id)]) {
      const response = await tap(encodeURIComponent(token));
      expect(response.statusCode, token).toBe(404);
      expect(response.json<{ message: string }>().message).toBe('Link not found');
    }
    expect((await t.db.select().from(deliveryClicks)).length).toBe(before);
  });

  // Several connections only on PostgreSQL (PGlite has one: the tap would wait for the open transaction).
  it.runIf(!!process.env.TEST_DATABASE_URL)(
    "a tap never waits for another transaction's tap of the same link: it takes a counter row nobody holds",
    async () => {
      const { channel, base } = await newAccount(a, '同時クリック店');
      await follow(channel, '太郎');
      const id = await draft(a, base, ['https://shop.example.jp/busy']);
      await t.api('POST', `${base}/deliveries/${id}/send`, { cookie: a.owner.cookie, body: {} });
      await drain();
      const [link] = trackedIn((await sentOf(channel))[0]!.messages[0]!.text!);
      // 8 taps one after another: before, one on each of the 8 shard rows (click id mod 8).
      for (let i = 0; i < 8; i += 1) expect((await tap(link!)).statusCode).toBe(302);
      // Another transaction holds every counter row of the link, as clicks not yet committed do: a tap
      // answers all the same (before, it waited for the shard its click id fell on).
      await inTransaction(t.db, async (tx) => {
        await tx.execute(sql`
          select 1 from delivery_link_click_counts
          where link_id = (select id from delivery_links where token = ${link!}) for update`);
        const answer = await tap(link!);
        expect([answer.statusCode, answer.headers.location]).toEqual([302, 'https://shop.example.jp/busy']);
      });
      expect((await getDelivery(a, base, id)).clicks).toEqual({ total: 9, friends: 0 });
    },
  );
});

describe('test send to "me"', () => {
  it('links a friend as me, pushes to that friend only, once, staff included; the test taps are not counted', async () => {
    const { channel, base } = await newAccount(a, 'テスト店');
    const me = await follow(channel, '店長の LINE');
    await follow(channel, 'お客さん');
    const blocked = await follow(channel, 'ブロック', true);
    const id = await draft(a, base, ['テスト https://shop.example.jp/t'], a.staff.cookie);

    const none = await t.api('POST', `${base}/deliveries/${id}/test`, { cookie: a.owner.cookie });
    expect(none.statusCode).toBe(422);
    expect(none.json<{ message: string }>().message).toBe(
      'Link a friend as your own LINE (me) before a test send',
    );

    const refused = await t.api('PUT', `${base}/delivery-test-recipient`, {
      cookie: a.owner.cookie,
      body: { friendId: blocked.friendId },
    });
    expect(refused.statusCode).toBe(400);
    const linked = await t.api('PUT', `${base}/delivery-test-recipient`, {
      cookie: a.owner.cookie,
      body: { friendId: me.friendId },
    });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toEqual({ friend: { id: me.friendId, displayName: '店長の LINE' } });
    // "me" is per user: the manager has none.
    const managers = await t.api('GET', `${base}/delivery-test-recipient`, { cookie: a.manager.cookie });
    expect(managers.json()).toEqual({ friend: null });

    const test = await t.api('POST', `${base}/deliveries/${id}/test`, { cookie: a.owner.cookie });
    expect(test.statusCode, test.body).toBe(200);
    const calls = await sentOf(channel);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ kind: 'push', to: [me.userId] });
    expect(calls[0]!.retryKey).toMatch(/^[0-9a-f-]{36}$/);
    const [token] = trackedIn(calls[0]!.messages[0]!.text!);
    expect(token).toMatch(/^[\w-]{16}\.[\w-]{16}$/);
    expect((await tap(token!)).headers.location).toBe('https://shop.example.jp/t');
    expect((await getDelivery(a, base, id)).clicks).toEqual({ total: 0, friends: 0 });
    expect((await getDelivery(a, base, id)).status).toBe('DRAFT');

    // Staff may test-send (to their own LINE) but not send.
    await t.api('PUT', `${base}/delivery-test-recipient`, {
      cookie: a.staff.cookie,
      body: { friendId: me.friendId },
    });
    const staffTest = await t.api('POST', `${base}/deliveries/${id}/test`, { cookie: a.staff.cookie });
    expect(staffTest.statusCode, staffTest.body).toBe(200);
    const staffSend = await t.api('POST', `${base}/deliveries/${id}/send`, {
      cookie: a.staff.cookie,
      body: {},
    });
    expect(staffSend.statusCode).toBe(403);
    const after = await sentOf(channel);
    expect(after).toHaveLength(2);
    expect(after.every((c) => c.kind === 'push' && c.to.length === 1 && c.to[0] === me.userId)).toBe(true);
    expect(new Set(after.map((c) => c.retryKey)).size).toBe(2);

    const unlinked = await t.api('DELETE', `${base}/delivery-test-recipient`, { cookie: a.owner.cookie });
    expect(unlinked.json()).toEqual({ friend: null });
    expect(
      (await t.api('POST', `${base}/deliveries/${id}/test`, { cookie: a.owner.cookie })).statusCode,
    ).toBe(422);
  });

  it("another tenant's friend cannot be linked as me", async () => {
    const { channel } = await newAccount(b, '他社2');
    const theirs = await follow(channel, '他社の人');
    const { base } = await newAccount(a, '自社');
    const response = await t.api('PUT', `${base}/delivery-test-recipient`, {
      cookie: a.owner.cookie,
      body: { friendId: theirs.friendId },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('the quota switch: send up to the remaining quota', () => {
  it('up to the quota: the first N by friend id, in multicasts, counted and nothing more', async () => {
    const { channel, accountId, base } = await newAccount(a, '上限の店');
    const inserted = await t.db
      .insert(friends)
      .values(
        Array.from({ length: 730 }, (_, i) => ({
          clientId: a.client.id,
          lineAccountId: accountId,
          lineUserId: `U${randomBytes(16).toString('hex')}`,
          displayName: `お客 ${i}`,
        })),
      )
      .returning({ id: friends.id, userId: friends.lineUserId });
    // The 200-message plan: 730 friends do not fit.
    await sim.consoleCall('PATCH', `/_sim/channels/${channel.channelId}`, { quotaPlan: 'communication' });
    const id = await draft(a, base, ['先着でお届け']);
    const refused = await t.api('POST', `${base}/deliveries/${id}/send`, {
      cookie: a.owner.cookie,
      body: {},
    });
    expect(refused.statusCode).toBe(422);
    const sent = await t.api('POST', `${base}/deliveries/${id}/send`, {
      cookie: a.owner.cookie,
      body: { upToQuota: true },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ status: 'SENDING', targetCount: 200, recipientLimit: 200 });
    await drain();
    const done = await getDelivery(a, base, id);
    expect(done, JSON.stringify(done)).toMatchObject({ status: 'SENT', sentCount: 200 });
    const calls = await sentOf(channel);
    expect(calls.every((c) => c.kind === 'multicast')).toBe(true);
    const addressed = calls.flatMap((c) => c.to);
    const firstByid = [...inserted]
      .sort((x, y) => x.id - y.id)
      .slice(0, 200)
      .map((f) => f.userId);
    expect(addressed).toEqual(firstByid);
  });
});
