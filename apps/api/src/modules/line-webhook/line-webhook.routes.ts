import { lineWebhookEndpoints } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route.ts';
import { receiveWebhook } from './line-webhook.service.ts';

/**
 * POST /line/webhook/{lineAccountId}, in a scope of its own: the body stays the raw bytes LINE signed
 * (whatever the content type), because the signature is checked over exactly those bytes.
 * Public (LINE carries no cookie, so the CSRF check lets it through); the signature authenticates.
 */
export async function lineWebhookRoutes(app: FastifyInstance) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  route(app, lineWebhookEndpoints.receive, async ({ params }, request) => {
    const signature = request.headers['x-line-signature'];
    return receiveWebhook({
      ctx: request.ctx,
      input: {
        lineAccountId: params.lineAccountId,
        rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        signature: typeof signature === 'string' ? signature : undefined,
      },
    });
  });
}
