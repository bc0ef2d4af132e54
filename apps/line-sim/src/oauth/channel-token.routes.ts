import type { FastifyInstance } from 'fastify';
import { oauthError } from '../http/line-errors.ts';
import type { SimContext } from '../state/sim-context.ts';
import {
  authenticateClient,
  issueChannelToken,
  secondsLeft,
  tokenLifetimeSeconds,
} from './channel-token.service.ts';
import { exchangeAuthorizationCode } from './login-web.service.ts';

type Form = Record<string, string | undefined>;

const formOf = (body: unknown): Form => (typeof body === 'object' && body !== null ? (body as Form) : {});

const requireFields = (form: Form, names: string[]) => {
  const missing = names.filter((name) => !form[name]);
  if (missing.length) {
    throw oauthError(400, 'invalid_request', `some parameters missed or invalid: ${missing.join(', ')}`);
  }
};

const requireClientCredentials = (form: Form) => {
  if (form.grant_type !== 'client_credentials') {
    throw oauthError(400, 'unsupported_grant_type', 'grant_type must be client_credentials');
  }
};

/** The simulator has no assertion signing keys; JWT assertions are refused with a clear reason. */
const jwtUnsupported = () =>
  oauthError(
    400,
    'invalid_request',
    'The LINE simulator does not support JWT assertions; issue tokens with client_id and client_secret',
  );

/** channel-access-token.yml: issue, verify and revoke channel access tokens. */
export const registerChannelTokenRoutes = (app: FastifyInstance, ctx: SimContext) => {
  const { store } = ctx;

  app.post('/v2/oauth/accessToken', async (request) => {
    const form = formOf(request.body);
    requireFields(form, ['grant_type', 'client_id', 'client_secret']);
    requireClientCredentials(form);
    const channelId = authenticateClient(store, form.client_id ?? '', form.client_secret ?? '');
    const token = issueChannelToken(store, channelId, 'short-lived');
    return {
      access_token: token.token,
      expires_in: tokenLifetimeSeconds['short-lived'],
      token_type: 'Bearer',
    };
  });

  app.post('/oauth2/v3/token', async (request) => {
    const form = formOf(request.body);
    if (form.client_assertion || form.client_assertion_type) throw jwtUnsupported();
    requireFields(form, ['grant_type', 'client_id', 'client_secret']);
    requireClientCredentials(form);
    const channelId = authenticateClient(store, form.client_id ?? '', form.client_secret ?? '');
    const token = issueChannelToken(store, channelId, 'stateless');
    return {
      token_type: 'Bearer',
      access_token: token.token,
      expires_in: tokenLifetimeSeconds.stateless,
    };
  });

  // LINE Login's web flow exchanges its code here; the channel-token JWT flow shares the path
  app.post('/oauth2/v2.1/token', async (request) => {
    const form = formOf(request.body);
    if (form.grant_type === 'authorization_code') {
      return exchangeAuthorizationCode(ctx, form, ctx.baseUrlFor(request));
    }
    if (form.grant_type === 'client_credentials' || form.client_assertion) throw jwtUnsupported();
    throw oauthError(400, 'unsupported_grant_type', 'grant_type must be authorization_code');
  });
  app.get('/oauth2/v2.1/tokens/kid', async () => {
    throw jwtUnsupported();
  });

  const verify = (accessToken: string | undefined) => {
    if (!accessToken) throw oauthError(400, 'invalid_request', 'access_token is required');
    const channelToken = store.channelTokens.get(accessToken);
    if (channelToken && (channelToken.expiresAt === null || channelToken.expiresAt > Date.now())) {
      return {
        client_id: channelToken.channelId,
        expires_in: secondsLeft(channelToken.expiresAt),
        scope: 'P CM',
      };
    }
    // LINE Login user access tokens (from LIFF) are verified at the same endpoint.
    const loginToken = store.loginTokens.get(accessToken);
    if (loginToken && loginToken.expiresAt > Date.now()) {
      return {
        client_id: loginToken.loginChannelId,
        expires_in: secondsLeft(loginToken.expiresAt),
        scope: loginToken.scope,
      };
    }
    throw oauthError(400, 'invalid_request', 'access token expired');
  };

  app.get<{ Querystring: { access_token?: string } }>('/oauth2/v2.1/verify', async (request) =>
    verify(request.query.access_token),
  );
  app.post('/v2/oauth/verify', async (request) => verify(formOf(request.body).access_token));

  app.post('/v2/oauth/revoke', async (request) => {
    const form = formOf(request.body);
    requireFields(form, ['access_token']);
    const token = store.channelTokens.get(form.access_token ?? '');
    if (token?.kind !== 'stateless') store.channelTokens.delete(form.access_token ?? '');
    return {};
  });

  app.post('/oauth2/v2.1/revoke', async (request) => {
    const form = formOf(request.body);
    requireFields(form, ['client_id', 'client_secret', 'access_token']);
    const channelId = authenticateClient(store, form.client_id ?? '', form.client_secret ?? '');
    const token = store.channelTokens.get(form.access_token ?? '');
    if (token?.channelId === channelId && token.kind !== 'stateless') {
      store.channelTokens.delete(token.token);
    }
    return {};
  });
};
