import { HTTPFetchError, messagingApi } from '@line/bot-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectResponseSchema } from '../testing/openapi.assertions.ts';
import type { SeedChannel } from '../config/sim-options.ts';
import { type SimHarness, startSimulator } from '../testing/sim-test.harness.ts';

const channel = (id: string, token: string): SeedChannel => ({
  channelId: id,
  channelSecret: '0123456789abcdef0123456789abcdef',
  botUserId: `U${id.slice(-1).repeat(32)}`,
  displayName: `店 ${id}`,
  channelAccessToken: token,
});
const userId = `U${'c'.repeat(32)}`;

let sim: SimHarness;
beforeAll(async () => {
  sim = await startSimulator({
    seed: {
      channels: [channel('2000000011', 'token-a'), channel('2000000012', 'token-b')],
      users: [{ userId, displayName: '写真 花子', friendOf: ['2000000011'] }],
    },
  });
});
afterAll(() => sim.close());

const blobOf = (token: string) =>
  new messagingApi.MessagingApiBlobClient({ channelAccessToken: token, baseURL: sim.baseUrl });
const read = async (stream: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
};
const statusOf = async (call: Promise<unknown>) => {
  try {
    await call;
    return 200;
  } catch (error) {
    return error instanceof HTTPFetchError ? error.status : -1;
  }
};

const sendMedia = async (contentType: string, data: Buffer, fileName: string) => {
  const response = await fetch(
    `${sim.baseUrl}/_sim/users/${userId}/media?channelId=2000000011&fileName=${encodeURIComponent(fileName)}`,
    { method: 'POST', headers: { 'content-type': contentType }, body: new Uint8Array(data) },
  );
  expect(response.status).toBe(200);
  return (await response.json()) as { events: { message: Record<string, unknown> }[] };
};

describe('message content (api-data)', () => {
  it('a photo the user sends is an image message whose bytes the channel gets, then 404 once expired', async () => {
    const bytes = Buffer.from('not really a png, but bytes');
    const { events } = await sendMedia('image/png', bytes, 'photo.png');
    const message = events[0]!.message;
    expect(message).toMatchObject({ type: 'image', contentProvider: { type: 'line' } });
    const id = message.id as string;

    expect(await read(await blobOf('token-a').getMessageContent(id))).toEqual(bytes);
    expect(await read(await blobOf('token-a').getMessageContentPreview(id))).toEqual(bytes);
    // another channel never gets it
    expect(await statusOf(blobOf('token-b').getMessageContent(id))).toBe(404);

    await sim.consoleCall('POST', `/_sim/contents/${id}/expire`);
    expect(await statusOf(blobOf('token-a').getMessageContent(id))).toBe(404);
  });

  it('a file is a file message with its name and size; it has no preview', async () => {
    const bytes = Buffer.from('%PDF-1.4 menu');
    const { events } = await sendMedia('application/pdf', bytes, 'menu.pdf');
    expect(events[0]!.message).toMatchObject({ type: 'file', fileName: 'menu.pdf', fileSize: bytes.length });
    const id = events[0]!.message.id as string;
    expect(await read(await blobOf('token-a').getMessageContent(id))).toEqual(bytes);
    expect(await statusOf(blobOf('token-a').getMessageContentPreview(id))).toBe(404);
  });

  it('a video is prepared first (transcoding): processing hands out nothing, succeeded hands it out', async () => {
    const bytes = Buffer.from('a video');
    const { events } = await sendMedia('video/mp4', bytes, 'clip.mp4');
    const id = events[0]!.message.id as string;
    const blob = blobOf('token-a');
    // succeeded unless the console says otherwise
    expect(await blob.getMessageContentTranscodingByMessageId(id)).toEqual({ status: 'succeeded' });
    const set = (status: string) => sim.consoleCall('POST', `/_sim/contents/${id}/transcoding`, { status });
    await set('processing');
    const processing = await blob.getMessageContentTranscodingByMessageId(id);
    expectResponseSchema(
      'messaging-api',
      '/v2/bot/message/{messageId}/content/transcoding',
      'get',
      200,
      processing,
    );
    expect(processing).toEqual({ status: 'processing' });
    expect(await statusOf(blob.getMessageContent(id))).toBe(404);
    await set('succeeded');
    expect(await read(await blob.getMessageContent(id))).toEqual(bytes);
    await set('failed');
    expect(await blob.getMessageContentTranscodingByMessageId(id)).toEqual({ status: 'failed' });
    // another channel never learns of it; an image has no preparation; the console refuses a status LINE has not
    expect(await statusOf(blobOf('token-b').getMessageContentTranscodingByMessageId(id))).toBe(404);
    const photo = (await sendMedia('image/png', Buffer.from('png'), 'p.png')).events[0]!.message.id as string;
    expect(await statusOf(blob.getMessageContentTranscodingByMessageId(photo))).toBe(400);
    await expect(set('done')).rejects.toThrow();
  });

  it('a sticker the user sends is a sticker message', async () => {
    const result = await sim.consoleCall<{ events: { message: unknown }[] }>(
      'POST',
      `/_sim/users/${userId}/sticker`,
      { channelId: '2000000011', packageId: '446', stickerId: '1988' },
    );
    expect(result.events[0]!.message).toMatchObject({ type: 'sticker', packageId: '446', stickerId: '1988' });
  });
});
