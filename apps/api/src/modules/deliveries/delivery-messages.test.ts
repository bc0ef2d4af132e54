import { cardMessages, deliveryMessages } from '@app/contracts';
import type { messagingApi } from '@line/bot-sdk';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { friends, messageDeliveries as deliveries } from '../../db/schema/index.ts';
import {
  connectBody,
  createLineTestApp,
  startLineSim,
  type LineSim,
  type LineTestApp,
  type SimChannel,
} from '../../testing/line-sim.ts';

const C = '/client/api/v1';
let sim: LineSim;
let t: LineTestApp;
let a: Awaited<ReturnType<LineTestApp['clientWithUsers']>>;
let channel: SimChannel;
let base: string;
let friendUserId: string;

type Failure = { code: string; message: string; errors?: { path: string; message: string }[] };

async function drain() {
  for (let i = 0; i < 20; i += 1) if ((await t.app.jobs.runDue(50)) === 0) return;
}

const card = (overrides: Record<string, unknown> = {}) => ({
  imageUrl: 'https://example.com/parfait.jpg',
  title: '抹茶パフェ',
  text: '宇治抹茶をたっぷり使った季節限定のパフェです。',
  price: 1200,
  actions: [
    { type: 'uri', label: '予約する', uri: 'https://example.com/reserve' },
    { type: 'message', label: '詳しく', text: '抹茶パフェについて教えて' },
  ],
  ...overrides,
});
const cards = (list: Record<string, unknown>[], altText = '季節のおすすめ') => ({
  type: 'cards',
  altText,
  cards: list,
});

const post = (messages: unknown[], cookie = a.owner.cookie) =>
  t.api('POST', `${base}/deliveries`, {
    cookie,
    body: { title: 'おすすめ', messages, audience: { type: 'ALL' } },
  });

/** Refused (400: our schema; 422: LINE's validate endpoint) with nothing saved. */
async function refused(messages: unknown[], status = 400) {
  const before = (await t.db.select().from(deliveries)).length;
  const response = await post(messages);
  expect(response.statusCode, response.body).toBe(status);
  expect((await t.db.select().from(deliveries)).length).toBe(before);
  return response.json<Failure>();
}

beforeAll(async () => {
  sim = await startLineSim();
  t = await createLineTestApp(sim);
  a = await t.clientWithUsers();
  channel = await sim.createChannel({ displayName: '京都茶房' });
  const response = await t.api('POST', `${C}/line-account`, {
    cookie: a.owner.cookie,
    body: connectBody(channel),
  });
  expect(response.statusCode, response.body).toBe(201);
  base = `${C}/line-account/${response.json<{ id: number }>().id}`;
  const user = await sim.createUser('常連 山田');
  await sim.act(user.userId, `follow/${channel.channelId}`);
  await drain();
  friendUserId = user.userId;
  expect((await t.db.select().from(friends).where(eq(friends.lineUserId, user.userId))).length).toBe(1);
}, 60_000);
afterAll(async () => {
  await t.close();
  await sim.close();
});

