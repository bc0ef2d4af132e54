import type { FastifyInstance } from 'fastify';
import { notFound } from '../http/line-errors.ts';
import { avatarUrl, type SimContext } from '../state/sim-context.ts';

/** Bot info, user profiles (friends only, as LINE) and follower ids. */
export const registerBotProfileRoutes = (app: FastifyInstance, ctx: SimContext) => {
  const { store } = ctx;

  app.get('/v2/bot/info', async (request) => {
    const channel = store.channels.get(request.simChannelId);
    if (!channel) throw notFound();
    return {
      userId: channel.botUserId,
      basicId: channel.basicId,
      displayName: channel.displayName,
      pictureUrl: channel.pictureUrl ?? avatarUrl(ctx.baseUrlFor(request), channel.botUserId),
      chatMode: channel.chatMode,
      markAsReadMode: channel.chatMode === 'bot' ? 'auto' : 'manual',
    };
  });

  app.get<{ Params: { userId: string } }>('/v2/bot/profile/:userId', async (request) => {
    const user = store.users.get(request.params.userId);
    if (!user || !store.isFriend(user.userId, request.simChannelId)) throw notFound();
    return {
      displayName: user.displayName,
      userId: user.userId,
      pictureUrl: user.pictureUrl ?? avatarUrl(ctx.baseUrlFor(request), user.userId),
      ...(user.statusMessage ? { statusMessage: user.statusMessage } : {}),
      language: user.language,
    };
  });

  app.get<{ Querystring: { start?: string; limit?: string } }>('/v2/bot/followers/ids', async (request) => {
    const limit = Math.min(1000, Math.max(1, Number(request.query.limit ?? 300) || 300));
    const start = Number(request.query.start ?? 0) || 0;
    const all = store.friendsOf(request.simChannelId);
    const userIds = all.slice(start, start + limit);
    return start + limit < all.length ? { userIds, next: String(start + limit) } : { userIds };
  });
};
