import { friendMessages, inboxMessages } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations, friends, messages } from '../../db/schema/index.ts';
import {
  connectBody,
  createLineTestApp,
  signLineBody,
  startLineSim,
  type LineSim,
  type LineTestApp,
  type SimChannel,
} from '../../testing/line-sim.ts';

const C = '/client/api/v1';
let sim: LineSim;
let t: LineTestApp;
let a: Awaited<ReturnType<LineTestApp['clientWithUsers']>>;
let b: Awaited<ReturnType<LineTestApp['clientWithUsers']>>;
let channel: SimChannel;
let accountId: number;
let seq = 0;

beforeAll(async () => {
  sim = await startLineSim();
  t = await createLineTestApp(sim);
  a = await t.clientWithUsers();
  b = await t.clientWithUsers();
  channel = await sim.createChannel({ displayName: '京都茶房' });
  accountId = (
    await t.api('POST', `${C}/line-account`, { cookie: a.owner.cookie, body: connectBody(channel) })
  ).json().id;
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

/** LINE's webhook call with these events, signed; the jobs then run. */
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
  await t.app.jobs.runDue();
}

const event = (userId: string, timestamp: number, extra: Record<string, unknown>) => ({
  mode: 'active',
  timestamp,
  webhookEventId: `01INBOX${String(++seq).padStart(19, '0')}`,
  deliveryContext: { isRedelivery: false },
  source: { type: 'user', userId },
  ...extra,
});
const textFrom = (userId: string, text: string, timestamp: number, id = `m${++seq}`) =>
  event(userId, timestamp, {
    type: 'message',
    replyToken: `r${seq}`,
    message: { id, type: 'text', text, quoteToken: 'q' },
  });

const inboxUrl = () => `${C}/line-account/${accountId}/inbox`;
const friendIdOf = async (userId: string) =>
  (await t.db.select().from(friends).where(eq(friends.lineUserId, userId)))[0]!.id;

describe('chat inbox', () => {
  let tanaka: { userId: string };
  let sato: { userId: string };
  let tanakaId: number;
  let satoId: number;
  // an hour ago: every message here is older than one the back office sends now
  let t0 = 0;

  it('lists conversations newest first with unread counts and 要対応; the menu total counts them', async () => {
    t0 = t.clock.now().getTime() - 3_600_000;
    tanaka = await sim.createUser('田中 一郎');
    sato = await sim.createUser('佐藤 花子');
    await sim.act(tanaka.userId, `follow/${channel.channelId}`);
    await sim.act(sato.userId, `follow/${channel.channelId}`);
    await t.app.jobs.runDue();
    await deliver([textFrom(tanaka.userId, '予約できますか', t0)]);
    await deliver([textFrom(sato.userId, '抹茶ラテはありますか', t0 + 60_000)]);
    await deliver([textFrom(tanaka.userId, '明日の15時です', t0 + 120_000)]);
    tanakaId = await friendIdOf(tanaka.userId);
    satoId = await friendIdOf(sato.userId);

    const list = await t.api('GET', inboxUrl(), { cookie: a.staff.cookie });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({
      data: [
        {
          friendId: tanakaId,
          displayName: '田中 一郎',
          unreadCount: 2,
          status: 'NEEDS_REPLY',
          lastMessagePreview: '明日の15時です',
          lastMessageSource: 'user',
          lastMessageAt: new Date(t0 + 120_000).toISOString(),
        },
        { friendId: satoId, unreadCount: 1, lastMessagePreview: '抹茶ラテはありますか' },
      ],
      nextCursor: null,
    });
    const total = await t.api('GET', `${C}/inbox-unread`, { cookie: a.staff.cookie });
    expect(total.json()).toEqual({ unread: 3, friends: 3, groups: 0 });
    expect((await t.api('GET', `${C}/inbox-unread`, { cookie: b.owner.cookie })).json()).toEqual({
      unread: 0,
      friends: 0,
      groups: 0,
    });
  });

  it('keyset pages: the cursor continues where the page ended, without repeats', async () => {
    const first = await t.api('GET', inboxUrl(), { cookie: a.staff.cookie, query: { limit: '1' } });
    expect(first.json().data.map((c: { friendId: number }) => c.friendId)).toEqual([tanakaId]);
    const cursor = first.json().nextCursor;
    expect(cursor).toMatch(/^\d{13}_\d+$/);
    const second = await t.api('GET', inboxUrl(), { cookie: a.staff.cookie, query: { limit: '1', cursor } });
    expect(second.json()).toMatchObject({ data: [{ friendId: satoId }], nextCursor: null });
    const bad = await t.api('GET', inboxUrl(), { cookie: a.staff.cookie, query: { cursor: 'abc' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(inboxMessages.cursor);
    const badFilter = await t.api('GET', inboxUrl(), { cookie: a.staff.cookie, query: { filter: 'x' } });
    expect(badFilter.json().message).toBe(inboxMessages.filter);
  });

  it('opening marks read; 対応済み and the assignee are kept and filter the inbox', async () => {
    const read = await t.api('POST', `${inboxUrl()}/${tanakaId}/read`, { cookie: a.staff.cookie });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ friendId: tanakaId, unreadCount: 0, member: null, staff: null });
    const unread = await t.api('GET', inboxUrl(), { cookie: a.staff.cookie, query: { filter: 'unread' } });
    expect(unread.json().data.map((c: { friendId: number }) => c.friendId)).toEqual([satoId]);

    const done = await t.api('PATCH', `${inboxUrl()}/${tanakaId}`, {
      cookie: a.staff.cookie,
      body: { status: 'DONE', assigneeUserId: a.staff.user.id },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'DONE', assigneeUserId: a.staff.user.id });
    expect(done.json().assigneeName).toEqual(expect.any(String));
    const needs = await t.api('GET', inboxUrl(), { cookie: a.staff.cookie, query: { filter: 'needsReply' } });
    expect(needs.json().data.map((c: { friendId: number }) => c.friendId)).toEqual([satoId]);
    const mine = await t.api('GET', inboxUrl(), { cookie: a.staff.cookie, query: { filter: 'mine' } });
    expect(mine.json().data.map((c: { friendId: number }) => c.friendId)).toEqual([tanakaId]);
    const ownersOwn = await t.api('GET', inboxUrl(), { cookie: a.owner.cookie, query: { filter: 'mine' } });
    expect(ownersOwn.json().data).toEqual([]);

    // a user of another client cannot be assigned, nothing changes
    const foreign = await t.api('PATCH', `${inboxUrl()}/${tanakaId}`, {
      cookie: a.owner.cookie,
      body: { assigneeUserId: b.owner.user.id },
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().message).toBe(inboxMessages.assignee);
    const empty = await t.api('PATCH', `${inboxUrl()}/${tanakaId}`, { cookie: a.owner.cookie, body: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(inboxMessages.nothingToChange);
    const [row] = await t.db.select().from(conversations).where(eq(conversations.friendId, tanakaId));
    expect(row).toMatchObject({ status: 'DONE', assigneeUserId: a.staff.user.id });

    const assignees = await t.api('GET', `${C}/line-account/${accountId}/inbox-assignees`, {
      cookie: a.staff.cookie,
    });
    expect(
      assignees
        .json()
        .data.map((u: { id: number }) => u.id)
        .sort(),
    ).toEqual([a.owner.user.id, a.manager.user.id, a.staff.user.id].sort());

    // a new message from the friend: 要対応 again, unread again
    await deliver([textFrom(tanaka.userId, 'やっぱり16時で', t0 + 180_000)]);
    const again = await t.api('GET', `${inboxUrl()}/${tanakaId}`, { cookie: a.staff.cookie });
    expect(again.json()).toMatchObject({ status: 'NEEDS_REPLY', unreadCount: 1 });
  });

  it('未読にする / 既読にする by hand: the count, the 未読 filter and the menu total follow', async () => {
    const url = (friendId: number, what: 'read' | 'unread') => `${inboxUrl()}/${friendId}/${what}`;
    const total = async () =>
      (await t.api('GET', `${C}/inbox-unread`, { cookie: a.staff.cookie })).json().unread as number;
    expect((await t.api('POST', url(tanakaId, 'read'), { cookie: a.staff.cookie })).statusCode).toBe(200);
    expect((await t.api('POST', url(satoId, 'read'), { cookie: a.staff.cookie })).statusCode).toBe(200);
    const before = await total();

    const unread = await t.api('POST', url(tanakaId, 'unread'), { cookie: a.staff.cookie });
    expect(unread.statusCode, unread.body).toBe(200);
    expect(unread.json()).toMatchObject({ friendId: tanakaId, unreadCount: 1, displayName: '田中 一郎' });
    expect(await total()).toBe(before + 1);
    const filtered = await t.api('GET', inboxUrl(), { cookie: a.staff.cookie, query: { filter: 'unread' } });
    expect(filtered.json().data.map((c: { friendId: number }) => c.friendId)).toContain(tanakaId);
    expect(filtered.json().data.map((c: { friendId: number }) => c.friendId)).not.toContain(satoId);
    // twice is still one; a conversation with unread messages keeps its count
    await t.api('POST', url(tanakaId, 'unread'), { cookie: a.staff.cookie });
    const [row] = await t.db.select().from(conversations).where(eq(conversations.friendId, tanakaId));
    expect(row!.unreadCount).toBe(1);
    await deliver([textFrom(sato.userId, '二人です', t0 + 190_000)]);
    await deliver([textFrom(sato.userId, '窓際の席で', t0 + 191_000)]);
    const kept = await t.api('POST', url(satoId, 'unread'), { cookie: a.staff.cookie });
    expect(kept.json().unreadCount).toBe(2);

    // another client's user, or a friend with no conversation: 404, nothing changes
    const foreign = await t.api('POST', url(tanakaId, 'unread'), { cookie: b.owner.cookie });
    expect(foreign.statusCode).toBe(404);
    const missing = await t.api('POST', url(999_999, 'unread'), { cookie: a.staff.cookie });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(inboxMessages.notFound);

    const read = await t.api('POST', url(tanakaId, 'read'), { cookie: a.staff.cookie });
    expect(read.json().unreadCount).toBe(0);
    await t.api('POST', url(satoId, 'read'), { cookie: a.staff.cookie });
    expect(await total()).toBe(before);
  });

  it('searches by name and by message text', async () => {
    const byName = await t.api('GET', inboxUrl(), { cookie: a.staff.cookie, query: { search: '佐藤' } });
    expect(byName.json().data.map((c: { friendId: number }) => c.friendId)).toEqual([satoId]);
    const byText = await t.api('GET', inboxUrl(), { cookie: a.staff.cookie, query: { search: '15時' } });
    expect(byText.json().data.map((c: { friendId: number }) => c.friendId)).toEqual([tanakaId]);
    const none = await t.api('GET', inboxUrl(), { cookie: a.staff.cookie, query: { search: '100%' } });
    expect(none.json().data).toEqual([]);
  });

  it("orders the chat by LINE's timestamp, whatever order the events came in; a late older message stays out of the list's last line", async () => {
    const kato = await sim.createUser('加藤 三郎');
    await sim.act(kato.userId, `follow/${channel.channelId}`);
    await t.app.jobs.runDue();
    await deliver([textFrom(kato.userId, '二通目', t0 + 600_000)]);
    await deliver([textFrom(kato.userId, '一通目', t0 + 500_000)]);
    const katoId = await friendIdOf(kato.userId);
    const chat = await t.api('GET', `${C}/line-account/${accountId}/friends/${katoId}/messages`, {
      cookie: a.staff.cookie,
    });
    expect(chat.json().data.map((m: { contents: string }) => m.contents)).toEqual(['二通目', '一通目']);
    const conversation = await t.api('GET', `${inboxUrl()}/${katoId}`, { cookie: a.staff.cookie });
    expect(conversation.json()).toMatchObject({ lastMessagePreview: '二通目', unreadCount: 2 });
  });

  it('unsend hides the message: contents dropped, the list says it was taken back', async () => {
    const ito = await sim.createUser('伊藤 四郎');
    await deliver([textFrom(ito.userId, '間違えました', t0 + 700_000, 'unsend-me')]);
    const itoId = await friendIdOf(ito.userId);
    await deliver([event(ito.userId, t0 + 701_000, { type: 'unsend', unsend: { messageId: 'unsend-me' } })]);
    const chat = await t.api('GET', `${C}/line-account/${accountId}/friends/${itoId}/messages`, {
      cookie: a.staff.cookie,
    });
    expect(chat.json().data).toMatchObject([{ contents: '', unsentAt: expect.any(String) }]);
    expect(JSON.stringify(chat.json())).not.toContain('間違えました');
    const search = await t.api('GET', inboxUrl(), { cookie: a.staff.cookie, query: { search: '間違え' } });
    expect(search.json().data).toEqual([]);
    const conversation = await t.api('GET', `${inboxUrl()}/${itoId}`, { cookie: a.staff.cookie });
    expect(conversation.json().lastMessagePreview).toBe('[unsent]');
    // 伊藤 never followed: LINE has no profile of them, listed as not following (no follow date)
    expect(conversation.json()).toMatchObject({ isFriend: false, followedAt: null });
  });

  it("プロフィールを再取得 asks LINE again and stores name, picture and status message; a blocked friend gets LINE's refusal in words", async () => {
    const profileUrl = (friendId: number) => `${C}/line-account/${accountId}/friends/${friendId}/profile`;
    await sim.consoleCall('PATCH', `/_sim/users/${sato.userId}`, {
      displayName: '佐藤 花子（京都）',
      pictureUrl: 'https://example.com/sato.png',
      statusMessage: '抹茶が好き',
    });
    const before = await t.api('GET', `${inboxUrl()}/${satoId}`, { cookie: a.staff.cookie });
    expect(before.json()).toMatchObject({ displayName: '佐藤 花子', statusMessage: null });

    const refreshed = await t.api('POST', profileUrl(satoId), { cookie: a.staff.cookie });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(refreshed.json()).toMatchObject({
      id: satoId,
      displayName: '佐藤 花子（京都）',
      pictureUrl: 'https://example.com/sato.png',
      statusMessage: '抹茶が好き',
      isFriend: true,
    });
    const [row] = await t.db.select().from(friends).where(eq(friends.id, satoId));
    expect(row).toMatchObject({ displayName: '佐藤 花子（京都）', statusMessage: '抹茶が好き' });
    const after = await t.api('GET', `${inboxUrl()}/${satoId}`, { cookie: a.staff.cookie });
    expect(after.json()).toMatchObject({ displayName: '佐藤 花子（京都）', statusMessage: '抹茶が好き' });

    // another client: 404, LINE is not asked and nothing changes
    const foreign = await t.api('POST', profileUrl(satoId), { cookie: b.owner.cookie });
    expect(foreign.statusCode).toBe(404);

    // the friend blocks the account: LINE has no profile for them any more; the stored one stays
    await sim.consoleCall('PATCH', `/_sim/users/${tanaka.userId}`, { displayName: '田中 変更後' });
    await sim.act(tanaka.userId, `unfollow/${channel.channelId}`);
    await t.app.jobs.runDue();
    const blocked = await t.api('POST', profileUrl(tanakaId), { cookie: a.staff.cookie });
    expect(blocked.statusCode).toBe(422);
    expect(blocked.json().message).toBe(friendMessages.notFollowing);
    const [kept] = await t.db.select().from(friends).where(eq(friends.id, tanakaId));
    expect(kept).toMatchObject({ displayName: '田中 一郎', isFriend: false });
  });

  it('a message sent from the back office joins the conversation; another client sees nothing', async () => {
    const sent = await t.api('POST', `${C}/line-account/${accountId}/friends/${satoId}/messages`, {
      cookie: a.staff.cookie,
      body: { text: 'ございます！' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const first = (await t.api('GET', inboxUrl(), { cookie: a.staff.cookie })).json().data[0];
    expect(first).toMatchObject({
      friendId: satoId,
      lastMessagePreview: 'ございます！',
      lastMessageSource: 'system',
    });
    for (const [method, url] of [
      ['GET', inboxUrl()],
      ['GET', `${inboxUrl()}/${satoId}`],
      ['POST', `${inboxUrl()}/${satoId}/read`],
    ] as const) {
      const response = await t.api(method, url, { cookie: b.owner.cookie });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('佐藤');
    }
  });
  it("sends a sticker from the chat with the friend's fresh reply token (free), then pushes once the token is spent", async () => {
    // the simulator's events carry the real time: the tests' clock joins it, so the token is fresh (and
    // the staff member signs in again: the earlier session is days old by that clock)
    t.clock.set(new Date());
    const cookie = await t.login(a.staff.user.email);
    const mori = await sim.createUser('森 五郎');
    await sim.act(mori.userId, `follow/${channel.channelId}`);
    await sim.act(mori.userId, 'messages', { channelId: channel.channelId, text: 'こんにちは' });
    for (let i = 0; i < 3; i += 1) await t.app.jobs.runDue();
    const moriId = await friendIdOf(mori.userId);
    const messagesUrl = `${C}/line-account/${accountId}/friends/${moriId}/messages`;
    type Sent = { to: string[]; retryKey: string | null; messages: Record<string, unknown>[] };
    const sentTo = async () =>
      ((await sim.sent(channel.channelId)) as Sent[]).filter((x) => x.to.includes(mori.userId));

    // refused: a sticker LINE does not let accounts send, text and sticker at once; nothing is stored
    const notSendable = await t.api('POST', messagesUrl, {
      cookie,
      body: { sticker: { packageId: '1', stickerId: '1' } },
    });
    expect(notSendable.statusCode).toBe(400);
    expect(notSendable.json().message).toBe(friendMessages.stickerNotSendable);
    const both = await t.api('POST', messagesUrl, {
      cookie,
      body: { text: 'はい', sticker: { packageId: '446', stickerId: '1988' } },
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe(friendMessages.textOrSticker);
    const none = await t.api('POST', messagesUrl, { cookie, body: {} });
    expect(none.json().message).toBe(friendMessages.textRequired);

    const sticker = await t.api('POST', messagesUrl, {
      cookie,
      body: { sticker: { packageId: '446', stickerId: '1988' } },
    });
    expect(sticker.statusCode, sticker.body).toBe(201);
    expect(sticker.json()).toMatchObject({
      type: 'sticker',
      sticker: { packageId: '446', stickerId: '1988' },
      delivery: 'QUEUED',
    });
    await t.app.jobs.runDue();
    const replied = await sentTo();
    expect(replied).toHaveLength(1);
    // a reply: no retry key (LINE's reply API takes none), the sticker itself
    expect(replied[0]).toMatchObject({
      retryKey: null,
      messages: [{ type: 'sticker', packageId: '446', stickerId: '1988' }],
    });

    // the token answered once: the next answer is a push with its retry key
    const text = await t.api('POST', messagesUrl, { cookie, body: { text: 'ようこそ' } });
    expect(text.statusCode, text.body).toBe(201);
    await t.app.jobs.runDue();
    const pushed = await sentTo();
    expect(pushed).toHaveLength(2);
    expect(pushed[1]).toMatchObject({
      retryKey: expect.any(String),
      messages: [{ type: 'text', text: 'ようこそ' }],
    });

    // the history draws the sticker; the list names it
    const chat = await t.api('GET', messagesUrl, { cookie });
    const history = chat.json().data as { type: string; sticker: unknown }[];
    expect(history.find((m) => m.type === 'sticker')).toMatchObject({
      delivery: 'SENT',
      source: 'system',
      contents: '[sticker]',
      sticker: { packageId: '446', stickerId: '1988' },
    });
    // (the outgoing messages bear the tests' clock, standing still: no order between these two here)
    expect(history.filter((m) => m.type === 'text')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ contents: 'ようこそ', delivery: 'SENT', sticker: null }),
        expect.objectContaining({ contents: 'こんにちは', delivery: 'RECEIVED', sticker: null }),
      ]),
    );
    const [stored] = await t.db.select().from(messages).where(eq(messages.id, sticker.json().id));
    expect(stored!.replyToken).toEqual(expect.any(String));
  });
});
