import { createHmac } from 'node:crypto';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { buildLineSimulator, type LineSimulatorOptions } from '@app/line-sim';
import type { LightMyRequestResponse } from 'fastify';
import { createClient, createUser, TEST_PASSWORD } from './factories.ts';
import { call, createTestApp, sessionCookie, type TestApp } from './test-app.ts';

export type SimChannel = {
  channelId: string;
  channelSecret: string;
  botUserId: string;
  basicId: string;
  displayName: string;
  webhook: { endpoint: string | null; active: boolean };
  loginChannel: { channelId: string; channelSecret: string; name: string };
};

/** The LINE simulator (apps/line-sim) in this process, on a free port, driven through its console API. */
export async function startLineSim(options: LineSimulatorOptions = {}) {
  const app = buildLineSimulator({ redeliveryDelaysMs: [], webhookTimeoutMs: 5000, ...options });
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

  return {
    app,
    baseUrl,
    consoleCall,
    createChannel: (input: Record<string, unknown> = {}) =>
      consoleCall<SimChannel>('POST', '/_sim/channels', { displayName: 'テスト店', ...input }),
    createUser: (displayName = '山田 太郎') =>
      consoleCall<{ userId: string; displayName: string }>('POST', '/_sim/users', { displayName }),
    /** A LINE user's action (follow/{channelId}, unfollow/{channelId}, messages, postback). */
    /** An ID token of a user for a LIFF app, as the LIFF SDK gets it from LINE Login. */
    liffLogin: async (userId: string, liffId: string) =>
      (await consoleCall<{ idToken: string }>('POST', '/_sim/liff/login', { userId, liffId })).idToken,
    act: (userId: string, action: string, body?: unknown) =>
      consoleCall<{ delivery: { status: string; attempts: { statusCode: number | null }[] } }>(
        'POST',
        `/_sim/users/${userId}/${action}`,
        body,
      ),
    sent: (channelId: string) =>
      consoleCall<{ sent: { to: string[]; retryKey: string | null; messages: unknown[] }[] }>(
        'GET',
        `/_sim/channels/${channelId}/sent`,
      ).then((r) => r.sent),
    fault: (rule: {
      status: number;
      count?: number;
      when?: 'before' | 'after';
      channelId?: string;
      pathPrefix?: string;
      message?: string;
    }) => consoleCall('POST', '/_sim/faults', rule),
    close: () => app.close(),
  };
}
export type LineSim = Awaited<ReturnType<typeof startLineSim>>;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The API wired to the simulator and listening on a real port (APP_URL), so that LINE (the simulator)
 * can deliver webhooks to it. `api` calls it like the web app from its own origin.
 */
export async function createLineTestApp(sim: LineSim, env: Record<string, string> = {}) {
  const port = await freePort();
  const appUrl = `http://127.0.0.1:${port}`;
  const t: TestApp = await createTestApp({
    APP_URL: appUrl,
    LINE_API_BASE_URL: sim.baseUrl,
    LINE_DATA_API_BASE_URL: sim.baseUrl,
    LINE_LOGIN_BASE_URL: sim.baseUrl,
    ...env,
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  const api = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    options: Parameters<typeof call>[3] = {},
  ): Promise<LightMyRequestResponse> =>
    call(t.app, method, url, { ...options, headers: { origin: appUrl, ...options.headers } });
  /** Log in from the app's own origin (the factories' loginAs speaks from the default test origin). */
  const login = async (email: string) => {
    const response = await api('POST', '/auth/api/v1/session/login', {
      body: { email, password: TEST_PASSWORD },
    });
    if (response.statusCode !== 200) throw new Error(`login failed ${response.statusCode}: ${response.body}`);
    return sessionCookie(response);
  };
  /** A client with a logged-in user of each position. */
  const clientWithUsers = async () => {
    const client = await createClient(t.db);
    const user = async (position: 'OWNER' | 'MANAGER' | 'STAFF') => {
      const row = await createUser(t.db, { role: 'CLIENT', position, clientId: client.id });
      return { user: row, cookie: await login(row.email) };
    };
    return { client, owner: await user('OWNER'), manager: await user('MANAGER'), staff: await user('STAFF') };
  };
  /** A logged-in back-office user of another role. */
  const userCookie = async (values: Parameters<typeof createUser>[1]) =>
    login((await createUser(t.db, values)).email);
  /** A new simulator channel connected as a client's LINE account by its owner: the channel and the id. */
  const connectedAccount = async (who: { owner: { cookie: string } }, displayName: string) => {
    const channel = await sim.createChannel({ displayName });
    const connected = await api('POST', '/client/api/v1/line-account', {
      cookie: who.owner.cookie,
      body: connectBody(channel),
    });
    if (connected.statusCode !== 201)
      throw new Error(`connect failed ${connected.statusCode}: ${connected.body}`);
    return { channel, accountId: connected.json<{ id: number }>().id };
  };
  /**
   * A simulator channel connected as a client's LINE account by its owner, with a service linked (KS-001
   * members, KS-002 shifts): the set-up the service tests share. Answers the channel and the ids.
   */
  const accountWithService = async (
    who: { client: { id: number }; owner: { cookie: string } },
    serviceCode: 'KS-001' | 'KS-002',
    displayName: string,
  ) => {
    const { channel, accountId } = await connectedAccount(who, displayName);
    const cookie = who.owner.cookie;
    const link = await api('POST', `/client/api/v1/line-account/${accountId}/lineAccountService`, {
      cookie,
      body: { serviceCode, clientId: who.client.id },
    });
    if (link.statusCode !== 201) throw new Error(`service link failed ${link.statusCode}: ${link.body}`);
    const linked = link.json<{ storeId: number; liffId: string }>();
    return { channel, accountId, storeId: linked.storeId, liffId: linked.liffId };
  };
  /**
   * A simulated LINE user who follows a channel (unless told; the follow webhook's friend row written) and
   * their ID token for a mini-app, with the header the mini-app sends it in.
   */
  const liffUser = async (name: string, app: { channelId: string; liffId: string; follow?: boolean }) => {
    const user = await sim.createUser(name);
    if (app.follow !== false) {
      await sim.act(user.userId, `follow/${app.channelId}`);
      await t.app.jobs.runDue();
    }
    const idToken = await sim.liffLogin(user.userId, app.liffId);
    return { user, idToken, headers: { authorization: `Bearer ${idToken}` } };
  };
  /** Runs the jobs that are due until none is left (at most 30 rounds of 50): what the runner would do. */
  const drain = async () => {
    for (let i = 0; i < 30; i += 1) if ((await t.app.jobs.runDue(50)) === 0) return;
  };
  return {
    ...t,
    appUrl,
    api,
    drain,
    login,
    clientWithUsers,
    userCookie,
    connectedAccount,
    accountWithService,
    liffUser,
  };
}
export type LineTestApp = Awaited<ReturnType<typeof createLineTestApp>>;

/** X-Line-Signature of a body, as LINE computes it. */
export const signLineBody = (channelSecret: string, body: string) =>
  createHmac('sha256', channelSecret).update(body).digest('base64');

/** The body of POST /line-account for a simulator channel. */
export const connectBody = (channel: SimChannel, extra: Record<string, unknown> = {}) => ({
  channelId: channel.channelId,
  channelSecret: channel.channelSecret,
  loginChannelId: channel.loginChannel.channelId,
  loginChannelSecret: channel.loginChannel.channelSecret,
  ...extra,
});