describe('card-type message', () => {
  it('is saved from our form, sent as a Flex carousel and reaches the friend with its buttons', async () => {
    const created = await post([
      { type: 'text', text: '今月のおすすめです' },
      cards([
        card(),
        card({ imageUrl: null, title: 'ほうじ茶ラテ', price: null, text: undefined, actions: [] }),
      ]),
    ]);
    expect(created.statusCode, created.body).toBe(201);
    const delivery = created.json<{ id: number; messages: unknown[] }>();
    // Defaults filled in: what the API answers is what is stored.
    expect(delivery.messages[1]).toEqual(
      cards([card(), card({ imageUrl: null, title: 'ほうじ茶ラテ', price: null, text: '', actions: [] })]),
    );
    const sent = await t.api('POST', `${base}/deliveries/${delivery.id}/send`, {
      cookie: a.owner.cookie,
      body: {},
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await drain();
    const log = await sim.consoleCall<{ sent: { kind: string; messages: messagingApi.Message[] }[] }>(
      'GET',
      `/_sim/channels/${channel.channelId}/sent`,
    );
    const flex = log.sent.at(-1)!.messages[1] as messagingApi.FlexMessage;
    expect(flex.altText).toBe('季節のおすすめ');
    const carousel = flex.contents as messagingApi.FlexCarousel;
    expect(carousel.type).toBe('carousel');
    expect(carousel.contents).toHaveLength(2);
    const [first, second] = carousel.contents;
    expect(first!.hero).toMatchObject({ type: 'image', url: 'https://example.com/parfait.jpg' });
    expect(JSON.stringify(first!.body)).toContain('¥1,200');
    expect((first!.footer as messagingApi.FlexBox).contents).toEqual([
      expect.objectContaining({
        action: { type: 'uri', label: '予約する', uri: expect.stringMatching(/\/r\/[\w-]{16}$/) },
      }),
      expect.objectContaining({
        action: { type: 'message', label: '詳しく', text: '抹茶パフェについて教えて' },
      }),
    ]);
    // the card's link goes through our tracked redirect (decision 0035) to the link typed in the form
    const button = (first!.footer as messagingApi.FlexBox).contents[0] as messagingApi.FlexButton;
    const redirect = await t.api('GET', new URL((button.action as messagingApi.URIAction).uri!).pathname);
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe('https://example.com/reserve');
    expect(second!.hero).toBeUndefined();
    expect(second!.footer).toBeUndefined();
    const timeline = await sim.consoleCall<{ entries: { message?: { type: string } }[] }>(
      'GET',
      `/_sim/users/${friendUserId}/timeline/${channel.channelId}`,
    );
    expect(timeline.entries.some((e) => e.message?.type === 'flex')).toBe(true);
  });

  it('refuses each of our limits with its text, and saves nothing', async () => {
    const cases: [unknown, string][] = [
      [cards([]), cardMessages.cardsCount],
      [cards(Array.from({ length: 11 }, () => card())), cardMessages.cardsCount],
      [cards([card()], ''), cardMessages.altTextRequired],
      [cards([card()], 'あ'.repeat(401)), cardMessages.altTextMax],
      [cards([card({ title: ' ' })]), cardMessages.titleRequired],
      [cards([card({ title: 'あ'.repeat(41) })]), cardMessages.titleMax],
      [cards([card({ text: 'あ'.repeat(161) })]), cardMessages.textMax],
      [cards([card({ price: -1 })]), cardMessages.price],
      [cards([card({ price: 1.5 })]), cardMessages.price],
      [cards([card({ imageUrl: 'http://example.com/a.jpg' })]), cardMessages.imageUrl],
      [
        cards([
          card({ actions: Array.from({ length: 4 }, () => ({ type: 'message', label: 'a', text: 'a' })) }),
        ]),
        cardMessages.actionsCount,
      ],
      [cards([card({ actions: [{ type: 'message', label: '', text: 'a' }] })]), cardMessages.labelRequired],
      [
        cards([card({ actions: [{ type: 'message', label: 'あ'.repeat(21), text: 'a' }] })]),
        cardMessages.labelMax,
      ],
      [
        cards([card({ actions: [{ type: 'message', label: 'a', text: ' ' }] })]),
        cardMessages.actionTextRequired,
      ],
      [
        cards([card({ actions: [{ type: 'message', label: 'a', text: 'あ'.repeat(301) }] })]),
        cardMessages.actionTextMax,
      ],
      [
        cards([card({ actions: [{ type: 'uri', label: 'a', uri: 'javascript:alert(1)' }] })]),
        cardMessages.uri,
      ],
      [cards([card({ actions: [{ type: 'postback', label: 'a', data: 'x' }] })]), cardMessages.actionType],
      [{ type: 'video' }, deliveryMessages.messageType],
      [{ type: 'sticker', packageId: '446', stickerId: '2028' }, deliveryMessages.stickerNotSendable],
      [{ type: 'sticker', packageId: '1', stickerId: '1' }, deliveryMessages.stickerNotSendable],
    ];
    for (const [message, text] of cases) {
      const error = await refused([message]);
      expect(error.code, text).toBe('VALIDATION_ERROR');
      expect(
        error.errors?.map((d) => d.message),
        text,
      ).toContain(text);
    }
  });

  it("shows LINE's own refusal from its validate endpoint as a 422 in words; LINE down is a 503", async () => {
    // Ten cards with the longest links our form takes: more than the 50 KB of Flex JSON LINE takes.
    const long = (n: number) => `https://example.com/${String(n).repeat(1000)}`.slice(0, 1000);
    const heavy = Array.from({ length: 10 }, (_, i) =>
      card({
        imageUrl: `${long(i)}${'x'.repeat(1000)}`,
        actions: [0, 1, 2].map((j) => ({ type: 'uri', label: `リンク${j}`, uri: long(j) })),
      }),
    );
    const error = await refused([cards(heavy)], 422);
    expect(error.code).toBe('UNPROCESSABLE');
    expect(error.message).toBe(
      deliveryMessages.lineRefused(
        'LINE 400: The request body has 1 error(s) (messages[0].contents: The size of the carousel must be at most 50000 bytes)',
      ),
    );
    expect(error.errors).toEqual([
      { path: 'messages.0.contents', message: 'The size of the carousel must be at most 50000 bytes' },
    ]);
    await sim.consoleCall('POST', '/_sim/faults', {
      channelId: channel.channelId,
      pathPrefix: '/v2/bot/message/validate/',
      status: 500,
      count: 1,
    });
    const before = (await t.db.select().from(deliveries)).length;
    const down = await post([cards([card()])]);
    expect(down.statusCode, down.body).toBe(503);
    expect((await t.db.select().from(deliveries)).length).toBe(before);
  });
});
