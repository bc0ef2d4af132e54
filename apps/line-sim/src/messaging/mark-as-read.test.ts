import { HTTPFetchError, messagingApi } from '@line/bot-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeedChannel } from '../config/sim-options.ts';
import { type SimHarness, startSimulator } from '../testing/sim-test.harness.ts';
import { INVALID_MARK_AS_READ_TOKEN } from './mark-as-read.routes.ts';

const channel = (id: string, token: string): SeedChannel => ({
  channelId: id,
  channelSecret: '0123456789abcdef0123456789abcdef',
  botUserId: `U${id.slice(-1).repeat(32)}`,
  displayName: `店 ${id}`,
  channelAccessToken: token,
});
const userId = `U${'d'.repeat(32)}`;

let sim: SimHarness;
beforeAll(async () => {
  sim = await startSimulator({
    seed: {
      channels: [channel('2000000021', 'token-a'), channel('2000000022', 'token-b')],
      users: [{ userId, displayName: '既読 花子', friendOf: ['2000000021', '2000000022'] }],
    },
  });
});
afterAll(() => sim.close());

const clientOf = (token: string) =>
  new messagingApi.MessagingApiClient({ channelAccessToken: token, baseURL: sim.baseUrl });
const statusOf = async (call: Promise<unknown>) => {
  try {
    await call;
    return 200;
  } catch (error) {
    return error instanceof HTTPFetchError ? error.status : -1;
  }
};
type Entry = { from: string; kind: string; text?: string; readAt?: string; markAsReadToken?: string };
const timeline = async (channelId: string) =>
  (await sim.consoleCall<{ entries: Entry[] }>('GET', `/_sim/users/${userId}/timeline/${channelId}`)).entries;
const say = async (channelId: string, text: string) =>
  (
    await sim.consoleCall<{ events: { message: { markAsReadToken?: string } }[] }>(
      'POST',
      `/_sim/users/${userId}/messages`,
      { channelId, text },
    )
  ).events[0]!.message;

describe('mark as read (POST /v2/bot/chat/markAsRead)', () => {
  it('with the chat off (auto), LINE sends no token and the message is read at once', async () => {
    await sim.consoleCall('PATCH', '/_sim/channels/2000000022', { chatMode: 'bot' });
    const message = await say('2000000022', 'Botの店へ');
    expect(message.markAsReadToken).toBeUndefined();
    expect((await timeline('2000000022')).at(-1)).toMatchObject({
      text: 'Botの店へ',
      readAt: expect.any(String),
    });
  });

  it('with the chat on (manual), a message stays unread until the account marks it with its token', async () => {
    await sim.consoleCall('PATCH', '/_sim/channels/2000000021', { chatMode: 'chat' });
    const first = await say('2000000021', 'こんにちは');
    const second = await say('2000000021', '予約できますか');
    expect(first.markAsReadToken).toEqual(expect.any(String));
    expect(second.markAsReadToken).not.toBe(first.markAsReadToken);
    const before = await timeline('2000000021');
    expect(before.filter((e) => e.from === 'user').every((e) => !e.readAt)).toBe(true);

    // another channel's token, or one never given: 400 as at LINE, nothing read
    const foreign = await statusOf(
      clientOf('token-b').markMessagesAsReadByToken({ markAsReadToken: second.markAsReadToken! }),
    );
    expect(foreign).toBe(400);
    const unknown = await statusOf(
      clientOf('token-a').markMessagesAsReadByToken({ markAsReadToken: 'nope' }),
    );
    expect(unknown).toBe(400);
    const missing = await fetch(`${sim.baseUrl}/v2/bot/chat/markAsRead`, {
      method: 'POST',
      headers: { authorization: 'Bearer token-a', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(missing.status).toBe(400);
    const refused = await fetch(`${sim.baseUrl}/v2/bot/chat/markAsRead`, {
      method: 'POST',
      headers: { authorization: 'Bearer token-a', 'content-type': 'application/json' },
      body: JSON.stringify({ markAsReadToken: 'nope' }),
    });
    expect(await refused.json()).toEqual({ message: INVALID_MARK_AS_READ_TOKEN });
    expect((await timeline('2000000021')).some((e) => e.readAt)).toBe(false);

    // the second message's token reads both; marking again is harmless
    expect(
      await statusOf(
        clientOf('token-a').markMessagesAsReadByToken({ markAsReadToken: second.markAsReadToken! }),
      ),
    ).toBe(200);
    expect(
      await statusOf(
        clientOf('token-a').markMessagesAsReadByToken({ markAsReadToken: second.markAsReadToken! }),
      ),
    ).toBe(200);
    const after = (await timeline('2000000021')).filter((e) => e.from === 'user');
    expect(after.map((e) => [e.text, Boolean(e.readAt)])).toEqual([
      ['こんにちは', true],
      ['予約できますか', true],
    ]);
  });

  it("the first message's token reads it and not the later one", async () => {
    const first = await say('2000000021', '一通目');
    await say('2000000021', '二通目');
    await clientOf('token-a').markMessagesAsReadByToken({ markAsReadToken: first.markAsReadToken! });
    const entries = (await timeline('2000000021')).filter((e) => e.from === 'user').slice(-2);
    expect(entries.map((e) => [e.text, Boolean(e.readAt)])).toEqual([
      ['一通目', true],
      ['二通目', false],
    ]);
  });
});
