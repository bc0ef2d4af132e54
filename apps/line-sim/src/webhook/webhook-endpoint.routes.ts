import type { FastifyInstance } from 'fastify';
import type { messagingApi } from '@line/bot-sdk';
import { badRequest, notFound } from '../http/line-errors.ts';
import { assertValidBody } from '../spec/request-body.validator.ts';
import type { SimContext } from '../state/sim-context.ts';

/**
 * Webhook settings. Unlike LINE, http:// endpoints are accepted: the product runs on localhost.
 * "active" is the console's "Use webhook" switch; new channels start with it on.
 */
export const registerWebhookEndpointRoutes = (app: FastifyInstance, ctx: SimContext) => {
  const channelOf = (channelId: string) => {
    const channel = ctx.store.channels.get(channelId);
    if (!channel) throw notFound();
    return channel;
  };

  app.put('/v2/bot/channel/webhook/endpoint', async (request) => {
    assertValidBody('messaging-api', 'SetWebhookEndpointRequest', request.body);
    const body = request.body as messagingApi.SetWebhookEndpointRequest;
    channelOf(request.simChannelId).webhook.endpoint = body.endpoint;
    return {};
  });

  app.get('/v2/bot/channel/webhook/endpoint', async (request) => {
    const { endpoint, active } = channelOf(request.simChannelId).webhook;
    if (!endpoint) throw notFound('The webhook endpoint is not set');
    return { endpoint, active };
  });

  app.post('/v2/bot/channel/webhook/test', async (request) => {
    assertValidBody('messaging-api', 'TestWebhookEndpointRequest', request.body ?? {});
    const body = (request.body ?? {}) as messagingApi.TestWebhookEndpointRequest;
    const channel = channelOf(request.simChannelId);
    const endpoint = body.endpoint ?? channel.webhook.endpoint;
    if (!endpoint) throw badRequest('The webhook endpoint is not set');
    return ctx.webhooks.test(channel, endpoint);
  });
};
