import { validateSignature, type messagingApi, type webhook } from '@line/bot-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectSchema } from '../testing/openapi.assertions.ts';
import {
  type ChannelInfo,
  type SimHarness,
  startSimulator,
  startWebhookReceiver,
} from '../testing/sim-test.harness.ts';

let sim: SimHarness;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let channel: ChannelInfo;
let client: messagingApi.MessagingApiClient;

type Delivery = { status: string; attempts: { isRedelivery: boolean; statusCode: number | null }[] };

const act = (userId: string, action: string, body?: unknown) =>
  sim.consoleCall<{ events: webhook.Event[]; delivery: Delivery }>(
    'POST',
    `/_sim/users/${userId}/${action}`,
    body,
  );

/** Every delivery must be a valid CallbackRequest signed with the channel secret. */
const checkDelivery = (index: number) => {
  const delivery = receiver.received[index];
  if (!delivery) throw new Error(`no delivery ${index}`);
  expectSchema('webhook', 'CallbackRequest', delivery.json);
  const signature = String(delivery.headers['x-line-signature']);
  expect(validateSignature(delivery.rawBody, channel.channelSecret, signature)).toBe(true);
  expect(validateSignature(delivery.rawBody, 'wrong-secret', signature)).toBe(false);
  return delivery.json as webhook.CallbackRequest;
};

beforeAll(async () => {
  sim = await startSimulator({ redeliveryDelaysMs: [20, 40] });
  receiver = await startWebhookReceiver();
  channel = await sim.createChannel();
  ({ client } = await sim.messagingClients(channel));
});
afterAll(async () => {
  await sim.close();
  await receiver.close();
});

describe('webhook endpoint settings', () => {
  it('sets, gets and tests the endpoint', async () => {
    expect(channel.webhook.endpoint).toBeNull();
    await client.setWebhookEndpoint({ endpoint: receiver.url });
    const current = await client.getWebhookEndpoint();
    expectSchema('messaging-api', 'GetWebhookEndpointResponse', current);
    expect(current).toEqual({ endpoint: receiver.url, active: true });
    const test = await client.testWebhookEndpoint({});
    expectSchema('messaging-api', 'TestWebhookEndpointResponse', test);
    expect(test).toMatchObject({ success: true, statusCode: 200, reason: 'OK' });
    expect(checkDelivery(0)).toEqual({ destination: channel.botUserId, events: [] });
    const unreachable = await client.testWebhookEndpoint({ endpoint: 'http://127.0.0.1:9/none' });
    expect(unreachable).toMatchObject({ success: false, reason: 'COULD_NOT_CONNECT' });
  });
});

describe('webhook delivery', () => {
  it('delivers follow, message, postback, unfollow and follow-after-block events', async () => {
    const start = receiver.received.length;
    const { userId } = await sim.createUser();
    await act(userId, `follow/${channel.channelId}`);
    await act(userId, 'messages', { channelId: channel.channelId, text: 'こんにちは' });
    await act(userId, 'postback', {
      channelId: channel.channelId,
      data: 'action=reserve',
      params: { date: '2025-01-01' },
    });
    await act(userId, `unfollow/${channel.channelId}`);
    await act(userId, `follow/${channel.channelId}`);
    await receiver.waitFor(start + 5);
    const events = [0, 1, 2, 3, 4].map((i) => checkDelivery(start + i).events[0]);
    expect(events.map((e) => e?.type)).toEqual(['follow', 'message', 'postback', 'unfollow', 'follow']);
    for (const event of events) {
      expect(event).toMatchObject({ mode: 'active', deliveryContext: { isRedelivery: false } });
      expect(event?.webhookEventId).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
      expect(event?.source).toEqual({ type: 'user', userId });
    }
    expect(new Set(events.map((e) => e?.webhookEventId)).size).toBe(5);
    expect((events[0] as webhook.FollowEvent).follow.isUnblocked).toBe(false);
    expect((events[4] as webhook.FollowEvent).follow.isUnblocked).toBe(true);
    expect((events[1] as webhook.MessageEvent).message).toMatchObject({ type: 'text', text: 'こんにちは' });
    expect((events[2] as webhook.PostbackEvent).postback).toEqual({
      data: 'action=reserve',
      params: { date: '2025-01-01' },
    });
    expect(checkDelivery(start).destination).toBe(channel.botUserId);
  });

  it('redelivers after failures with isRedelivery true and the same event id', async () => {
    const { userId } = await sim.createUser('再送');
    await act(userId, `follow/${channel.channelId}`);
    const start = receiver.received.length;
    receiver.failNext(500, 503);
    const { delivery } = await act(userId, 'messages', { channelId: channel.channelId, text: '再送テスト' });
    expect(delivery.status).toBe('pending');
    await receiver.waitFor(start + 3);
    const [first, second, third] = [0, 1, 2].map((i) => checkDelivery(start + i).events[0]);
    expect(first?.deliveryContext.isRedelivery).toBe(false);
    expect(second?.deliveryContext.isRedelivery).toBe(true);
    expect(third?.deliveryContext.isRedelivery).toBe(true);
    expect(new Set([first, second, third].map((e) => e?.webhookEventId)).size).toBe(1);
    const { deliveries } = await sim.consoleCall<{ deliveries: Delivery[] }>(
      'GET',
      `/_sim/channels/${channel.channelId}/deliveries`,
    );
    expect(deliveries.at(-1)).toMatchObject({ status: 'delivered' });
    expect(deliveries.at(-1)?.attempts.map((a) => a.statusCode)).toEqual([500, 503, 200]);
  });

  it('gives up after the schedule and marks the delivery failed', async () => {
    const { userId } = await sim.createUser('失敗');
    await act(userId, `follow/${channel.channelId}`);
    const start = receiver.received.length;
    receiver.failNext(500, 500, 500);
    await act(userId, 'messages', { channelId: channel.channelId, text: '届かない' });
    await receiver.waitFor(start + 3);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const { deliveries } = await sim.consoleCall<{ deliveries: Delivery[] }>(
      'GET',
      `/_sim/channels/${channel.channelId}/deliveries`,
    );
    expect(deliveries.at(-1)?.status).toBe('failed');
  });

  it('skips delivery when the webhook is off, and refuses chat from a non-friend', async () => {
    await sim.consoleCall('PATCH', `/_sim/channels/${channel.channelId}`, { webhookActive: false });
    const { userId } = await sim.createUser('オフ');
    const { delivery } = await act(userId, `follow/${channel.channelId}`);
    expect(delivery.status).toBe('skipped');
    await sim.consoleCall('PATCH', `/_sim/channels/${channel.channelId}`, { webhookActive: true });
    const stranger = await sim.createUser('未登録');
    const response = await fetch(`${sim.baseUrl}/_sim/users/${stranger.userId}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ channelId: channel.channelId, text: 'hi' }),
    });
    expect(response.status).toBe(409);
  });
});
