import { randomUUID } from 'node:crypto';
import type { messagingApi } from '@line/bot-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectResponseSchema } from '../testing/openapi.assertions.ts';
import { sdkFailure } from '../testing/sdk-error.helper.ts';
import { type ChannelInfo, type SimHarness, startSimulator } from '../testing/sim-test.harness.ts';

let sim: SimHarness;

const text = (value: string): messagingApi.TextMessage => ({ type: 'text', text: value });

/** A channel on a plan, with `friends` friends and one user who blocked it. */
const channelWith = async (friends: number, quotaPlan?: string) => {
  const channel = await sim.createChannel(quotaPlan ? { quotaPlan } : {});
  const { client, token } = await sim.messagingClients(channel);
  const userIds: string[] = [];
  for (let i = 0; i < friends; i += 1) {
    const { userId } = await sim.createUser(`友だち${i}`);
    await sim.consoleCall('POST', `/_sim/users/${userId}/follow/${channel.channelId}`);
    userIds.push(userId);
  }
  const blocked = (await sim.createUser('ブロック')).userId;
  await sim.consoleCall('POST', `/_sim/users/${blocked}/follow/${channel.channelId}`);
  await sim.consoleCall('POST', `/_sim/users/${blocked}/unfollow/${channel.channelId}`);
  return { channel, client, token, userIds, blocked };
};

const setPlan = (channel: ChannelInfo, quotaPlan: string) =>
  sim.consoleCall('PATCH', `/_sim/channels/${channel.channelId}`, { quotaPlan });

beforeAll(async () => {
  sim = await startSimulator();
});
afterAll(() => sim.close());

describe('monthly quota', () => {
  it('answers the plan and counts push, multicast and broadcast per recipient, not reply nor blocked', async () => {
    const { channel, client, userIds, blocked } = await channelWith(3, 'communication');
    const quota = await client.getMessageQuota();
    expectResponseSchema('messaging-api', '/v2/bot/message/quota', 'get', 200, quota);
    expect(quota).toEqual({ type: 'limited', value: 200 });

    await client.pushMessage({ to: userIds[0]!, messages: [text('1'), text('2')] });
    await client.multicast({ to: [...userIds, blocked], messages: [text('多')] });
    await client.broadcast({ messages: [text('全')] });
    const usage = await client.getMessageQuotaConsumption();
    expectResponseSchema('messaging-api', '/v2/bot/message/quota/consumption', 'get', 200, usage);
    // push 1 + multicast 3 (the blocked user is not counted) + broadcast 3
    expect(usage.totalUsage).toBe(7);
    const view = await sim.consoleCall<{ quotaPlan: string; quota: { limit: number; used: number } }>(
      'GET',
      `/_sim/channels/${channel.channelId}`,
    );
    expect(view).toMatchObject({ quotaPlan: 'communication', quota: { limit: 200, used: 7 } });
  });

  it('plans are settable and validated; unlimited answers type none', async () => {
    const { channel, client } = await channelWith(0);
    expect(await client.getMessageQuota()).toEqual({ type: 'limited', value: 30_000 });
    await setPlan(channel, 'light');
    expect(await client.getMessageQuota()).toEqual({ type: 'limited', value: 5_000 });
    await setPlan(channel, 'unlimited');
    expect(await client.getMessageQuota()).toEqual({ type: 'none' });
    await expect(setPlan(channel, 'gold')).rejects.toThrow(/400 .*quotaPlan must be one of/);
  });

  it('refuses a send that would go over the month with 429 and sends nothing', async () => {
    const { channel, client, userIds } = await channelWith(3, 'communication');
    const store = sim.app.lineSim.store;
    // 198 already used this month: 2 left.
    store.sent.push({
      id: 'sent-old',
      channelId: channel.channelId,
      kind: 'push',
      to: [],
      deliveredTo: Array.from({ length: 198 }, (_, i) => `U${i}`),
      messages: [],
      sentMessages: [],
      retryKey: null,
      replyToken: null,
      notificationDisabled: false,
      at: new Date().toISOString(),
    });
    const before = store.sent.length;
    const failure = await sdkFailure(client.multicast({ to: userIds, messages: [text('多')] }, randomUUID()));
    expect(failure.status).toBe(429);
    expect(failure.body).toEqual({ message: 'You have reached your monthly limit.' });
    expect((await sdkFailure(client.broadcast({ messages: [text('全')] }))).status).toBe(429);
    expect(store.sent.length).toBe(before);
    // Two recipients still fit.
    await client.multicast({ to: userIds.slice(0, 2), messages: [text('二人')] });
    expect((await client.getMessageQuotaConsumption()).totalUsage).toBe(200);
    const push = await sdkFailure(client.pushMessage({ to: userIds[2]!, messages: [text('x')] }));
    expect(push).toMatchObject({ status: 429, body: { message: 'You have reached your monthly limit.' } });
    // A bigger plan lets it go again.
    await setPlan(channel, 'light');
    await client.pushMessage({ to: userIds[2]!, messages: [text('x')] });
  });

  it('a repeated retry key still answers 409 when the quota is spent', async () => {
    const { client, userIds } = await channelWith(1, 'communication');
    const key = randomUUID();
    await client.multicast({ to: userIds, messages: [text('一度')] }, key);
    sim.app.lineSim.store.sent.at(-1)!.deliveredTo.push(...Array.from({ length: 199 }, (_, i) => `U${i}`));
    const again = await sdkFailure(client.multicast({ to: userIds, messages: [text('一度')] }, key));
    expect(again.status).toBe(409);
  });
});

describe('rate limits', () => {
  const rateLimited = { message: 'The API rate limit has been exceeded. Try again later.' };

  it('allows 60 broadcasts an hour per channel, then 429; another channel is not affected', async () => {
    const { client } = await channelWith(0, 'unlimited');
    for (let i = 0; i < 60; i += 1) await client.broadcast({ messages: [text(`b${i}`)] });
    const failure = await sdkFailure(client.broadcast({ messages: [text('61')] }));
    expect(failure).toMatchObject({ status: 429, body: rateLimited });
    // push is another class and still goes
    expect(await client.getMessageQuota()).toEqual({ type: 'none' });
    const other = await channelWith(0);
    await other.client.broadcast({ messages: [text('別チャネル')] });
  });

  it('allows 200 multicasts a second, then 429', async () => {
    const { token, userIds } = await channelWith(1, 'unlimited');
    const call = () =>
      sim.app.inject({
        method: 'POST',
        url: '/v2/bot/message/multicast',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: { to: userIds, messages: [text('速')] },
      });
    // The window is one second: fire them all at once so they fall in one window.
    const answers = await Promise.all(Array.from({ length: 210 }, call));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(200);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(10);
    expect(answers.find((answer) => answer.statusCode === 429)?.json()).toEqual(rateLimited);
  });
});
