import type { messagingApi } from '@line/bot-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sdkFailure } from '../testing/sdk-error.helper.ts';
import { type ChannelInfo, type SimHarness, startSimulator } from '../testing/sim-test.harness.ts';

let sim: SimHarness;
let channel: ChannelInfo;
let client: messagingApi.MessagingApiClient;
let friendId: string;

const bubble = (overrides: Partial<messagingApi.FlexBubble> = {}): messagingApi.FlexBubble => ({
  type: 'bubble',
  hero: { type: 'image', url: 'https://example.com/a.jpg', size: 'full' },
  body: { type: 'box', layout: 'vertical', contents: [{ type: 'text', text: '抹茶パフェ' }] },
  footer: {
    type: 'box',
    layout: 'vertical',
    contents: [{ type: 'button', action: { type: 'uri', label: '予約する', uri: 'https://example.com/r' } }],
  },
  ...overrides,
});
const carousel = (bubbles: messagingApi.FlexBubble[]): messagingApi.FlexMessage => ({
  type: 'flex',
  altText: 'おすすめ',
  contents: { type: 'carousel', contents: bubbles },
});

/** LINE's 400 body: { message, details: [{ message, property }] }. */
const refusal = async (call: Promise<unknown>) => {
  const failure = await sdkFailure(call);
  expect(failure.status).toBe(400);
  return failure.body as { message: string; details: { message: string; property: string }[] };
};

beforeAll(async () => {
  sim = await startSimulator();
  channel = await sim.createChannel();
  ({ client } = await sim.messagingClients(channel));
  friendId = (await sim.createUser()).userId;
  await sim.consoleCall('POST', `/_sim/users/${friendId}/follow/${channel.channelId}`);
});
afterAll(() => sim.close());

describe('validate endpoints', () => {
  it('accept a Flex carousel, an image and an imagemap for every kind, and send nothing', async () => {
    const messages: messagingApi.Message[] = [
      carousel([bubble(), bubble()]),
      {
        type: 'image',
        originalContentUrl: 'https://example.com/o.jpg',
        previewImageUrl: 'https://example.com/p.jpg',
      },
      {
        type: 'imagemap',
        baseUrl: 'https://example.com/map',
        altText: '地図',
        baseSize: { width: 1040, height: 1040 },
        actions: [{ type: 'message', text: 'こんにちは', area: { x: 0, y: 0, width: 1040, height: 1040 } }],
      },
    ];
    await client.validatePush({ messages });
    await client.validateMulticast({ messages });
    await client.validateBroadcast({ messages });
    await client.validateReply({ messages });
    await client.validateNarrowcast({ messages });
    const sent = await sim.consoleCall<{ sent: unknown[] }>(
      'GET',
      `/_sim/channels/${channel.channelId}/sent`,
    );
    expect(sent.sent).toHaveLength(0);
  });

  it("refuse LINE's Flex limits with LINE's details, as the send path does", async () => {
    const tooMany = await refusal(
      client.validateMulticast({ messages: [carousel(Array(13).fill(bubble()))] }),
    );
    expect(tooMany.details).toContainEqual({
      message: 'Size must be between 1 and 12',
      property: 'messages[0].contents.contents',
    });
    const badLink = carousel([
      bubble({
        footer: {
          type: 'box',
          layout: 'vertical',
          contents: [{ type: 'button', action: { type: 'uri', label: 'x'.repeat(41), uri: 'ftp://nope' } }],
        },
      }),
    ]);
    const link = await refusal(client.validateBroadcast({ messages: [badLink] }));
    expect(link.details).toEqual([
      {
        message: 'Length must be between 0 and 40',
        property: 'messages[0].contents.contents[0].footer.contents[0].action.label',
      },
      { message: 'invalid uri', property: 'messages[0].contents.contents[0].footer.contents[0].action.uri' },
    ]);
    const http = await refusal(
      client.validatePush({
        messages: [carousel([bubble({ hero: { type: 'image', url: 'http://example.com/a.jpg' } })])],
      }),
    );
    expect(http.details[0]!.property).toBe('messages[0].contents.contents[0].hero.url');
    const big = await refusal(
      client.validateMulticast({
        messages: [
          carousel(
            Array.from({ length: 10 }, () =>
              bubble({
                body: {
                  type: 'box',
                  layout: 'vertical',
                  contents: Array.from({ length: 20 }, () => ({
                    type: 'text' as const,
                    text: 'あ'.repeat(100),
                  })),
                },
              }),
            ),
          ),
        ],
      }),
    );
    expect(big.details[0]!.message).toBe('The size of the carousel must be at most 50000 bytes');
    // The send path refuses the same message with the same words.
    const sent = await refusal(client.multicast({ to: [friendId], messages: [badLink] }));
    expect(sent.details).toEqual(link.details);
  });
  it("refuse an imagemap outside LINE's limits, and take the product's loopback http images", async () => {
    const area = { x: 0, y: 0, width: 520, height: 520 };
    const imagemap = (over: Partial<messagingApi.ImagemapMessage>): messagingApi.ImagemapMessage => ({
      type: 'imagemap',
      baseUrl: 'http://127.0.0.1:4400/line-media/abc',
      altText: '春のセール',
      baseSize: { width: 1040, height: 1040 },
      actions: [{ type: 'message', text: 'クーポン', area }],
      ...over,
    });
    await client.validateMulticast({
      messages: [
        imagemap({}),
        {
          type: 'image',
          originalContentUrl: 'http://localhost:4400/line-media/abc/original',
          previewImageUrl: 'http://localhost:4400/line-media/abc/preview',
        },
      ],
    });
    const outside = await refusal(
      client.validateMulticast({
        messages: [
          imagemap({
            actions: [
              { type: 'uri', linkUri: 'https://example.com', area: { ...area, x: 600 } },
              { type: 'message', text: 'x', area: { ...area, y: 1000 } },
            ],
          }),
        ],
      }),
    );
    expect(outside.details).toEqual([
      { message: 'The area must be inside the base size', property: 'messages[0].actions[0].area' },
      { message: 'The area must be inside the base size', property: 'messages[0].actions[1].area' },
    ]);
    const many = await refusal(
      client.validateBroadcast({
        messages: [imagemap({ actions: Array(51).fill({ type: 'message', text: 'x', area }) })],
      }),
    );
    expect(many.details).toContainEqual({
      message: 'Size must be between 0 and 50',
      property: 'messages[0].actions',
    });
    const foreign = await refusal(
      client.validateBroadcast({ messages: [imagemap({ baseUrl: 'http://example.com/map' })] }),
    );
    expect(foreign.details[0]!.property).toBe('messages[0].baseUrl');
  });
});
