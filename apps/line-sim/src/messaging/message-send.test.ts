import { randomUUID } from 'node:crypto';
import type { messagingApi } from '@line/bot-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRequestSchema, expectResponseSchema, expectSchema } from '../testing/openapi.assertions.ts';
import { sdkFailure } from '../testing/sdk-error.helper.ts';
import { type ChannelInfo, type SimHarness, startSimulator } from '../testing/sim-test.harness.ts';

type SentLog = {
  sent: {
    kind: string;
    to: string[];
    deliveredTo: string[];
    retryKey: string | null;
    messages: messagingApi.Message[];
  }[];
};

let sim: SimHarness;
let channel: ChannelInfo;
let client: messagingApi.MessagingApiClient;
let friendId: string;

const text = (value: string): messagingApi.TextMessage => ({ type: 'text', text: value });

const sentLog = () => sim.consoleCall<SentLog>('GET', `/_sim/channels/${channel.channelId}/sent`);

const lastRequest = (url: string) => sim.captured.findLast((request) => request.url === url);

beforeAll(async () => {
  sim = await startSimulator();
  channel = await sim.createChannel();
  ({ client } = await sim.messagingClients(channel));
  friendId = (await sim.createUser()).userId;
  await sim.consoleCall('POST', `/_sim/users/${friendId}/follow/${channel.channelId}`);
});
afterAll(() => sim.close());

describe('bot info and profiles', () => {
  it('answers bot info matching BotInfoResponse', async () => {
    const info = await client.getBotInfo();
    expectResponseSchema('messaging-api', '/v2/bot/info', 'get', 200, info);
    expect(info).toMatchObject({ userId: channel.botUserId, basicId: channel.basicId });
  });

  it('answers the chat mode the console set (LINE Official Account Manager’s 応答設定), as it changes', async () => {
    expect(await client.getBotInfo()).toMatchObject({ chatMode: 'bot', markAsReadMode: 'auto' });
    await sim.consoleCall('PATCH', `/_sim/channels/${channel.channelId}`, { chatMode: 'chat' });
    const chat = await client.getBotInfo();
    expectResponseSchema('messaging-api', '/v2/bot/info', 'get', 200, chat);
    expect(chat).toMatchObject({ chatMode: 'chat', markAsReadMode: 'manual' });
    // a mode LINE does not have changes nothing
    await sim.consoleCall('PATCH', `/_sim/channels/${channel.channelId}`, { chatMode: 'auto' });
    expect(await client.getBotInfo()).toMatchObject({ chatMode: 'chat', markAsReadMode: 'manual' });
    await sim.consoleCall('PATCH', `/_sim/channels/${channel.channelId}`, { chatMode: 'bot' });
    expect(await client.getBotInfo()).toMatchObject({ chatMode: 'bot', markAsReadMode: 'auto' });
  });

  it("answers a friend's profile and 404 for anyone else", async () => {
    const profile = await client.getProfile(friendId);
    expectSchema('messaging-api', 'UserProfileResponse', profile);
    expect(profile.displayName).toBe('山田 太郎');
    const stranger = (await sim.createUser('他人')).userId;
    expect((await sdkFailure(client.getProfile(stranger))).status).toBe(404);
  });

  it('lists follower ids', async () => {
    const followers = await client.getFollowers(undefined, 10);
    expectSchema('messaging-api', 'GetFollowersResponse', followers);
    expect(followers.userIds).toContain(friendId);
  });
});

