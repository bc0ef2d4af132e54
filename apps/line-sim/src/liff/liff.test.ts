import { liff } from '@line/bot-sdk';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiffLoginResult } from './liff-login.service.ts';
import { expectRequestSchema, expectResponseSchema, expectSchema } from '../testing/openapi.assertions.ts';
import { sdkFailure } from '../testing/sdk-error.helper.ts';
import { type ChannelInfo, type SimHarness, startSimulator } from '../testing/sim-test.harness.ts';

let sim: SimHarness;
let channel: ChannelInfo;
let liffClient: liff.LiffClient;
let userId: string;

const verify = async (form: Record<string, string>) => {
  const response = await fetch(`${sim.baseUrl}/oauth2/v2.1/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

beforeAll(async () => {
  sim = await startSimulator();
  channel = await sim.createChannel();
  const token = await sim.issueToken(channel.loginChannel.channelId, channel.loginChannel.channelSecret);
  liffClient = new liff.LiffClient({ channelAccessToken: token, baseURL: sim.baseUrl });
  userId = (await sim.createUser('佐藤 花子')).userId;
});
afterAll(() => sim.close());

describe('LIFF server API', () => {
  it('adds, lists, updates and deletes apps, matching liff.yml', async () => {
    expect((await sdkFailure(liffClient.getAllLIFFApps())).status).toBe(404);
    const added = await liffClient.addLIFFApp({
      view: { type: 'full', url: 'http://localhost:5173/member' },
      description: '会員証',
    });
    expectSchema('liff', 'AddLiffAppResponse', added);
    expect(added.liffId.startsWith(`${channel.loginChannel.channelId}-`)).toBe(true);
    expectRequestSchema(
      'liff',
      '/liff/v1/apps',
      'post',
      'application/json',
      sim.captured.findLast((r) => r.url === '/liff/v1/apps' && r.method === 'POST')?.body,
    );
    await liffClient.updateLIFFApp(added.liffId, { view: { url: 'http://localhost:5173/card' } });
    const all = await liffClient.getAllLIFFApps();
    expectResponseSchema('liff', '/liff/v1/apps', 'get', 200, all);
    expect(all.apps?.[0]).toMatchObject({
      liffId: added.liffId,
      view: { type: 'full', url: 'http://localhost:5173/card' },
      description: '会員証',
    });
    await liffClient.deleteLIFFApp(added.liffId);
    expect((await sdkFailure(liffClient.deleteLIFFApp(added.liffId))).status).toBe(404);
  });

  it('refuses a Messaging API channel token and a bad body', async () => {
    const messagingToken = await sim.issueToken(channel.channelId, channel.channelSecret);
    const wrong = new liff.LiffClient({ channelAccessToken: messagingToken, baseURL: sim.baseUrl });
    expect((await sdkFailure(wrong.getAllLIFFApps())).status).toBe(401);
    const bad = await sdkFailure(
      liffClient.addLIFFApp({ view: { type: 'huge', url: 'x' } } as unknown as liff.AddLiffAppRequest),
    );
    expect(bad.status).toBe(400);
  });
});

describe('LIFF login and ID tokens', () => {
  let login: LiffLoginResult;

  beforeAll(async () => {
    const { liffId } = await liffClient.addLIFFApp({
      view: { type: 'tall', url: 'http://localhost:5173/shift' },
    });
    await sim.consoleCall('POST', `/_sim/users/${userId}/follow/${channel.channelId}`);
    login = await sim.consoleCall<LiffLoginResult>('POST', '/_sim/liff/login', { userId, liffId });
  });

  it('issues an HS256 ID token with LINE claims, profile, context and friendship', () => {
    const claims = decodeJwt(login.idToken);
    expect(claims).toMatchObject({
      iss: 'https://access.line.me',
      sub: userId,
      aud: channel.loginChannel.channelId,
      name: '佐藤 花子',
    });
    expect(typeof claims.picture).toBe('string');
    expect(claims.exp! - claims.iat!).toBe(3600);
    expect(login.profile.userId).toBe(userId);
    expect(login.context).toMatchObject({ type: 'utou', userId, viewType: 'tall' });
    expect(login.friendship).toEqual({ friendFlag: true });
    const launch = new URL(login.launchUrl);
    expect(launch.origin + launch.pathname).toBe('http://localhost:5173/shift');
    const carried = JSON.parse(Buffer.from(launch.searchParams.get('lineSim') ?? '', 'base64url').toString());
    expect(carried.idToken).toBe(login.idToken);
  });

  it('verifies the ID token like LINE', async () => {
    const ok = await verify({ id_token: login.idToken, client_id: channel.loginChannel.channelId });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ iss: 'https://access.line.me', sub: userId, name: '佐藤 花子' });
    const withUser = await verify({
      id_token: login.idToken,
      client_id: channel.loginChannel.channelId,
      user_id: 'U0',
    });
    expect(withUser.body).toEqual({
      error: 'invalid_request',
      error_description: 'Invalid IdToken Subject Identifier.',
    });
  });

  it('refuses a tampered token and a wrong audience with 400 { error, error_description }', async () => {
    const [header, payload, signature] = login.idToken.split('.');
    const forged = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<string, unknown>;
    forged.sub = `U${'f'.repeat(32)}`;
    const tampered = `${header}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${signature}`;
    const bad = await verify({ id_token: tampered, client_id: channel.loginChannel.channelId });
    expect(bad.status).toBe(400);
    expectSchema('channel-access-token', 'ErrorResponse', bad.body);
    expect(bad.body.error).toBe('invalid_request');
    const otherAudience = await verify({ id_token: login.idToken, client_id: '1234567890' });
    expect(otherAudience.body.error_description).toBe('Invalid IdToken Audience.');
  });

  it('accepts the LIFF access token at verify, profile and friendship', async () => {
    const verified = await fetch(`${sim.baseUrl}/oauth2/v2.1/verify?access_token=${login.accessToken}`);
    expect(await verified.json()).toMatchObject({ client_id: channel.loginChannel.channelId });
    const headers = { authorization: `Bearer ${login.accessToken}` };
    const profile = await fetch(`${sim.baseUrl}/v2/profile`, { headers });
    expect(await profile.json()).toMatchObject({ userId, displayName: '佐藤 花子' });
    const friendship = await fetch(`${sim.baseUrl}/friendship/v1/status`, { headers });
    expect(await friendship.json()).toEqual({ friendFlag: true });
  });

  it('redirects the launch link to the endpoint with the login info', async () => {
    const response = await fetch(
      `${sim.baseUrl}/_sim/liff/launch/${login.liffId}?userId=${userId}&path=${encodeURIComponent('/x?y=1')}`,
      { redirect: 'manual' },
    );
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location') ?? '');
    expect(location.pathname).toBe('/shift/x');
    expect(location.searchParams.get('y')).toBe('1');
    expect(location.searchParams.get('lineSim')).toBeTruthy();
  });

  it("merges the link's query with an endpoint's own query, as LINE's concat pattern does", async () => {
    const { liffId } = await liffClient.addLIFFApp({
      view: { type: 'full', url: 'http://localhost:5173/member?lineAccountId=7' },
    });
    const open = async (path: string) => {
      const response = await fetch(
        `${sim.baseUrl}/_sim/liff/launch/${liffId}?userId=${userId}&path=${encodeURIComponent(path)}`,
        { redirect: 'manual' },
      );
      return new URL(response.headers.get('location') ?? '');
    };
    const query = await open('?coupon=3');
    expect(query.pathname).toBe('/member');
    expect(query.searchParams.get('lineAccountId')).toBe('7');
    expect(query.searchParams.get('coupon')).toBe('3');
    const both = await open('/cards?tab=2');
    expect(both.pathname).toBe('/member/cards');
    expect([both.searchParams.get('lineAccountId'), both.searchParams.get('tab')]).toEqual(['7', '2']);
  });
});
