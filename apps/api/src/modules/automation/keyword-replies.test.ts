import { deliveryImageMessages, keywordReplyMessages, postbackData } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { friendTags, friends, lineAccounts, messages } from '../../db/schema/index.ts';
import { createPng, dataUrl } from '../../testing/images.ts';
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
let b: Awaited<ReturnType<LineTestApp['clientWithUsers']>>;
let channel: SimChannel;
let accountId: number;
let otherAccountId: number;
let tagId: number;

type Sent = {
  kind?: string;
  to: string[];
  retryKey: string | null;
  messages: { type: string; text?: string }[];
};
const sentTo = async (userId: string) =>
  ((await sim.sent(channel.channelId)) as Sent[]).filter((s) => s.to.includes(userId));
const settle = async () => {
  for (let i = 0; i < 4; i += 1) await t.app.jobs.runDue();
};
const url = (path = '') => `${C}/line-account/${accountId}${path}`;
const say = async (userId: string, text: string) => {
  await sim.act(userId, 'messages', { channelId: channel.channelId, text });
  await settle();
};
const follower = async (name: string) => {
  const user = await sim.createUser(name);
  await sim.act(user.userId, `follow/${channel.channelId}`);
  await settle();
  return user;
};
const friendIdOf = async (lineUserId: string) =>
  (await t.db.select().from(friends).where(eq(friends.lineUserId, lineUserId)))[0]!.id;
const tagsOf = async (friendId: number) =>
  (await t.db.select().from(friendTags).where(eq(friendTags.friendId, friendId))).map((r) => r.tagId);

const reserveRule = () => ({
  name: '予約',
  keywords: [
    { text: '予約', match: 'CONTAINS' },
    { text: 'yoyaku', match: 'EXACT' },
  ],
  messages: [{ type: 'text', text: 'ご予約はこちらから承ります' }],
  actions: [{ type: 'tag.add', tagId }],
});

