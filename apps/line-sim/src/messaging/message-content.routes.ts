import type { FastifyInstance } from 'fastify';
import { badRequest, notFound } from '../http/line-errors.ts';
import type { SimContext } from '../state/sim-context.ts';

type ContentParams = { Params: { messageId: string } };

/**
 * LINE's content of a message a user sent (api-data: GET /v2/bot/message/{messageId}/content and
 * /content/preview). Only the channel the user sent it to gets it, and only until it expires: anything
 * else is LINE's 404. The preview exists for images and videos; the simulator's image preview is the
 * image itself and a video has none (404), which a client must bear as LINE's missing preview. A video
 * or audio is prepared first (GET .../content/transcoding: processing, succeeded, failed), as the console
 * sets it (`POST /_sim/contents/{messageId}/transcoding`).
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
    // a video or audio LINE has not prepared yet (or could not) is not handed out
    if ((content.transcoding ?? 'succeeded') !== 'succeeded') throw notFound('Not found');
    return reply.type(content.contentType).send(content.data);
  });

  /** A video's or audio's preparation status; other kinds have none (LINE's 400). */
  app.get<ContentParams>('/v2/bot/message/:messageId/content/transcoding', async (request) => {
    const content = contentOf(request.simChannelId, request.params.messageId);
    if (content.type !== 'video' && content.type !== 'audio') {
      throw badRequest('The message is not a video or audio');
    }
    return { status: content.transcoding ?? 'succeeded' };
  });

  app.get<ContentParams>('/v2/bot/message/:messageId/content/preview', async (request, reply) => {
    const content = contentOf(request.simChannelId, request.params.messageId);
    if (content.type !== 'image') throw notFound('Not found');
    return reply.type(content.contentType).send(content.data);
  });
};
