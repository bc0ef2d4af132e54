import { oauthError } from '../http/line-errors.ts';
import { createOpaqueToken } from '../state/id.generator.ts';
import { avatarUrl, type SimContext } from '../state/sim-context.ts';
import type { LoginChannel } from '../state/sim-state.store.ts';
import { signIdToken } from './id-token.service.ts';

/** LINE's lifetimes: an authorization code 10 minutes, a LINE Login access token 30 days. */
export const codeLifetimeMs = 10 * 60 * 1000;
const accessTokenLifetimeSeconds = 30 * 24 * 60 * 60;

export type AuthorizeRequest = {
  responseType: string | undefined;
  clientId: string | undefined;
  redirectUri: string | undefined;
  state: string | undefined;
  scope: string | undefined;
  nonce: string | undefined;
};

/**
 * The parts of an authorize request LINE checks before showing its login screen: the channel, a
 * redirect URI (http or https), a state, response_type=code and the openid scope if an ID token is wanted.
 * Answers a reason for LINE's error screen, or the channel.
 */
export const checkAuthorizeRequest = (
  ctx: SimContext,
  request: AuthorizeRequest,
): { ok: true; channel: LoginChannel; redirectUri: URL } | { ok: false; reason: string } => {
  const channel = request.clientId ? ctx.store.loginChannels.get(request.clientId) : undefined;
  if (!channel) return { ok: false, reason: 'client_id: no such LINE Login channel' };
  let redirectUri: URL;
  try {
    redirectUri = new URL(request.redirectUri ?? '');
  } catch {
    return { ok: false, reason: 'redirect_uri: not a URL' };
  }
  if (!['http:', 'https:'].includes(redirectUri.protocol)) {
    return { ok: false, reason: 'redirect_uri: not an http(s) URL' };
  }
  if (request.responseType !== 'code') return { ok: false, reason: 'response_type must be code' };
  if (!request.state) return { ok: false, reason: 'state is required' };
  if (!request.scope?.split(' ').includes('profile') && !request.scope?.split(' ').includes('openid')) {
    return { ok: false, reason: 'scope: openid or profile is required' };
  }
  return { ok: true, channel, redirectUri };
};

/** The user allowed the login: a one-time code for the redirect URI, as LINE gives it. */
export const issueAuthorizationCode = (
  ctx: SimContext,
  input: { channel: LoginChannel; redirectUri: string; userId: string; scope: string; nonce?: string },
) => {
  const code = createOpaqueToken().slice(0, 20);
  ctx.store.authorizationCodes.set(code, {
    code,
    loginChannelId: input.channel.channelId,
    redirectUri: input.redirectUri,
    userId: input.userId,
    scope: input.scope,
    nonce: input.nonce ?? null,
    expiresAt: Date.now() + codeLifetimeMs,
  });
  return code;
};

const invalidGrant = (description: string) => oauthError(400, 'invalid_grant', description);

/**
 * POST /oauth2/v2.1/token with grant_type=authorization_code: the channel's secret, the code (one use,
 * 10 minutes, for this channel) and the same redirect_uri as the authorize request. Answers what LINE
 * answers: an access token, an ID token (openid scope) signed with the channel's secret, a refresh token.
 */
export const exchangeAuthorizationCode = async (
  ctx: SimContext,
  form: Record<string, string | undefined>,
  baseUrl: string,
) => {
  const missing = ['code', 'redirect_uri', 'client_id', 'client_secret'].filter((name) => !form[name]);
  if (missing.length) {
    throw oauthError(400, 'invalid_request', `some parameters missed or invalid: ${missing.join(', ')}`);
  }
  const channel = ctx.store.loginChannels.get(form.client_id!);
  if (!channel) throw oauthError(400, 'invalid_client', 'Invalid client_id');
  if (channel.channelSecret !== form.client_secret) {
    throw oauthError(400, 'invalid_client', 'Invalid client_secret');
  }
  const stored = ctx.store.authorizationCodes.get(form.code!);
  if (!stored || stored.loginChannelId !== channel.channelId) {
    throw invalidGrant('invalid authorization code');
  }
  // one use: a code presented a second time (or late) is refused, whatever the rest says
  ctx.store.authorizationCodes.delete(stored.code);
  if (stored.expiresAt <= Date.now()) throw invalidGrant('authorization code expired');
  if (stored.redirectUri !== form.redirect_uri) throw invalidGrant('redirect_uri does not match');
  const user = ctx.store.users.get(stored.userId);
  if (!user) throw invalidGrant('invalid authorization code');
  const accessToken = createOpaqueToken();
  ctx.store.loginTokens.set(accessToken, {
    token: accessToken,
    userId: user.userId,
    loginChannelId: channel.channelId,
    scope: stored.scope,
    expiresAt: Date.now() + accessTokenLifetimeSeconds * 1000,
  });
  const withIdToken = stored.scope.split(' ').includes('openid');
  const idToken = withIdToken
    ? await signIdToken({
        channel,
        user,
        pictureUrl: user.pictureUrl ?? avatarUrl(baseUrl, user.userId),
        ...(stored.nonce ? { nonce: stored.nonce } : {}),
      })
    : undefined;
  return {
    access_token: accessToken,
    expires_in: accessTokenLifetimeSeconds,
    ...(idToken ? { id_token: idToken } : {}),
    refresh_token: createOpaqueToken().slice(0, 20),
    scope: stored.scope,
    token_type: 'Bearer',
  };
};