beforeAll(async () => {
  sim = await startLineSim();
  t = await createLineTestApp(sim);
  a = await t.clientWithUsers();
  b = await t.clientWithUsers();
  channel = await sim.createChannel({ displayName: '京都茶房' });
  accountId = (
    await t.api('POST', `${C}/line-account`, { cookie: a.owner.cookie, body: connectBody(channel) })
  ).json().id;
  const otherChannel = await sim.createChannel({ displayName: '大阪茶房' });
  otherAccountId = (
    await t.api('POST', `${C}/line-account`, { cookie: b.owner.cookie, body: connectBody(otherChannel) })
  ).json().id;
  tagId = (await t.api('POST', url('/tags'), { cookie: a.owner.cookie, body: { name: '予約済み' } })).json()
    .id;
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

describe('keyword replies (応答メッセージ): the rules', () => {
  it('are saved by owners and managers, read by staff, in priority order; bad input is a 400 with its text', async () => {
    const empty = await t.api('GET', url('/keyword-replies'), { cookie: a.staff.cookie });
    expect(empty.json()).toEqual({
      rules: [],
      fallback: { enabled: false, messages: [], updatedAt: null },
      chatMode: 'bot',
    });
    const created = await t.api('POST', url('/keyword-replies'), {
      cookie: a.manager.cookie,
      body: reserveRule(),
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      ...reserveRule(),
      position: 1,
      timeWindow: null,
      days: [0, 1, 2, 3, 4, 5, 6],
      outOfHours: false,
      enabled: true,
    });
    expect(
      (await t.api('POST', url('/keyword-replies'), { cookie: a.staff.cookie, body: reserveRule() }))
        .statusCode,
    ).toBe(403);
    expect((await t.api('GET', url('/keyword-replies'))).statusCode).toBe(401);
    const other = await t.api('GET', url('/keyword-replies'), { cookie: b.owner.cookie });
    expect(other.statusCode).toBe(404);
    const cases: [unknown, string][] = [
      [{ ...reserveRule(), keywords: [] }, keywordReplyMessages.keywords],
      [{ ...reserveRule(), keywords: [{ text: ' ', match: 'EXACT' }] }, keywordReplyMessages.keywords],
      [{ ...reserveRule(), keywords: [{ text: '予約', match: 'LIKE' }] }, keywordReplyMessages.match],
      [{ ...reserveRule(), timeWindow: { start: '25:00', end: '06:00' } }, keywordReplyMessages.time],
      [{ ...reserveRule(), timeWindow: { start: '06:00', end: '06:00' } }, keywordReplyMessages.window],
      [{ ...reserveRule(), days: [] }, keywordReplyMessages.days],
      [{ ...reserveRule(), days: [1, 1] }, keywordReplyMessages.days],
      [{ ...reserveRule(), messages: [], actions: [] }, keywordReplyMessages.nothingToDo],
      [{ ...reserveRule(), actions: [{ type: 'tag.explode', tagId }] }, keywordReplyMessages.actionType],
      [
        { ...reserveRule(), actions: [{ type: 'scenario.start', scenarioId: 1 }] },
        keywordReplyMessages.scenarioUnavailable,
      ],
      [{ ...reserveRule(), actions: [{ type: 'tag.add', tagId: 999999 }] }, keywordReplyMessages.tagNotFound],
      [
        { ...reserveRule(), actions: [{ type: 'richMenu.switch', richMenuId: 999999 }] },
        keywordReplyMessages.richMenuNotFound,
      ],
      [
        { ...reserveRule(), actions: [{ type: 'notify', notificationGroupId: 999999 }] },
        keywordReplyMessages.groupNotFound,
      ],
      // an image must be an upload of this account (decision 0039), checked as it is saved (0056)
      [
        { ...reserveRule(), messages: [{ type: 'image', imageKey: '0'.repeat(32) }] },
        deliveryImageMessages.imageUnknown,
      ],
    ];
    for (const [body, message] of cases) {
      const response = await t.api('POST', url('/keyword-replies'), { cookie: a.owner.cookie, body });
      expect([response.statusCode, response.json().message], JSON.stringify(body)).toEqual([400, message]);
    }
    // another client's tag is not this account's
    const foreignTag = (
      await t.api('POST', `${C}/line-account/${otherAccountId}/tags`, {
        cookie: b.owner.cookie,
        body: { name: 'よそ' },
      })
    ).json().id;
    const foreign = await t.api('POST', url('/keyword-replies'), {
      cookie: a.owner.cookie,
      body: { ...reserveRule(), actions: [{ type: 'tag.add', tagId: foreignTag }] },
    });
    expect([foreign.statusCode, foreign.json().message]).toEqual([400, keywordReplyMessages.tagNotFound]);
    expect(
      (await t.api('GET', url('/keyword-replies'), { cookie: a.staff.cookie })).json().rules,
    ).toHaveLength(1);
  });

  it('the fallback and a postback answer refuse an image that is not an upload of the account: 400, nothing saved', async () => {
    const image = [{ type: 'image', imageKey: 'f'.repeat(32) }];
    const fallback = await t.api('PUT', url('/keyword-fallback'), {
      cookie: a.owner.cookie,
      body: { enabled: true, messages: image },
    });
    expect([fallback.statusCode, fallback.json().message]).toEqual([400, deliveryImageMessages.imageUnknown]);
    const postback = await t.api('POST', url('/postback-actions'), {
      cookie: a.owner.cookie,
      body: { name: '画像', messages: image, actions: [] },
    });
    expect([postback.statusCode, postback.json().message]).toEqual([400, deliveryImageMessages.imageUnknown]);
    const saved = (await t.api('GET', url('/keyword-replies'), { cookie: a.owner.cookie })).json();
    expect(saved.fallback).toEqual({ enabled: false, messages: [], updatedAt: null });
    const actions = (await t.api('GET', url('/postback-actions'), { cookie: a.owner.cookie })).json();
    expect(JSON.stringify(actions)).not.toContain('f'.repeat(32));
  });

  it('are reordered, changed and deleted; another client gets a 404 and changes nothing', async () => {
    const second = (
      await t.api('POST', url('/keyword-replies'), {
        cookie: a.owner.cookie,
        body: {
          name: '営業時間',
          keywords: [{ text: '営業時間', match: 'CONTAINS' }],
          messages: [{ type: 'text', text: '10時から' }],
        },
      })
    ).json();
    const list = (await t.api('GET', url('/keyword-replies'), { cookie: a.owner.cookie })).json();
    const ids = list.rules.map((r: { id: number }) => r.id);
    expect(ids).toHaveLength(2);
    const reordered = await t.api('PUT', url('/keyword-reply-order'), {
      cookie: a.owner.cookie,
      body: { ruleIds: [...ids].reverse() },
    });
    expect(reordered.json().rules.map((r: { id: number }) => r.id)).toEqual([...ids].reverse());
    const partial = await t.api('PUT', url('/keyword-reply-order'), {
      cookie: a.owner.cookie,
      body: { ruleIds: [ids[0]] },
    });
    expect([partial.statusCode, partial.json().message]).toEqual([400, keywordReplyMessages.order]);
    const ruleUrl = url(`/keyword-replies/${second.id}`);
    const foreign = await t.api('PUT', `${C}/line-account/${otherAccountId}/keyword-replies/${second.id}`, {
      cookie: b.owner.cookie,
      body: { ...reserveRule(), actions: [] },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await t.api('DELETE', ruleUrl, { cookie: b.owner.cookie })).statusCode).toBe(404);
    const changed = await t.api('PUT', ruleUrl, {
      cookie: a.owner.cookie,
      body: {
        name: '営業時間',
        keywords: [{ text: '営業時間', match: 'CONTAINS' }],
        timeWindow: { start: '22:00', end: '06:00' },
        days: [5, 6],
        messages: [{ type: 'text', text: '10時から' }],
      },
    });
    expect(changed.json()).toMatchObject({ timeWindow: { start: '22:00', end: '06:00' }, days: [5, 6] });
    expect((await t.api('DELETE', ruleUrl, { cookie: a.owner.cookie })).json()).toEqual({ success: true });
    expect((await t.api('DELETE', ruleUrl, { cookie: a.owner.cookie })).statusCode).toBe(404);
  });
});

describe('keyword replies: answering', () => {
  it('replies with the message’s reply token (free), adds the tag and records the send as a reply', async () => {
    const user = await follower('田中 一郎');
    await say(user.userId, 'ＹＯＹＡＫＵ');
    const sent = await sentTo(user.userId);
    expect(sent.at(-1)).toMatchObject({
      retryKey: null,
      messages: [{ type: 'text', text: 'ご予約はこちらから承ります' }],
    });
    expect(await tagsOf(await friendIdOf(user.userId))).toEqual([tagId]);
    const sends = (await t.api('GET', url('/automation-sends'), { cookie: a.staff.cookie })).json();
    expect(sends.items[0]).toMatchObject({
      kind: 'KEYWORD',
      sourceName: '予約',
      friendName: '田中 一郎',
      via: 'REPLY',
    });
    expect(sends.replyCount).toBeGreaterThan(0);
    expect((await t.api('GET', url('/automation-sends'), { cookie: b.owner.cookie })).statusCode).toBe(404);
  });

  it('pushes once, with a retry key, when LINE refuses the reply token, and records a push', async () => {
    const user = await follower('佐藤 花子');
    await sim.fault({
      status: 400,
      count: 1,
      pathPrefix: '/v2/bot/message/reply',
      message: 'Invalid reply token',
    });
    await say(user.userId, '来週の予約をしたいです');
    const sent = await sentTo(user.userId);
    expect(sent.at(-1)!.retryKey).toMatch(/^[0-9a-f-]{36}$/);
    const sends = (await t.api('GET', url('/automation-sends'), { cookie: a.staff.cookie })).json();
    expect(sends.items[0]).toMatchObject({ friendName: '佐藤 花子', via: 'PUSH' });
    expect(sends.pushCount).toBe(1);
  });

  it('sends the fallback for no match only when it is on, and nothing in chat mode but out-of-hours rules', async () => {
    const user = await follower('鈴木 次郎');
    const before = (await sentTo(user.userId)).length;
    await say(user.userId, 'こんにちは');
    expect(await sentTo(user.userId)).toHaveLength(before);
    const refused = await t.api('PUT', url('/keyword-fallback'), {
      cookie: a.owner.cookie,
      body: { enabled: true, messages: [] },
    });
    expect([refused.statusCode, refused.json().message]).toEqual([
      400,
      keywordReplyMessages.fallbackMessages,
    ]);
    const fallback = { enabled: true, messages: [{ type: 'text', text: 'メッセージありがとうございます' }] };
    expect(
      (await t.api('PUT', url('/keyword-fallback'), { cookie: a.owner.cookie, body: fallback })).json(),
    ).toMatchObject(fallback);
    await say(user.userId, 'こんにちは');
    expect((await sentTo(user.userId)).at(-1)!.messages[0]!.text).toBe('メッセージありがとうございます');

    await t.db.update(lineAccounts).set({ chatMode: 'chat' }).where(eq(lineAccounts.id, accountId));
    const count = (await sentTo(user.userId)).length;
    await say(user.userId, 'こんにちは');
    await say(user.userId, '予約');
    expect(await sentTo(user.userId)).toHaveLength(count);
    await t.api('POST', url('/keyword-replies'), {
      cookie: a.owner.cookie,
      body: {
        name: '時間外',
        keywords: [{ text: '予約', match: 'CONTAINS' }],
        outOfHours: true,
        messages: [{ type: 'text', text: '営業時間外です' }],
      },
    });
    await say(user.userId, '予約');
    expect((await sentTo(user.userId)).at(-1)!.messages[0]!.text).toBe('営業時間外です');
    await t.db.update(lineAccounts).set({ chatMode: 'bot' }).where(eq(lineAccounts.id, accountId));
    await t.api('PUT', url('/keyword-fallback'), {
      cookie: a.owner.cookie,
      body: { enabled: false, messages: [] },
    });
  });

  it('notifies a notification group once', async () => {
    const staffUser = await follower('店長 太郎');
    const group = await t.api('POST', url('/notification/settings'), {
      cookie: a.owner.cookie,
      body: { label: '予約の連絡', friendIds: [await friendIdOf(staffUser.userId)], topics: ['NEW_FRIEND'] },
    });
    expect(group.statusCode, group.body).toBe(201);
    await t.api('POST', url('/keyword-replies'), {
      cookie: a.owner.cookie,
      body: {
        name: '呼び出し',
        keywords: [{ text: '店員さん', match: 'EXACT' }],
        messages: [],
        actions: [
          { type: 'notify', notificationGroupId: group.json().lineMessageSettingId ?? group.json().id },
        ],
      },
    });
    const user = await follower('山本 三郎');
    await say(user.userId, '店員さん');
    const notices = (await sentTo(staffUser.userId)).filter((s) => s.messages[0]?.text?.includes('呼び出し'));
    expect(notices).toHaveLength(1);
    expect(notices[0]!.messages[0]!.text).toContain('山本 三郎');
  });
});

describe('rich menu postbacks', () => {
  it('a postback area’s data names a postback action: it replies, tags and switches the friend’s menu', async () => {
    const menu = await t.api('POST', url('/rich-menu'), {
      cookie: a.owner.cookie,
      body: {
        richMenu: {
          name: '会員メニュー',
          size: { width: 1200, height: 405 },
          selected: true,
          chatBarText: 'メニュー',
          areas: [
            {
              bounds: { x: 0, y: 0, width: 1200, height: 405 },
              action: { type: 'postback', label: '来店', data: 'x' },
            },
          ],
        },
        image: dataUrl(createPng(1200, 405)),
      },
    });
    expect(menu.statusCode, menu.body).toBe(201);
    const body = {
      name: '来店スタンプ',
      messages: [{ type: 'text', text: 'ご来店ありがとうございます' }],
      actions: [
        { type: 'tag.add', tagId },
        { type: 'richMenu.switch', richMenuId: menu.json().id },
      ],
    };
    const created = await t.api('POST', url('/postback-actions'), { cookie: a.owner.cookie, body });
    expect(created.statusCode, created.body).toBe(201);
    const action = created.json();
    expect(action).toMatchObject({ ...body, data: postbackData(action.id) });
    expect((await t.api('POST', url('/postback-actions'), { cookie: a.staff.cookie, body })).statusCode).toBe(
      403,
    );
    expect(
      (
        await t.api('PUT', `${C}/line-account/${otherAccountId}/postback-actions/${action.id}`, {
          cookie: b.owner.cookie,
          body,
        })
      ).statusCode,
    ).toBe(404);
    const noData = await t.api('POST', url('/rich-menu'), {
      cookie: a.owner.cookie,
      body: {
        richMenu: {
          name: 'x',
          size: { width: 1200, height: 405 },
          selected: true,
          chatBarText: 'メニュー',
          areas: [
            { bounds: { x: 0, y: 0, width: 1200, height: 405 }, action: { type: 'postback', label: '来店' } },
          ],
        },
        image: dataUrl(createPng(1200, 405)),
      },
    });
    expect(noData.statusCode).toBe(400);

    const user = await follower('高橋 四郎');
    await sim.act(user.userId, 'postback', { channelId: channel.channelId, data: action.data });
    await settle();
    expect((await sentTo(user.userId)).at(-1)).toMatchObject({
      retryKey: null,
      messages: [{ text: 'ご来店ありがとうございます' }],
    });
    expect(await tagsOf(await friendIdOf(user.userId))).toEqual([tagId]);
    const shown = await sim.consoleCall<{ source: string | null; richMenu: { name: string } | null }>(
      'GET',
      `/_sim/users/${user.userId}/richmenu/${channel.channelId}`,
    );
    expect(shown).toMatchObject({ source: 'user', richMenu: { name: '会員メニュー' } });
    // data that is not ours (or an unknown action) does nothing
    const count = (await sentTo(user.userId)).length;
    await sim.act(user.userId, 'postback', { channelId: channel.channelId, data: 'other=1' });
    await sim.act(user.userId, 'postback', { channelId: channel.channelId, data: postbackData(999999) });
    await settle();
    expect(await sentTo(user.userId)).toHaveLength(count);
    expect(
      (await t.api('DELETE', url(`/postback-actions/${action.id}`), { cookie: a.owner.cookie })).json(),
    ).toEqual({
      success: true,
    });
  });
});

describe('a reply token an automatic answer spent', () => {
  it('is not offered to the chat: the owner’s answer within the minute goes as one push, no refused reply first', async () => {
    // the simulator's events carry the real time: the tests' clock joins it (the chat claims tokens of
    // messages within 40 s of now), and the owner signs in again by that clock
    t.clock.set(new Date());
    const cookie = await t.login(a.owner.user.email);
    const created = await t.api('POST', url('/keyword-replies'), {
      cookie,
      body: {
        name: '営業時間',
        keywords: [{ text: '営業時間', match: 'CONTAINS' }],
        messages: [{ type: 'text', text: '10時から18時まで営業しています' }],
        actions: [],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const user = await follower('中村 七海');
    await say(user.userId, '営業時間を教えてください');
    const incoming = (
      await t.db
        .select()
        .from(messages)
        .where(eq(messages.friendId, await friendIdOf(user.userId)))
    ).find((m) => m.source === 'user')!;
    expect(incoming.replyToken).toBeNull();

    const answer = await t.api('POST', url(`/friends/${incoming.friendId}/messages`), {
      cookie,
      body: { text: '本日は17時までです' },
    });
    expect(answer.statusCode, answer.body).toBe(201);
    await settle();
    const sent = await sentTo(user.userId);
    expect(sent.map((s) => [s.kind, s.messages[0]!.text])).toEqual([
      ['reply', '10時から18時まで営業しています'],
      ['push', '本日は17時までです'],
    ]);
    // the answer never held the token: the outbox pushed at once (a held token would have been tried)
    const [stored] = await t.db.select().from(messages).where(eq(messages.id, answer.json().id));
    expect(stored).toMatchObject({ delivery: 'SENT', replyToken: null });
  });
});