describe('push', () => {
  it('sends, answers sentMessages and records the send', async () => {
    const retryKey = randomUUID();
    const answer = await client.pushMessage({ to: friendId, messages: [text('こんにちは')] }, retryKey);
    expectResponseSchema('messaging-api', '/v2/bot/message/push', 'post', 200, answer);
    expect(answer.sentMessages).toHaveLength(1);
    const request = lastRequest('/v2/bot/message/push');
    expectRequestSchema('messaging-api', '/v2/bot/message/push', 'post', 'application/json', request?.body);
    expect(request?.headers['x-line-retry-key']).toBe(retryKey);
    const log = await sentLog();
    expect(log.sent.at(-1)).toMatchObject({
      kind: 'push',
      to: [friendId],
      deliveredTo: [friendId],
      retryKey,
    });
  });

  it('answers 409 for a repeated retry key and sends nothing twice', async () => {
    const retryKey = randomUUID();
    const first = await client.pushMessage({ to: friendId, messages: [text('一度だけ')] }, retryKey);
    const before = (await sentLog()).sent.length;
    const failure = await sdkFailure(
      client.pushMessage({ to: friendId, messages: [text('一度だけ')] }, retryKey),
    );
    expect(failure.status).toBe(409);
    expectResponseSchema('messaging-api', '/v2/bot/message/push', 'post', 409, failure.body);
    expect(failure.body).toMatchObject({ sentMessages: first.sentMessages });
    expect(failure.headers.get('x-line-accepted-request-id')).toBeTruthy();
    expect((await sentLog()).sent.length).toBe(before);
  });

  it('refuses a retry key that is not a UUID', async () => {
    expect(
      (await sdkFailure(client.pushMessage({ to: friendId, messages: [text('x')] }, 'abc'))).status,
    ).toBe(400);
  });

  it('refuses 6 messages with LINE error details', async () => {
    const messages = Array.from({ length: 6 }, (_, i) => text(`m${i}`));
    const failure = await sdkFailure(client.pushMessage({ to: friendId, messages }));
    expect(failure.status).toBe(400);
    expectResponseSchema('messaging-api', '/v2/bot/message/push', 'post', 400, failure.body);
    expect(failure.body).toEqual({
      message: 'The request body has 1 error(s)',
      details: [{ message: 'Size must be between 1 and 5', property: 'messages' }],
    });
  });

  it('refuses text longer than 5000 characters and accepts exactly 5000', async () => {
    const failure = await sdkFailure(
      client.pushMessage({ to: friendId, messages: [text('あ'.repeat(5001))] }),
    );
    expect(failure.status).toBe(400);
    expect(failure.body).toMatchObject({ details: [{ property: 'messages[0].text' }] });
    await client.pushMessage({ to: friendId, messages: [text('あ'.repeat(5000))] });
  });

  it('refuses a message that breaks its schema', async () => {
    const failure = await sdkFailure(
      client.pushMessage({ to: friendId, messages: [{ type: 'text' } as messagingApi.TextMessage] }),
    );
    expect(failure.body).toMatchObject({ details: [{ property: 'messages[0].text' }] });
  });

  it('answers 400 for an unknown user and 200 without delivery for a blocked one', async () => {
    const unknown = `U${'0'.repeat(32)}`;
    expect((await sdkFailure(client.pushMessage({ to: unknown, messages: [text('x')] }))).status).toBe(400);
    const blocker = (await sim.createUser('ブロック')).userId;
    await sim.consoleCall('POST', `/_sim/users/${blocker}/follow/${channel.channelId}`);
    await sim.consoleCall('POST', `/_sim/users/${blocker}/unfollow/${channel.channelId}`);
    await client.pushMessage({ to: blocker, messages: [text('届かない')] });
    expect((await sentLog()).sent.at(-1)).toMatchObject({ to: [blocker], deliveredTo: [] });
  });
});

