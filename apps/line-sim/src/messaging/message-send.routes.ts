import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { messagingApi } from '@line/bot-sdk';
import { badRequest } from '../http/line-errors.ts';
import { assertValidBody } from '../spec/request-body.validator.ts';
import type { SimContext } from '../state/sim-context.ts';
import { checkMessageTexts, checkRecipients, userIdPattern } from './message-limits.ts';
import { checkRetryKey, consumeReplyToken, newRequestId, recordSend } from './message-send.service.ts';
import { assertQuotaFor, monthlyConsumption, quotaLimitOf } from './quota-and-rate.ts';

declare module 'fastify' {
  // Declaration merging with Fastify's own types needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    /** LINE answers every Messaging API call with an x-line-request-id header. */
    lineRequestId: string;
  }
}

const retryKeyOf = (request: FastifyRequest) => {
  const value = request.headers['x-line-retry-key'];
  return typeof value === 'string' ? value : null;
};

/** Push, multicast, broadcast and reply, with LINE's limits, retry keys and reply tokens. */
export const registerMessageSendRoutes = (app: FastifyInstance, ctx: SimContext) => {
  const { store } = ctx;
  app.decorateRequest('lineRequestId', '');
  app.addHook('onRequest', async (request, reply) => {
    request.lineRequestId = newRequestId();
    void reply.header('x-line-request-id', request.lineRequestId);
  });

  app.post('/v2/bot/message/push', async (request) => {
    const body = request.body as messagingApi.PushMessageRequest;
    assertValidBody('messaging-api', 'PushMessageRequest', body, checkMessageTexts);
    const retryKey = retryKeyOf(request);
    checkRetryKey(store, request.simChannelId, retryKey);
    // A user, or a group or room the account is in (each member counts); any other id is refused.
    const group = store.groups.get(body.to);
    const inGroup = group && group.channelId === request.simChannelId && !group.left;
    if (!inGroup && (!userIdPattern.test(body.to) || !store.users.has(body.to))) {
      throw badRequest('Failed to send messages');
    }
    assertQuotaFor(
      store,
      request.simChannelId,
      inGroup ? group.members.length : store.isFriend(body.to, request.simChannelId) ? 1 : 0,
    );
    const record = recordSend({
      store,
      channelId: request.simChannelId,
      kind: 'push',
      to: [body.to],
      messages: body.messages,
      notificationDisabled: body.notificationDisabled ?? false,
      retryKey,
      requestId: request.lineRequestId,
    });
    return { sentMessages: record.sentMessages };
  });

  app.post('/v2/bot/message/multicast', async (request) => {
    const body = request.body as messagingApi.MulticastRequest;
    assertValidBody('messaging-api', 'MulticastRequest', body, (b) => [
      ...checkRecipients(b),
      ...checkMessageTexts(b),
    ]);
    const retryKey = retryKeyOf(request);
    checkRetryKey(store, request.simChannelId, retryKey);
    const to = [...new Set(body.to)];
    assertQuotaFor(
      store,
      request.simChannelId,
      to.filter((id) => store.isFriend(id, request.simChannelId)).length,
    );
    recordSend({
      store,
      channelId: request.simChannelId,
      kind: 'multicast',
      to,
      messages: body.messages,
      notificationDisabled: body.notificationDisabled ?? false,
      retryKey,
      requestId: request.lineRequestId,
    });
    return {};
  });

  app.post('/v2/bot/message/broadcast', async (request) => {
    const body = request.body as messagingApi.BroadcastRequest;
    assertValidBody('messaging-api', 'BroadcastRequest', body, checkMessageTexts);
    const retryKey = retryKeyOf(request);
    checkRetryKey(store, request.simChannelId, retryKey);
    const to = store.friendsOf(request.simChannelId);
    assertQuotaFor(store, request.simChannelId, to.length);
    recordSend({
      store,
      channelId: request.simChannelId,
      kind: 'broadcast',
      to,
      messages: body.messages,
      notificationDisabled: body.notificationDisabled ?? false,
      retryKey,
      requestId: request.lineRequestId,
    });
    return {};
  });

  app.post('/v2/bot/message/reply', async (request) => {
    const body = request.body as messagingApi.ReplyMessageRequest;
    assertValidBody('messaging-api', 'ReplyMessageRequest', body, checkMessageTexts);
    const token = consumeReplyToken(store, request.simChannelId, body.replyToken);
    const record = recordSend({
      store,
      channelId: request.simChannelId,
      kind: 'reply',
      to: [token.groupId ?? token.userId],
      messages: body.messages,
      notificationDisabled: body.notificationDisabled ?? false,
      retryKey: null,
      replyToken: body.replyToken,
      requestId: request.lineRequestId,
    });
    return { sentMessages: record.sentMessages };
  });

  for (const kind of ['push', 'reply', 'multicast', 'narrowcast', 'broadcast']) {
    app.post(`/v2/bot/message/validate/${kind}`, async (request) => {
      assertValidBody('messaging-api', 'ValidateMessageRequest', request.body, checkMessageTexts);
      return {};
    });
  }

  app.get('/v2/bot/message/quota', async (request) => {
    const channel = store.channels.get(request.simChannelId);
    const limit = channel ? quotaLimitOf(channel) : null;
    return limit === null ? { type: 'none' } : { type: 'limited', value: limit };
  });

  app.get('/v2/bot/message/quota/consumption', async (request) => ({
    totalUsage: monthlyConsumption(store, request.simChannelId),
  }));

  app.post('/v2/bot/chat/loading/start', async (request, reply) => {
    assertValidBody('messaging-api', 'ShowLoadingAnimationRequest', request.body);
    return reply.code(202).send({});
  });
};
