import type { FastifyInstance } from 'fastify';
import { badRequest } from '../http/line-errors.ts';
import { assertValidBody } from '../spec/request-body.validator.ts';
import type { SimContext } from '../state/sim-context.ts';

/** LINE's words when the token is not one this bot received by webhook. */
export const INVALID_MARK_AS_READ_TOKEN = 'Invalid markAsReadToken';

/**
 * POST /v2/bot/chat/markAsRead (markAsReadMode manual): the user's message that carried the token, and
 * every earlier one of that user in the one-to-one chat, show 既読. A token of another channel, or one no
 * message carried, is a 400 as at LINE; marking again is harmless (200).
 */
export const registerMarkAsReadRoutes = (app: FastifyInstance, ctx: SimContext) => {
  const { store } = ctx;
  app.post('/v2/bot/chat/markAsRead', async (request) => {
    const body = request.body as { markAsReadToken: string };
    assertValidBody('messaging-api', 'MarkMessagesAsReadByTokenRequest', body);
    const upTo = store.timeline.findIndex(
      (entry) =>
        entry.markAsReadToken !== undefined &&
        entry.markAsReadToken === body.markAsReadToken &&
        entry.channelId === request.simChannelId,
    );
    if (upTo < 0) throw badRequest(INVALID_MARK_AS_READ_TOKEN);
    const marked = store.timeline[upTo]!;
    const now = new Date().toISOString();
    for (const entry of store.timeline.slice(0, upTo + 1)) {
      if (
        entry.from === 'user' &&
        entry.userId === marked.userId &&
        entry.channelId === marked.channelId &&
        !entry.groupId &&
        !entry.readAt &&
        (entry.kind === 'text' || entry.kind === 'media' || entry.kind === 'sticker')
      ) {
        entry.readAt = now;
      }
    }
    return {};
  });
};
