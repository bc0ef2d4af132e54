import { automationMessages, deliveryImageMessages, deliveryMessages } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectBody,
  createLineTestApp,
  startLineSim,
  type LineSim,
  type LineTestApp,
  type SimChannel,
} from '../../testing/line-sim.ts';
import { createPng, dataUrl } from '../../testing/images.ts';

const C = '/client/api/v1';
let sim: LineSim;
let t: LineTestApp;
let a: Awaited<ReturnType<LineTestApp['clientWithUsers']>>;
let b: Awaited<ReturnType<LineTestApp['clientWithUsers']>>;
let channel: SimChannel;
let accountId: number;

type Sent = {
  kind?: string;
  to: string[];
  retryKey: string | null;
  messages: { type: string; text?: string }[];
};
const sentTo = async (userId: string) =>
  ((await sim.sent(channel.channelId)) as Sent[]).filter((s) => s.to.includes(userId));

/** Runs the jobs until nothing is due (webhook event, domain event fan-out, the greeting's send). */
const settle = async () => {
  for (let i = 0; i < 4; i += 1) await t.app.jobs.runDue();
};

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

const url = () => `${C}/line-account/${accountId}/greeting`;
const greeting = {
  newFriendMessages: [
    { type: 'text', text: '友だち追加ありがとうございます！' },
    { type: 'sticker', packageId: '446', stickerId: '1988' },
  ],
  unblockMessages: [{ type: 'text', text: 'おかえりなさい！' }],
};

