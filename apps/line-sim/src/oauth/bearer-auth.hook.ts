import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { LineApiError } from '../http/line-errors.ts';
import type { SimContext } from '../state/sim-context.ts';

declare module 'fastify' {
  // Declaration merging with Fastify's own types needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    /** The channel whose access token authenticated this request ('' before auth). */
    simChannelId: string;
  }
}

const missingHeader = () =>
  new LineApiError(401, {
    message: "Authorization header required. Must follow the scheme, 'Authorization: Bearer <ACCESS TOKEN>'",
  });

const invalidToken = () =>
  new LineApiError(401, {
    message: 'Authentication failed. Confirm that the access token in the authorization header is valid.',
  });

export const readBearerToken = (request: FastifyRequest): string => {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  if (!match?.[1]) throw missingHeader();
  return match[1];
};

/**
 * Every Messaging API and LIFF call carries a channel access token. Messaging API routes want a
 * Messaging API channel's token, LIFF server routes a LINE Login channel's; any other is a 401.
 */
export const requireChannelToken =
  (ctx: SimContext, kind: 'messaging' | 'login'): onRequestAsyncHookHandler =>
  async (request) => {
    const token = ctx.store.channelTokens.get(readBearerToken(request));
    if (!token || (token.expiresAt !== null && token.expiresAt <= Date.now())) throw invalidToken();
    const known =
      kind === 'messaging'
        ? ctx.store.channels.has(token.channelId)
        : ctx.store.loginChannels.has(token.channelId);
    if (!known) throw invalidToken();
    request.simChannelId = token.channelId;
  };

export const loginTokenOrThrow = (ctx: SimContext, request: FastifyRequest) => {
  const token = ctx.store.loginTokens.get(readBearerToken(request));
  if (!token || token.expiresAt <= Date.now()) throw invalidToken();
  return token;
};
