import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChannelInfo, type SimHarness, startSimulator } from '../testing/sim-test.harness.ts';

/** LINE Login's web flow on the simulator: the authorize screen, the one-time code and its exchange. */
let sim: SimHarness;
let channel: ChannelInfo;
let user: { userId: string; displayName: string };
const redirectUri = 'https://shop.example/callback?x=1';

beforeAll(async () => {
  sim = await startSimulator();
  channel = await sim.createChannel({ displayName: '京都茶房' });
  user = await sim.createUser('鈴木 花子');
});
afterAll(() => sim.close());

const authorizeQuery = (extra: Record<string, string> = {}) =>
  new URLSearchParams({
    response_type: 'code',
    client_id: channel.loginChannel.channelId,
    redirect_uri: redirectUri,
    state: 'st-1',
    scope: 'openid profile',
    nonce: 'n-1',
    ...extra,
  });

const allow = async (extra: Record<string, string> = {}) => {
  const response = await fetch(`${sim.baseUrl}/oauth2/v2.1/authorize`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...Object.fromEntries(authorizeQuery()), userId: user.userId, ...extra }),
  });
  return response;
};

const exchange = (fields: Record<string, string>) =>
  fetch(`${sim.baseUrl}/oauth2/v2.1/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      redirect_uri: redirectUri,
      client_id: channel.loginChannel.channelId,
      client_secret: channel.loginChannel.channelSecret,
      ...fields,
    }),
  });

const codeOf = async () => {
  const response = await allow();
  expect(response.status).toBe(302);
  const back = new URL(response.headers.get('location')!);
  expect(`${back.origin}${back.pathname}`).toBe('https://shop.example/callback');
  expect(back.searchParams.get('x')).toBe('1');
  expect(back.searchParams.get('state')).toBe('st-1');
  return back.searchParams.get('code')!;
};

describe('LINE Login web flow (authorize, code, token)', () => {
  it('shows the login screen of the account with the users to pick, the one named preselected', async () => {
    const response = await fetch(
      `${sim.baseUrl}/oauth2/v2.1/authorize?${authorizeQuery({ userId: user.userId }).toString()}`,
    );
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('京都茶房');
    expect(html).toContain(`<option value="${user.userId}" selected>鈴木 花子</option>`);
    expect(html).toContain('許可する');
    expect(html).toContain('value="st-1"');
  });

  it('refuses an unknown channel, a bad redirect URI, a missing state or response type with an error screen', async () => {
    const bads: Record<string, string>[] = [
      { client_id: '9999999999' },
      { redirect_uri: 'javascript:alert(1)' },
      { state: '' },
      { response_type: 'token' },
    ];
    for (const bad of bads) {
      const response = await fetch(`${sim.baseUrl}/oauth2/v2.1/authorize?${authorizeQuery(bad).toString()}`);
      expect(response.status).toBe(400);
      expect(await response.text()).toContain('ログインできません');
    }
  });

  it('exchanges the code once for an access token and an ID token with the nonce, as LINE answers', async () => {
    const code = await codeOf();
    const response = await exchange({ code });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      token_type: 'Bearer',
      scope: 'openid profile',
      expires_in: 2592000,
    });
    expect(typeof body.access_token).toBe('string');
    expect(typeof body.refresh_token).toBe('string');
    const claims = decodeJwt(body.id_token as string);
    expect(claims).toMatchObject({
      iss: 'https://access.line.me',
      sub: user.userId,
      aud: channel.loginChannel.channelId,
      nonce: 'n-1',
      name: '鈴木 花子',
    });
    // the ID token verifies at LINE's verify endpoint with the nonce, and not with another
    const verify = (nonce: string) =>
      fetch(`${sim.baseUrl}/oauth2/v2.1/verify`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          id_token: body.id_token as string,
          client_id: channel.loginChannel.channelId,
          nonce,
        }),
      });
    expect((await verify('n-1')).status).toBe(200);
    expect((await verify('n-2')).status).toBe(400);
    // the access token is a LINE Login token of the user
    const profile = await fetch(`${sim.baseUrl}/v2/profile`, {
      headers: { authorization: `Bearer ${body.access_token as string}` },
    });
    expect(((await profile.json()) as { userId: string }).userId).toBe(user.userId);

    // one use: the same code again is refused
    const again = await exchange({ code });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'invalid authorization code',
    });
  });

  it('refuses a wrong secret, another redirect URI or a made-up code; a refused redirect URI uses the code up', async () => {
    const code = await codeOf();
    const wrongSecret = await exchange({ code, client_secret: 'x'.repeat(32) });
    expect(wrongSecret.status).toBe(400);
    expect(((await wrongSecret.json()) as { error: string }).error).toBe('invalid_client');
    const otherUri = await exchange({ code, redirect_uri: 'https://evil.example/callback' });
    expect(otherUri.status).toBe(400);
    expect(await otherUri.json()).toMatchObject({ error: 'invalid_grant' });
    expect((await exchange({ code })).status).toBe(400);
    expect((await exchange({ code: 'made-up' })).status).toBe(400);
    const missing = await exchange({ code: '', client_secret: '' });
    expect(((await missing.json()) as { error: string }).error).toBe('invalid_request');
  });

  it('a cancelled login goes back with access_denied and the state; other grant types are refused as before', async () => {
    const response = await allow({ action: 'cancel' });
    expect(response.status).toBe(302);
    const back = new URL(response.headers.get('location')!);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('st-1');
    expect(back.searchParams.get('code')).toBeNull();
    const jwt = await fetch(`${sim.baseUrl}/oauth2/v2.1/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_assertion: 'x' }),
    });
    expect(jwt.status).toBe(400);
    expect(await jwt.text()).toContain('JWT assertions');
  });
});
