import { HTTPFetchError, channelAccessToken, messagingApi } from '@line/bot-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRequestSchema, expectResponseSchema, expectSchema } from '../testing/openapi.assertions.ts';
import { type ChannelInfo, type SimHarness, startSimulator } from '../testing/sim-test.harness.ts';

let sim: SimHarness;
let channel: ChannelInfo;
let tokens: channelAccessToken.ChannelAccessTokenClient;

beforeAll(async () => {
  sim = await startSimulator();
  channel = await sim.createChannel();
  tokens = new channelAccessToken.ChannelAccessTokenClient({ baseURL: sim.baseUrl });
});
afterAll(() => sim.close());

const errorOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HTTPFetchError);
  const fetchError = error as HTTPFetchError;
  return { status: fetchError.status, body: JSON.parse(fetchError.body) as unknown };
};

describe('channel access tokens', () => {
  it('issues a short-lived token from the channel id and secret (v2)', async () => {
    const issued = await tokens.issueChannelToken(
      'client_credentials',
      channel.channelId,
      channel.channelSecret,
    );
    expectSchema('channel-access-token', 'IssueShortLivedChannelAccessTokenResponse', issued);
    expect(issued.expires_in).toBe(2592000);
    const request = sim.captured.findLast((r) => r.url === '/v2/oauth/accessToken');
    expectRequestSchema(
      'channel-access-token',
      '/v2/oauth/accessToken',
      'post',
      'application/x-www-form-urlencoded',
      request?.body,
    );
  });

  it('issues a stateless token (v3) that works for Messaging API calls', async () => {
    const issued = await tokens.issueStatelessChannelToken(
      'client_credentials',
      undefined,
      undefined,
      channel.channelId,
      channel.channelSecret,
    );
    expectSchema('channel-access-token', 'IssueStatelessChannelAccessTokenResponse', issued);
    expect(issued.expires_in).toBe(900);
    const request = sim.captured.findLast((r) => r.url === '/oauth2/v3/token');
    expectSchema('channel-access-token', 'IssueStatelessChannelTokenByClientSecretRequest', request?.body);
    const client = new messagingApi.MessagingApiClient({
      channelAccessToken: issued.access_token,
      baseURL: sim.baseUrl,
    });
    const info = await client.getBotInfo();
    expect(info.userId).toBe(channel.botUserId);
  });

  it('refuses a wrong secret with an OAuth error body', async () => {
    const { status, body } = await errorOf(
      tokens.issueChannelToken('client_credentials', channel.channelId, 'wrong'),
    );
    expect(status).toBe(400);
    expectResponseSchema('channel-access-token', '/v2/oauth/accessToken', 'post', 400, body);
    expect(body).toMatchObject({ error: 'invalid_client' });
  });

  it('verifies tokens at both verify endpoints', async () => {
    const issued = await tokens.issueChannelToken(
      'client_credentials',
      channel.channelId,
      channel.channelSecret,
    );
    const v21 = await tokens.verifyChannelTokenByJWT(issued.access_token);
    expectSchema('channel-access-token', 'VerifyChannelAccessTokenResponse', v21);
    expect(v21.client_id).toBe(channel.channelId);
    const v2 = await tokens.verifyChannelToken(issued.access_token);
    expect(v2.client_id).toBe(channel.channelId);
  });

  it('revokes a short-lived token', async () => {
    const issued = await tokens.issueChannelToken(
      'client_credentials',
      channel.channelId,
      channel.channelSecret,
    );
    await tokens.revokeChannelToken(issued.access_token);
    const client = new messagingApi.MessagingApiClient({
      channelAccessToken: issued.access_token,
      baseURL: sim.baseUrl,
    });
    expect((await errorOf(client.getBotInfo())).status).toBe(401);
  });
});

describe('bearer authentication', () => {
  it('answers 401 with LINE error body for a bad token', async () => {
    const client = new messagingApi.MessagingApiClient({ channelAccessToken: 'nope', baseURL: sim.baseUrl });
    const { status, body } = await errorOf(client.getBotInfo());
    expect(status).toBe(401);
    expectSchema('messaging-api', 'ErrorResponse', body);
    expect(body).toEqual({
      message: 'Authentication failed. Confirm that the access token in the authorization header is valid.',
    });
  });

  it('answers 401 without an Authorization header', async () => {
    const response = await fetch(`${sim.baseUrl}/v2/bot/info`);
    expect(response.status).toBe(401);
    expectSchema('messaging-api', 'ErrorResponse', await response.json());
  });

  it('does not accept a LINE Login channel token on the Messaging API', async () => {
    const loginToken = await sim.issueToken(
      channel.loginChannel.channelId,
      channel.loginChannel.channelSecret,
    );
    const client = new messagingApi.MessagingApiClient({
      channelAccessToken: loginToken,
      baseURL: sim.baseUrl,
    });
    expect((await errorOf(client.getBotInfo())).status).toBe(401);
  });
});