describe('multicast and broadcast', () => {
  it('multicasts to friends and validates against the schemas', async () => {
    const other = (await sim.createUser('花子')).userId;
    await sim.consoleCall('POST', `/_sim/users/${other}/follow/${channel.channelId}`);
    const retryKey = randomUUID();
    const answer = await client.multicast({ to: [friendId, other], messages: [text('お知らせ')] }, retryKey);
    expectResponseSchema('messaging-api', '/v2/bot/message/multicast', 'post', 200, answer);
    expectRequestSchema(
      'messaging-api',
      '/v2/bot/message/multicast',
      'post',
      'application/json',
      lastRequest('/v2/bot/message/multicast')?.body,
    );
    expect((await sentLog()).sent.at(-1)).toMatchObject({ kind: 'multicast', retryKey });
    const again = await sdkFailure(client.multicast({ to: [friendId], messages: [text('x')] }, retryKey));
    expect(again.status).toBe(409);
  });

  it('refuses 501 recipients', async () => {
    const to = Array.from({ length: 501 }, () => friendId);
    const failure = await sdkFailure(client.multicast({ to, messages: [text('多すぎ')] }));
    expect(failure.status).toBe(400);
    expect(failure.body).toMatchObject({
      details: [{ message: 'Size must be between 1 and 500', property: 'to' }],
    });
  });

  it('broadcasts to every friend', async () => {
    await client.broadcast({ messages: [text('全員へ')] });
    const last = (await sentLog()).sent.at(-1);
    expect(last?.kind).toBe('broadcast');
    expect(last?.deliveredTo).toContain(friendId);
  });
});

describe('reply', () => {
  it('replies once with a token from a delivered event', async () => {
    const { events } = await sim.consoleCall<{ events: { replyToken: string }[] }>(
      'POST',
      `/_sim/users/${friendId}/messages`,
      { channelId: channel.channelId, text: '予約したい' },
    );
    const replyToken = events[0]?.replyToken ?? '';
    const answer = await client.replyMessage({ replyToken, messages: [text('承知しました')] });
    expectResponseSchema('messaging-api', '/v2/bot/message/reply', 'post', 200, answer);
    expectRequestSchema(
      'messaging-api',
      '/v2/bot/message/reply',
      'post',
      'application/json',
      lastRequest('/v2/bot/message/reply')?.body,
    );
    const second = await sdkFailure(client.replyMessage({ replyToken, messages: [text('二回目')] }));
    expect(second.status).toBe(400);
    expect(second.body).toEqual({ message: 'Invalid reply token' });
  });

  it("refuses another channel's reply token", async () => {
    const other = await sim.createChannel({ displayName: '別店' });
    await sim.consoleCall('POST', `/_sim/users/${friendId}/follow/${other.channelId}`);
    const { events } = await sim.consoleCall<{ events: { replyToken: string }[] }>(
      'POST',
      `/_sim/users/${friendId}/messages`,
      { channelId: other.channelId, text: 'hi' },
    );
    const failure = await sdkFailure(
      client.replyMessage({ replyToken: events[0]?.replyToken ?? '', messages: [text('x')] }),
    );
    expect(failure.status).toBe(400);
  });
});

describe('fault injection', () => {
  it('fails the next N calls, then recovers', async () => {
    await sim.consoleCall('POST', '/_sim/faults', { status: 500, count: 2, channelId: channel.channelId });
    expect((await sdkFailure(client.getBotInfo())).status).toBe(500);
    const rateLimited = await sim.consoleCall('POST', '/_sim/faults', { status: 429, count: 1 });
    expect(rateLimited).toMatchObject({ status: 429 });
    expect((await sdkFailure(client.pushMessage({ to: friendId, messages: [text('x')] }))).status).toBe(500);
    const limited = await sdkFailure(client.pushMessage({ to: friendId, messages: [text('x')] }));
    expect(limited.status).toBe(429);
    expectResponseSchema('messaging-api', '/v2/bot/message/push', 'post', 429, limited.body);
    await client.getBotInfo();
  });

  it('"after" mode sends but loses the answer, and the retry key then answers 409', async () => {
    await sim.consoleCall('POST', '/_sim/faults', { status: 500, count: 1, when: 'after' });
    const retryKey = randomUUID();
    const before = (await sentLog()).sent.length;
    const lost = await sdkFailure(client.pushMessage({ to: friendId, messages: [text('一回')] }, retryKey));
    expect(lost.status).toBe(500);
    const retried = await sdkFailure(
      client.pushMessage({ to: friendId, messages: [text('一回')] }, retryKey),
    );
    expect(retried.status).toBe(409);
    expect((await sentLog()).sent.length).toBe(before + 1);
  });
});
