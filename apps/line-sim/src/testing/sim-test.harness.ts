import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { channelAccessToken, messagingApi } from '@line/bot-sdk';
import { buildLineSimulator } from '../app.ts';
import type { LineSimulatorOptions } from '../config/sim-options.ts';

export type CapturedRequest = {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: unknown;
};

export type ChannelInfo = {
  channelId: string;
  channelSecret: string;
  botUserId: string;
  basicId: string;
  displayName: string;
  pictureUrl: string;
  channelAccessToken: string;
  webhook: { endpoint: string | null; active: boolean };
  loginChannel: { channelId: string; channelSecret: string; name: string };
};

/** A simulator on a real port (0 = any free one), as the product's SDK clients will reach it. */
export const startSimulator = async (options: LineSimulatorOptions = {}) => {
  const app = buildLineSimulator({ redeliveryDelaysMs: [20, 40], webhookTimeoutMs: 2000, ...options });
  const captured: CapturedRequest[] = [];
  // What the SDK actually sends, so tests can check requests against LINE's schemas too.
  app.addHook('preHandler', async (request) => {
    captured.push({
      method: request.method,
      url: request.url,
      headers: request.headers,
      body: Buffer.isBuffer(request.body) ? null : request.body,
    });
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;

  const consoleCall = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      ...(body !== undefined
        ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }
        : {}),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} -> ${response.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };

  const createChannel = (input: Record<string, unknown> = {}) =>
    consoleCall<ChannelInfo>('POST', '/_sim/channels', { displayName: 'テスト店', ...input });

  const createUser = (displayName = '山田 太郎') =>
    consoleCall<{ userId: string; displayName: string }>('POST', '/_sim/users', { displayName });

  /** Issues a token the way the product will: from the channel id and secret, through the SDK. */
  const issueToken = async (channelId: string, channelSecret: string) => {
    const client = new channelAccessToken.ChannelAccessTokenClient({ baseURL: baseUrl });
    const issued = await client.issueStatelessChannelToken(
      'client_credentials',
      undefined,
      undefined,
      channelId,
      channelSecret,
    );
    return issued.access_token;
  };

  const messagingClients = async (channel: ChannelInfo) => {
    const token = await issueToken(channel.channelId, channel.channelSecret);
    return {
      token,
      client: new messagingApi.MessagingApiClient({ channelAccessToken: token, baseURL: baseUrl }),
      blob: new messagingApi.MessagingApiBlobClient({ channelAccessToken: token, baseURL: baseUrl }),
    };
  };

  return {
    app,
    baseUrl,
    captured,
    consoleCall,
    createChannel,
    createUser,
    issueToken,
    messagingClients,
    close: () => app.close(),
  };
};

export type SimHarness = Awaited<ReturnType<typeof startSimulator>>;

export type ReceivedWebhook = { headers: IncomingHttpHeaders; rawBody: string; json: unknown };

/** A stand-in for the product's webhook endpoint; answers statuses from a queue, then 200. */
export const startWebhookReceiver = async () => {
  const received: ReceivedWebhook[] = [];
  const statuses: number[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      received.push({ headers: request.headers, rawBody, json: JSON.parse(rawBody) as unknown });
      response.statusCode = statuses.shift() ?? 200;
      response.end('OK');
      for (const waiter of [...waiters]) {
        if (received.length >= waiter.count) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve();
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks/line`,
    received,
    /** Next answers, in order (e.g. [500, 500] = fail twice, then 200). */
    failNext: (...codes: number[]) => statuses.push(...codes),
    waitFor: (count: number, timeoutMs = 3000) =>
      new Promise<void>((resolve, reject) => {
        if (received.length >= count) return resolve();
        const timer = setTimeout(
          () => reject(new Error(`waited for ${count} webhooks, got ${received.length}`)),
          timeoutMs,
        );
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
