import { deliveryImageMessages, deliveryMessages, templateMessages } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  conversations,
  deliveryChunks,
  deliveryRecipientTokens,
  friends,
  messages as chat,
} from '../../db/schema/index.ts';
import {
  connectBody,
  createLineTestApp,
  startLineSim,
  type LineSim,
  type LineTestApp,
  type SimChannel,
} from '../../testing/line-sim.ts';
import { createPng, dataUrl } from '../../testing/images.ts';
import { personalLinkToken } from './deliveries.links.ts';
import { pushRetryKey } from './deliveries.personal.ts';
import { sendingFaults } from './deliveries.sending.ts';

/** Templates (定型文), the friend-name placeholder and deliveries in the chat history (decision 0040). */

const C = '/client/api/v1';
let sim: LineSim;
let t: LineTestApp;
let a: Awaited<ReturnType<LineTestApp['clientWithUsers']>>;

type Sent = {
  kind: string;
  to: string[];
  retryKey: string | null;
  messages: { type: string; text?: string }[];
};
type Failure = { code: string; message: string; errors?: { path: string; message: string }[] };
type Template = { id: number; name: string; folder: string | null; messages: unknown[] };

async function drain() {
  for (let i = 0; i < 30; i += 1) if ((await t.app.jobs.runDue(50)) === 0) return;
}

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

async function follow(channel: SimChannel, displayName: string) {
  const user = await sim.createUser(displayName);
  await sim.act(user.userId, `follow/${channel.channelId}`);
  await drain();
  const [row] = await t.db.select().from(friends).where(eq(friends.lineUserId, user.userId));
  return { userId: user.userId, friendId: row!.id };
}

const sentOf = (channel: SimChannel) =>
  sim.consoleCall<{ sent: Sent[] }>('GET', `/_sim/channels/${channel.channelId}/sent`).then((r) => r.sent);

