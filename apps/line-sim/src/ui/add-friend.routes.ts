import type { FastifyInstance } from 'fastify';
import { followAccount } from '../console/user-actions.service.ts';
import type { SimContext } from '../state/sim-context.ts';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const page = (title: string, body: string) =>
  `<!doctype html><html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(title)}</title></head><body style="font-family:sans-serif;padding:24px;text-align:center"><h1 style="font-size:20px" data-testid="add-friend-title">${escape(title)}</h1><p data-testid="add-friend-body">${escape(body)}</p></body></html>`;

/**
 * LINE's add-friend screen (`https://line.me/R/ti/p/<basicId>`), as the simulator plays it: the same path,
 * and the user named by `?userId=` (LINE knows who is logged in to the app; the simulator is told). Opening
 * it follows the account (the follow webhook goes out, as when one taps 追加 in LINE); a friend already is
 * told so.
 */
export const registerAddFriendRoutes = (app: FastifyInstance, ctx: SimContext) => {
  app.get<{ Params: { basicId: string }; Querystring: { userId?: string } }>(
    '/R/ti/p/:basicId',
    async (request, reply) => {
      void reply.type('text/html; charset=utf-8');
      const basicId = decodeURIComponent(request.params.basicId);
      const channel = [...ctx.store.channels.values()].find((c) => c.basicId === basicId);
      const userId = request.query.userId ?? '';
      const user = ctx.store.users.get(userId);
      if (!channel || !user) {
        return reply.code(404).send(page('見つかりません', 'アカウントまたはユーザーが見つかりません。'));
      }
      if (ctx.store.isFriend(userId, channel.channelId)) {
        return page(channel.displayName, `${user.displayName}さんはすでに友だちです。`);
      }
      await followAccount(ctx, userId, channel.channelId);
      return page(channel.displayName, `${user.displayName}さんが友だち追加しました。`);
    },
  );
};