describe('greeting (あいさつメッセージ)', () => {
  it('is set by owners and managers, read by staff; texts for bad input; 404 for another client', async () => {
    expect((await t.api('GET', url(), { cookie: a.staff.cookie })).json()).toEqual({
      newFriendMessages: [],
      unblockMessages: [],
      updatedAt: null,
    });
    const saved = await t.api('PUT', url(), { cookie: a.manager.cookie, body: greeting });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject(greeting);
    expect((await t.api('GET', url(), { cookie: a.staff.cookie })).json()).toMatchObject(greeting);
    expect((await t.api('PUT', url(), { cookie: a.staff.cookie, body: greeting })).statusCode).toBe(403);
    expect((await t.api('GET', url())).statusCode).toBe(401);
    const other = await t.api('GET', url(), { cookie: b.owner.cookie });
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('ありがとう');
    const cases: [unknown, string][] = [
      [
        { ...greeting, newFriendMessages: Array(6).fill(greeting.unblockMessages[0]) },
        automationMessages.greetingMessages,
      ],
      [{ ...greeting, unblockMessages: [{ type: 'text', text: ' ' }] }, deliveryMessages.textRequired],
    ];
    for (const [body, message] of cases) {
      const response = await t.api('PUT', url(), { cookie: a.owner.cookie, body });
      expect([response.statusCode, response.json().message]).toEqual([400, message]);
    }
    expect((await t.api('GET', url(), { cookie: a.staff.cookie })).json()).toMatchObject(greeting);
  });

  it('greets a new friend with the follow event’s reply token (free), and one who unblocks with their own', async () => {
    const user = await sim.createUser('田中 一郎');
    await sim.act(user.userId, `follow/${channel.channelId}`);
    await settle();
    const first = await sentTo(user.userId);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({
      retryKey: null,
      messages: [{ type: 'text', text: '友だち追加ありがとうございます！' }, { type: 'sticker' }],
    });
    await sim.act(user.userId, `unfollow/${channel.channelId}`);
    await sim.act(user.userId, `follow/${channel.channelId}`);
    await settle();
    const second = await sentTo(user.userId);
    expect(second).toHaveLength(2);
    expect(second[1]).toMatchObject({
      retryKey: null,
      messages: [{ type: 'text', text: 'おかえりなさい！' }],
    });
  });

  it('pushes once, with one retry key, when LINE refuses the reply token', async () => {
    await sim.fault({
      status: 400,
      count: 1,
      pathPrefix: '/v2/bot/message/reply',
      message: 'Invalid reply token',
    });
    const user = await sim.createUser('佐藤 花子');
    await sim.act(user.userId, `follow/${channel.channelId}`);
    await settle();
    const sent = await sentTo(user.userId);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.retryKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[0]!.messages[0]).toMatchObject({ text: '友だち追加ありがとうございます！' });
  });

  it('holds an uploaded image (decision 0039): sent through LINE at our public URL; a key not uploaded to this account is refused', async () => {
    const upload = async (kind: 'image' | 'imagemap', lineAccountId = accountId, cookie = a.owner.cookie) => {
      const response = await t.api('POST', `${C}/line-account/${lineAccountId}/delivery-images`, {
        cookie,
        body: { kind, dataUrl: dataUrl(createPng(kind === 'image' ? 400 : 1040, 400)) },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ key: string; height: number }>();
    };
    const image = await upload('image');
    const body = {
      newFriendMessages: [
        { type: 'text', text: 'ようこそ！' },
        { type: 'image', imageKey: image.key },
      ],
      unblockMessages: [],
    };
    const saved = await t.api('PUT', url(), { cookie: a.owner.cookie, body });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject(body);

    // refused, nothing changed: a made-up key, an imagemap's key used as an image, another account's upload
    const rich = await upload('imagemap');
    const otherChannel = await sim.createChannel({ displayName: '別の店' });
    const otherAccount = (
      await t.api('POST', `${C}/line-account`, { cookie: b.owner.cookie, body: connectBody(otherChannel) })
    ).json<{ id: number }>().id;
    const foreign = await upload('image', otherAccount, b.owner.cookie);
    for (const imageKey of ['0'.repeat(32), rich.key, foreign.key]) {
      const refused = await t.api('PUT', url(), {
        cookie: a.owner.cookie,
        body: { newFriendMessages: [], unblockMessages: [{ type: 'image', imageKey }] },
      });
      expect(refused.statusCode, imageKey).toBe(400);
      expect(refused.json()).toMatchObject({
        message: deliveryImageMessages.imageUnknown,
        errors: [{ path: 'body.unblockMessages.0.imageKey' }],
      });
    }
    expect((await t.api('GET', url(), { cookie: a.staff.cookie })).json()).toMatchObject(body);

    const user = await sim.createUser('中村 三郎');
    await sim.act(user.userId, `follow/${channel.channelId}`);
    await settle();
    const sent = await sentTo(user.userId);
    expect(sent).toHaveLength(1);
    const original = `${t.appUrl}/line-media/${image.key}/original`;
    expect(sent[0]!.messages).toEqual([
      { type: 'text', text: 'ようこそ！' },
      {
        type: 'image',
        originalContentUrl: original,
        previewImageUrl: `${t.appUrl}/line-media/${image.key}/preview`,
      },
    ]);
    // the friend's LINE opens it: our public URL answers the re-encoded file
    const file = await t.api('GET', original.slice(t.appUrl.length));
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^image\/(png|jpeg)/);
  });

  it('calls a friend LINE gave no name お客様 in the friend-name placeholder', async () => {
    const put = await t.api('PUT', url(), {
      cookie: a.owner.cookie,
      body: { ...greeting, newFriendMessages: [{ type: 'text', text: '{name}さん、ようこそ！' }] },
    });
    expect(put.statusCode).toBe(200);
    // the profile call fails: the friend is made without a name
    await sim.fault({ status: 404, count: 1, pathPrefix: '/v2/bot/profile', message: 'Not found' });
    const user = await sim.createUser('名無し');
    await sim.act(user.userId, `follow/${channel.channelId}`);
    await settle();
    const sent = await sentTo(user.userId);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.messages[0]).toMatchObject({ text: 'お客様さん、ようこそ！' });
    await t.api('PUT', url(), { cookie: a.owner.cookie, body: greeting });
  });

  it('sends nothing when the account has no greeting for that kind of follow', async () => {
    await t.api('PUT', url(), {
      cookie: a.owner.cookie,
      body: { newFriendMessages: [], unblockMessages: [] },
    });
    const user = await sim.createUser('鈴木 次郎');
    await sim.act(user.userId, `follow/${channel.channelId}`);
    await settle();
    expect(await sentTo(user.userId)).toEqual([]);
  });
});