async function sendDelivery(base: string, body: Record<string, unknown>) {
  const created = await t.api('POST', `${base}/deliveries`, {
    cookie: a.owner.cookie,
    body: { title: 'ご来店のお礼', ...body },
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json<{ id: number }>().id;
  const sent = await t.api('POST', `${base}/deliveries/${id}/send`, { cookie: a.owner.cookie, body: {} });
  expect(sent.statusCode, sent.body).toBe(200);
  return id;
}

const getDelivery = async (base: string, id: number) =>
  (await t.api('GET', `${base}/deliveries/${id}`, { cookie: a.owner.cookie })).json<
    Record<string, unknown>
  >();

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

describe('templates (定型文)', () => {
  it('are created, listed by folder and name, changed and deleted; staff may write them', async () => {
    const acc = await newAccount('テンプレ店');
    const body = (name: string, folder?: string | null) => ({
      name,
      folder,
      messages: [
        { type: 'text', text: `{name}様、${name}です` },
        { type: 'sticker', packageId: '446', stickerId: '1988' },
      ],
    });
    const made: Template[] = [];
    for (const [name, folder] of [
      ['予約確認', 'ご案内'],
      ['キャンペーン', null],
      ['営業時間のご案内', 'ご案内'],
    ] as const) {
      const r = await t.api('POST', `${acc.base}/message-templates`, {
        cookie: a.staff.cookie,
        body: body(name, folder),
      });
      expect(r.statusCode, r.body).toBe(201);
      made.push(r.json<Template>());
    }
    const list = await t.api('GET', `${acc.base}/message-templates`, { cookie: a.staff.cookie });
    expect(list.json<{ data: Template[] }>().data.map((x) => [x.folder, x.name])).toEqual([
      ['ご案内', '予約確認'],
      ['ご案内', '営業時間のご案内'],
      [null, 'キャンペーン'],
    ]);
    const changed = await t.api('PUT', `${acc.base}/message-templates/${made[1]!.id}`, {
      cookie: a.owner.cookie,
      body: {
        ...body('冬のキャンペーン', '  '),
        messages: [{ type: 'text', text: '冬のキャンペーン中です' }],
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<Template>()).toMatchObject({
      name: '冬のキャンペーン',
      folder: null,
      messages: [{ type: 'text', text: '冬のキャンペーン中です' }],
    });
    const removed = await t.api('DELETE', `${acc.base}/message-templates/${made[0]!.id}`, {
      cookie: a.owner.cookie,
    });
    expect(removed.statusCode).toBe(200);
    const again = await t.api('DELETE', `${acc.base}/message-templates/${made[0]!.id}`, {
      cookie: a.owner.cookie,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json<Failure>().message).toBe(templateMessages.notFound);
  });

  it('refuses bad input with its text and saves nothing; another client gets 404', async () => {
    const acc = await newAccount('テンプレ検査店');
    const post = (body: unknown, cookie = a.owner.cookie) =>
      t.api('POST', `${acc.base}/message-templates`, { cookie, body });
    const cases: [unknown, string][] = [
      [{ name: ' ', messages: [{ type: 'text', text: 'x' }] }, templateMessages.nameRequired],
      [{ name: 'x'.repeat(51), messages: [{ type: 'text', text: 'x' }] }, templateMessages.nameMax],
      [
        { name: 'a', folder: 'f'.repeat(31), messages: [{ type: 'text', text: 'x' }] },
        templateMessages.folderMax,
      ],
      [{ name: 'a', messages: [] }, deliveryMessages.messagesCount],
      [{ name: 'a', messages: [{ type: 'text', text: '' }] }, deliveryMessages.textRequired],
      [
        { name: 'a', messages: [{ type: 'sticker', packageId: '1', stickerId: '999999' }] },
        deliveryMessages.stickerNotSendable,
      ],
    ];
    for (const [body, text] of cases) {
      const r = await post(body);
      expect(r.statusCode, r.body).toBe(400);
      expect(JSON.stringify(r.json<Failure>())).toContain(text);
    }
    const ok = await post({ name: '残る', messages: [{ type: 'text', text: 'x' }] });
    const id = ok.json<Template>().id;
    const b = await t.clientWithUsers();
    expect((await t.api('GET', `${acc.base}/message-templates`, { cookie: b.owner.cookie })).statusCode).toBe(
      404,
    );
    const put = await t.api('PUT', `${acc.base}/message-templates/${id}`, {
      cookie: b.owner.cookie,
      body: { name: '横取り', messages: [{ type: 'text', text: 'x' }] },
    });
    expect(put.statusCode).toBe(404);
    const list = await t.api('GET', `${acc.base}/message-templates`, { cookie: a.owner.cookie });
    expect(list.json<{ data: Template[] }>().data.map((x) => x.name)).toEqual(['残る']);
  });
});

describe('templates with images (decision 0039)', () => {
  it('hold image and rich messages uploaded to the account; a key of another account or kind is refused, nothing saved', async () => {
    const acc = await newAccount('画像テンプレ店');
    const other = await newAccount('別の画像店');
    const upload = async (kind: 'image' | 'imagemap', base = acc.base) => {
      const r = await t.api('POST', `${base}/delivery-images`, {
        cookie: a.staff.cookie,
        body: { kind, dataUrl: dataUrl(createPng(1040, 520)) },
      });
      expect(r.statusCode, r.body).toBe(201);
      return r.json<{ key: string; height: number }>();
    };
    const image = await upload('image');
    const rich = await upload('imagemap');
    const messages = [
      { type: 'image', imageKey: image.key },
      {
        type: 'imagemap',
        imageKey: rich.key,
        altText: '冬のメニュー',
        height: rich.height,
        areas: [
          {
            bounds: { x: 0, y: 0, width: 1040, height: rich.height },
            action: { type: 'message', text: '予約' },
          },
        ],
      },
    ];
    const made = await t.api('POST', `${acc.base}/message-templates`, {
      cookie: a.staff.cookie,
      body: { name: '冬のメニュー', messages },
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json<Template>().messages).toMatchObject(messages);
    const foreign = await upload('image', other.base);
    const cases: [unknown[], string, string][] = [
      [
        [{ type: 'image', imageKey: foreign.key }],
        deliveryImageMessages.imageUnknown,
        'body.messages.0.imageKey',
      ],
      [
        [{ type: 'image', imageKey: rich.key }],
        deliveryImageMessages.imageUnknown,
        'body.messages.0.imageKey',
      ],
      [
        [
          { type: 'text', text: 'x' },
          { ...messages[1], height: rich.height + 10 },
        ],
        deliveryImageMessages.imagemapHeight,
        'body.messages.1.height',
      ],
    ];
    for (const [bad, text, path] of cases) {
      const r = await t.api('POST', `${acc.base}/message-templates`, {
        cookie: a.owner.cookie,
        body: { name: '不正', messages: bad },
      });
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json<Failure>()).toMatchObject({ message: text, errors: [{ path }] });
      const put = await t.api('PUT', `${acc.base}/message-templates/${made.json<Template>().id}`, {
        cookie: a.owner.cookie,
        body: { name: '不正', messages: bad },
      });
      expect(put.statusCode, put.body).toBe(400);
    }
    const list = await t.api('GET', `${acc.base}/message-templates`, { cookie: a.owner.cookie });
    expect(list.json<{ data: Template[] }>().data).toMatchObject([{ name: '冬のメニュー', messages }]);
  });
});

describe('the friend-name placeholder', () => {
  it('sends one push per friend with their name, keys derived per friend; the chat history shows it as a delivery, the inbox unchanged', async () => {
    const acc = await newAccount('京都茶房');
    const yamada = await follow(acc.channel, '山田 花子');
    const sato = await follow(acc.channel, '佐藤 一郎');
    // Sato wrote first and waits for an answer: the delivery must leave that alone
    await sim.act(sato.userId, 'messages', { channelId: acc.channel.channelId, text: '予約できますか' });
    await drain();
    const before = await sentOf(acc.channel);
    const id = await sendDelivery(acc.base, {
      messages: [
        { type: 'text', text: '{name}さん、ご来店ありがとうございました' },
        { type: 'sticker', packageId: '446', stickerId: '1988' },
      ],
      audience: { type: 'FRIENDS', friendIds: [yamada.friendId, sato.friendId] },
    });
    await drain();
    const pushes = (await sentOf(acc.channel)).slice(before.length);
    expect(pushes.map((p) => p.kind)).toEqual(['push', 'push']);
    const byUser = new Map(pushes.map((p) => [p.to[0], p]));
    expect(byUser.get(yamada.userId)!.messages[0]!.text).toBe('山田 花子さん、ご来店ありがとうございました');
    expect(byUser.get(sato.userId)!.messages[0]!.text).toBe('佐藤 一郎さん、ご来店ありがとうございました');
    const [chunk] = await t.db.select().from(deliveryChunks).where(eq(deliveryChunks.deliveryId, id));
    expect(byUser.get(yamada.userId)!.retryKey).toBe(pushRetryKey(chunk!.retryKey, yamada.userId));
    expect(await getDelivery(acc.base, id)).toMatchObject({
      status: 'SENT',
      targetCount: 2,
      sentCount: 2,
      failedCount: 0,
    });

    const history = await t.api('GET', `${acc.base}/friends/${yamada.friendId}/messages`, {
      cookie: a.owner.cookie,
    });
    const page = history.json<{
      data: { type: string; contents: string; source: string; fromDelivery: unknown }[];
    }>();
    expect(page.data.map((m) => [m.type, m.contents, m.fromDelivery])).toEqual(
      expect.arrayContaining([
        ['text', '山田 花子さん、ご来店ありがとうございました', { id, title: 'ご来店のお礼' }],
        ['sticker', '[sticker]', { id, title: 'ご来店のお礼' }],
      ]),
    );
    // the inbox's conversations are left alone: none made for Yamada, Sato's still unread and 要対応
    const [yConv] = await t.db
      .select()
      .from(conversations)
      .where(eq(conversations.friendId, yamada.friendId));
    expect(yConv).toBeUndefined();
    const [sConv] = await t.db.select().from(conversations).where(eq(conversations.friendId, sato.friendId));
    expect(sConv).toMatchObject({
      unreadCount: 1,
      status: 'NEEDS_REPLY',
      lastMessageSource: 'user',
      lastMessagePreview: '予約できますか',
    });
  });

  it('to all friends goes by pushes, not the broadcast that cannot personalise', async () => {
    const acc = await newAccount('全員向け店');
    await follow(acc.channel, '一人目');
    const nameless = await follow(acc.channel, '名無し');
    await t.db.update(friends).set({ displayName: '' }).where(eq(friends.id, nameless.friendId));
    const before = (await sentOf(acc.channel)).length;
    const id = await sendDelivery(acc.base, {
      messages: [{ type: 'text', text: '{name}様 本日限定です' }],
      audience: { type: 'ALL' },
    });
    await drain();
    const sent = (await sentOf(acc.channel)).slice(before);
    expect(sent.map((s) => s.kind)).toEqual(['push', 'push']);
    expect(sent.map((s) => s.messages[0]!.text).sort()).toEqual([
      'お客様様 本日限定です',
      '一人目様 本日限定です',
    ]);
    expect(await getDelivery(acc.base, id)).toMatchObject({ status: 'SENT', sentCount: 2 });
    const rows = await t.db
      .select()
      .from(chat)
      .where(and(eq(chat.lineAccountId, acc.accountId), eq(chat.source, 'system')));
    expect(rows.map((r) => (r.contents as { text: string }).text).sort()).toEqual(
      sent.map((s) => s.messages[0]!.text).sort(),
    );
  });

  it('a lost answer and a crash after the pushes: every friend gets it exactly once, the chat once', async () => {
    const acc = await newAccount('再送店');
    // LINE users the simulator knows (a push to an unknown id is refused), written straight as friends
    const ids: string[] = [];
    for (let i = 0; i < 23; i += 1) ids.push((await sim.createUser(`客${i}`)).userId);
    await t.db.insert(friends).values(
      ids.map((lineUserId, i) => ({
        clientId: a.client.id,
        lineAccountId: acc.accountId,
        lineUserId,
        displayName: `客${i}`,
      })),
    );
    await sim.fault({
      status: 500,
      count: 1,
      when: 'after',
      channelId: acc.channel.channelId,
      pathPrefix: '/v2/bot/message/push',
    });
    let crashed = false;
    sendingFaults.afterCall = () => {
      if (crashed) return;
      crashed = true;
      throw new Error('process died after the pushes');
    };
    const id = await sendDelivery(acc.base, {
      messages: [{ type: 'text', text: '{name}さんへ' }],
      audience: { type: 'ALL' },
    });
    for (let i = 0; i < 5; i += 1) {
      await drain();
      t.clock.advance(60_000);
    }
    expect(crashed).toBe(true);
    const accepted = (await sentOf(acc.channel)).filter((s) => s.kind === 'push');
    expect(accepted.map((s) => s.to[0]).sort()).toEqual([...ids].sort());
    expect(await getDelivery(acc.base, id)).toMatchObject({ status: 'SENT', sentCount: 23, failedCount: 0 });
    const rows = await t.db.select().from(chat).where(eq(chat.lineAccountId, acc.accountId));
    expect(rows).toHaveLength(23);
  });
});

describe('per-friend tracked links in personalised pushes (decision 0047)', () => {
  it('each push names its friend in every link; a tap counts for that friend, and the report says who clicked', async () => {
    const acc = await newAccount('リンク店');
    const yamada = await follow(acc.channel, '山田 花子');
    const sato = await follow(acc.channel, '佐藤 一郎');
    const suzuki = await follow(acc.channel, '鈴木 三郎');
    const id = await sendDelivery(acc.base, {
      messages: [
        { type: 'text', text: '{name}さん、冬のセールです https://shop.example.jp/sale' },
        {
          type: 'cards',
          altText: '予約',
          cards: [
            {
              title: '予約',
              actions: [{ type: 'uri', label: '予約する', uri: 'https://shop.example.jp/book' }],
            },
          ],
        },
      ],
      audience: { type: 'FRIENDS', friendIds: [yamada.friendId, sato.friendId, suzuki.friendId] },
    });
    await drain();
    // what each friend's LINE received (the simulator's timeline): links through our redirect, per friend
    const received = async (userId: string) => {
      const timeline = await sim.consoleCall<unknown>(
        'GET',
        `/_sim/users/${userId}/timeline/${acc.channel.channelId}`,
      );
      return [...JSON.stringify(timeline).matchAll(/http:\/\/127\.0\.0\.1:\d+\/r\/([\w.-]+)/g)].map(
        (m) => m[1]!,
      );
    };
    const links = new Map<string, string[]>();
    for (const f of [yamada, sato, suzuki]) links.set(f.userId, await received(f.userId));
    for (const tokens of links.values()) {
      expect(tokens).toHaveLength(2);
      for (const token of tokens) expect(token).toMatch(/^[\w-]{16}\.[\w-]{16}$/);
    }
    const [yText, yCard] = links.get(yamada.userId)!;
    const [sText] = links.get(sato.userId)!;
    // the same link, another friend: the same link token, another recipient token
    expect(yText!.split('.')[0]).toBe(sText!.split('.')[0]);
    expect(yText!.split('.')[1]).not.toBe(sText!.split('.')[1]);
    // the tokens were stored with the chunk, derived from its retry key: every retry sends the same links
    const [chunk] = await t.db.select().from(deliveryChunks).where(eq(deliveryChunks.deliveryId, id));
    expect(yText!.split('.')[1]).toBe(personalLinkToken(chunk!.retryKey, yamada.userId));
    const stored = await t.db
      .select()
      .from(deliveryRecipientTokens)
      .where(eq(deliveryRecipientTokens.deliveryId, id));
    expect(stored.map((r) => r.friendId).sort()).toEqual(
      [yamada.friendId, sato.friendId, suzuki.friendId].sort(),
    );
    expect(stored.every((r) => !r.isTest)).toBe(true);

    const tap = async (token: string) => {
      const r = await t.api('GET', `/r/${token}`);
      expect(r.statusCode, token).toBe(302);
      return r.headers.location;
    };
    expect(await tap(yText!)).toBe('https://shop.example.jp/sale');
    t.clock.advance(1_000);
    expect(await tap(yText!)).toBe('https://shop.example.jp/sale'); // the same friend again: once per link
    t.clock.advance(1_000);
    expect(await tap(yCard!)).toBe('https://shop.example.jp/book');
    t.clock.advance(1_000);
    await tap(sText!);
    // a recipient token nobody was given still leads to the target, counted without a friend
    expect(await tap(`${yText!.split('.')[0]}.${'x'.repeat(16)}`)).toBe('https://shop.example.jp/sale');

    const report = await getDelivery(acc.base, id);
    expect(report).toMatchObject({
      // the anonymous tap counts as a tap, of no friend
      clicks: { total: 4, friends: 2 },
      links: [
        { url: 'https://shop.example.jp/sale', clicks: 3, friends: 2 },
        { url: 'https://shop.example.jp/book', clicks: 1, friends: 1 },
      ],
      clickedFriends: [
        { id: sato.friendId, displayName: '佐藤 一郎', links: 1 },
        { id: yamada.friendId, displayName: '山田 花子', links: 2 },
      ],
    });
    // another client sees nothing of it
    const b = await t.clientWithUsers();
    const other = await t.api('GET', `${acc.base}/deliveries/${id}`, { cookie: b.owner.cookie });
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('山田');
  });

  it('a delivery without links stores no friend tokens', async () => {
    const acc = await newAccount('リンクなし店');
    const one = await follow(acc.channel, '一人');
    const id = await sendDelivery(acc.base, {
      messages: [{ type: 'text', text: '{name}さん、こんにちは' }],
      audience: { type: 'FRIENDS', friendIds: [one.friendId] },
    });
    await drain();
    expect(await getDelivery(acc.base, id)).toMatchObject({ status: 'SENT', clickedFriends: [] });
    const stored = await t.db
      .select()
      .from(deliveryRecipientTokens)
      .where(eq(deliveryRecipientTokens.deliveryId, id));
    expect(stored).toEqual([]);
  });
});

describe('a delivery in the chat history', () => {
  it('a multicast writes one row per recipient and message; a broadcast every following friend', async () => {
    const acc = await newAccount('履歴店');
    const one = await follow(acc.channel, '履歴 一');
    const two = await follow(acc.channel, '履歴 二');
    const multicast = await sendDelivery(acc.base, {
      title: '冬のお知らせ',
      messages: [{ type: 'text', text: '冬季休業のお知らせ' }],
      audience: { type: 'FRIENDS', friendIds: [one.friendId] },
    });
    await drain();
    const broadcast = await sendDelivery(acc.base, {
      title: '新メニュー',
      messages: [
        { type: 'text', text: '新メニューのご案内' },
        { type: 'cards', altText: '新メニュー', cards: [{ title: '抹茶ラテ', actions: [] }] },
      ],
      audience: { type: 'ALL' },
    });
    await drain();
    const rows = await t.db.select().from(chat).where(eq(chat.lineAccountId, acc.accountId));
    const of = (friendId: number) =>
      rows
        .filter((r) => r.friendId === friendId)
        .map((r) => [r.type, (r.contents as { delivery: { id: number } }).delivery.id]);
    expect(of(one.friendId)).toEqual([
      ['text', multicast],
      ['text', broadcast],
      ['flex', broadcast],
    ]);
    expect(of(two.friendId)).toEqual([
      ['text', broadcast],
      ['flex', broadcast],
    ]);
    const convs = await t.db
      .select()
      .from(conversations)
      .where(eq(conversations.lineAccountId, acc.accountId));
    expect(convs).toEqual([]);
  });
});
