import type { FastifyInstance } from 'fastify';
import { notFound } from '../http/line-errors.ts';
import type { SimContext } from '../state/sim-context.ts';

type ContentParams = { Params: { messageId: string } };

/**
 * LINE's content of a message a user sent (api-data: GET /v2/bot/message/{messageId}/content and
 * /content/preview). Only the channel the user sent it to gets it, and only until it expires: anything
 * else is LINE's 404. The preview exists for images and videos; the simulator's image preview is the
 * image itself and a video has none (404), which a client must bear as LINE's missing preview.
 */
export const registerMessageContentRoutes = (app: FastifyInstance, ctx: SimContext) => {
  const contentOf = (channelId: string, messageId: string) => {
    const content = ctx.store.contents.get(messageId);
    if (!content || content.channelId !== channelId || content.expiresAt <= Date.now()) {
      throw notFound('Not found');
    }
    return content;
  };

  app.get<ContentParams>('/v2/bot/message/:messageId/content', async (request, reply) => {
    const content = contentOf(request.simChannelId, request.params.messageId);
    return reply.type(content.contentType).send(content.data);
  });

  app.get<ContentParams>('/v2/bot/message/:messageId/content/preview', async (request, reply) => {
    const content = contentOf(request.simChannelId, request.params.messageId);
    if (content.type !== 'image') throw notFound('Not found');
    return reply.type(content.contentType).send(content.data);
  });
};
