import type { FastifyInstance } from 'fastify';
import { oauthError } from '../http/line-errors.ts';
import { avatarUrl, type SimContext } from '../state/sim-context.ts';
import { loginTokenOrThrow } from './bearer-auth.hook.ts';
import { verifyIdToken } from './id-token.service.ts';

type Form = Record<string, string | undefined>;

/** LINE Login endpoints a LIFF app's server side uses: ID token verify, profile, friendship. */
export const registerLoginTokenRoutes = (app: FastifyInstance, ctx: SimContext) => {
  const { store } = ctx;

  app.post('/oauth2/v2.1/verify', async (request) => {
    const form = (request.body ?? {}) as Form;
    if (!form.id_token) throw oauthError(400, 'invalid_request', 'id_token is required');
    if (!form.client_id) throw oauthError(400, 'invalid_request', 'client_id is required');
    return verifyIdToken({
      idToken: form.id_token,
      clientId: form.client_id,
      findChannel: (clientId) => store.loginChannels.get(clientId),
      ...(form.nonce !== undefined ? { nonce: form.nonce } : {}),
      ...(form.user_id !== undefined ? { userId: form.user_id } : {}),
    });
  });

  app.get('/v2/profile', async (request) => {
    const token = loginTokenOrThrow(ctx, request);
    const user = store.users.get(token.userId);
    if (!user) throw oauthError(401, 'invalid_token', 'The user no longer exists');
    return {
      userId: user.userId,
      displayName: user.displayName,
      pictureUrl: user.pictureUrl ?? avatarUrl(ctx.baseUrlFor(request), user.userId),
      ...(user.statusMessage ? { statusMessage: user.statusMessage } : {}),
    };
  });

  app.get('/friendship/v1/status', async (request) => {
    const token = loginTokenOrThrow(ctx, request);
    const linked = store.loginChannels.get(token.loginChannelId)?.linkedChannelId;
    return { friendFlag: linked ? store.isFriend(token.userId, linked) : false };
  });
};
