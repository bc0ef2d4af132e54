import {
  CONSUMPTION_TAX_RATE,
  masterPaymentEndpoints,
  paymentEndpoints,
  stripeWebhookEndpoints,
  taxIncludedIn,
} from '@app/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../../platform/route.ts';
import * as cards from './cards.service.ts';
import * as invoices from './invoices.service.ts';
import * as prices from './prices.service.ts';
import * as subscriptions from './subscriptions.service.ts';
import { receiveStripeWebhook } from './payments.webhook.ts';

/** The client's Idempotency-Key: a retried request reaches Stripe with the same keys (no double charge). */
const requestKeyOf = (request: FastifyRequest) => {
  const value = request.headers['idempotency-key'];
  return typeof value === 'string' && /^[\w.:-]{8,100}$/.test(value) ? value : undefined;
};

/** Payments of a LINE account (client area). */
export function paymentRoutes(app: FastifyInstance) {
  const e = paymentEndpoints;
  route(app, e.servicePrices, async (_input, request) => {
    const { data } = await prices.listSubscriptionPrices({ ctx: request.ctx });
    return {
      data: data.map(({ serviceCode, recurringAmount, currency }) => ({
        serviceCode,
        recurringAmount,
        currency,
        taxRate: CONSUMPTION_TAX_RATE,
        taxAmount: taxIncludedIn(recurringAmount),
      })),
    };
  });
  route(app, e.init, async ({ params }, request) =>
    cards.initPayment({ ctx: request.ctx, input: { ...params, requestKey: requestKeyOf(request) } }),
  );
  route(app, e.saveCard, async ({ params, body }, request) =>
    cards.saveCard({ ctx: request.ctx, input: { ...params, ...body, requestKey: requestKeyOf(request) } }),
  );
  route(app, e.addCard, async ({ params, body }, request) =>
    cards.addCard({ ctx: request.ctx, input: { ...params, ...body, requestKey: requestKeyOf(request) } }),
  );
  route(app, e.cards, async ({ params }, request) => cards.listCards({ ctx: request.ctx, input: params }));
  route(app, e.setDefault, async ({ params, body }, request) =>
    cards.setDefaultCard({
      ctx: request.ctx,
      input: { ...params, ...body, requestKey: requestKeyOf(request) },
    }),
  );
  route(app, e.deleteMethod, async ({ params, body }, request) =>
    cards.deleteCard({
      ctx: request.ctx,
      input: { ...params, ...body, requestKey: requestKeyOf(request) },
    }),
  );
  route(app, e.confirmSubscription, async ({ params, body }, request) =>
    subscriptions.confirmSubscription({
      ctx: request.ctx,
      input: { ...params, ...body, requestKey: requestKeyOf(request) },
    }),
  );
  route(app, e.cancelSubscription, async ({ params, body }, request) =>
    subscriptions.cancelSubscription({
      ctx: request.ctx,
      input: { ...params, ...body, requestKey: requestKeyOf(request) },
    }),
  );
  route(app, e.resumeSubscription, async ({ params, body }, request) =>
    subscriptions.resumeSubscription({
      ctx: request.ctx,
      input: { ...params, ...body, requestKey: requestKeyOf(request) },
    }),
  );
  route(app, e.subscriptions, async ({ params }, request) =>
    subscriptions.listSubscriptions({ ctx: request.ctx, input: params }),
  );
  route(app, e.history, async ({ params }, request) =>
    invoices.paymentHistory({ ctx: request.ctx, input: params }),
  );
  route(app, e.invoicePdf, async ({ params }, request, reply) => {
    const pdf = await invoices.invoicePdf({ ctx: request.ctx, input: params });
    void reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${pdf.fileName}"`)
      .header('cache-control', 'private, no-store');
    return pdf.data;
  });
  route(app, e.nextBilling, async ({ params, query }, request) =>
    subscriptions.nextBilling({ ctx: request.ctx, input: { ...params, ...query } }),
  );
}

/** The operator's prices, failed payments and test-data clean-up (master area). */
export function masterPaymentRoutes(app: FastifyInstance) {
  const e = masterPaymentEndpoints;
  route(app, e.setPrice, async ({ body }, request) =>
    prices.setSubscriptionPrice({
      ctx: request.ctx,
      input: { ...body, requestKey: requestKeyOf(request) },
    }),
  );
  route(app, e.prices, async (_input, request) => prices.listSubscriptionPrices({ ctx: request.ctx }));
  route(app, e.failed, async (_input, request) => invoices.listFailedPayments({ ctx: request.ctx }));
  route(app, e.deleteTest, async ({ body }, request) =>
    subscriptions.deleteTestPaymentData({ ctx: request.ctx, input: body }),
  );
}

/**
 * POST /payment/webhook/stripe, in a scope of its own: the body stays the raw bytes Stripe signed.
 * Public (Stripe carries no cookie); the Stripe-Signature authenticates.
 */
export async function stripeWebhookRoutes(app: FastifyInstance) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  route(app, stripeWebhookEndpoints.receive, async (_input, request) => {
    const signature = request.headers['stripe-signature'];
    return receiveStripeWebhook({
      ctx: request.ctx,
      input: {
        rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        signature: typeof signature === 'string' ? signature : undefined,
      },
    });
  });
}
