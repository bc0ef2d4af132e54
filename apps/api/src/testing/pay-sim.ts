import type { AddressInfo } from 'node:net';
import { buildPaySimulator } from '@app/pay-sim';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';

export const TEST_STRIPE_WEBHOOK_SECRET = 'whsec_api_tests_only';

/**
 * The payments simulator (apps/pay-sim) in this process on a free port. Its webhooks are handed to the
 * API under test (`connect(app)`) as HTTP requests through app.inject, signed like Stripe's.
 */
export async function startPaySim() {
  let target: FastifyInstance | null = null;
  const sim = buildPaySimulator({
    webhooks: [{ url: 'http://api.test/payment/webhook/stripe', secret: TEST_STRIPE_WEBHOOK_SECRET }],
    webhookRetryDelaysMs: [],
    deliver: async (url, headers, body) => {
      if (!target) return { statusCode: 503 };
      const response = await target.inject({
        method: 'POST',
        url: new URL(url).pathname,
        headers,
        payload: body,
      });
      return { statusCode: response.statusCode };
    },
  });
  await sim.listen({ port: 0, host: '127.0.0.1' });
  const port = (sim.server.address() as AddressInfo).port;
  const options = { host: '127.0.0.1', port, protocol: 'http' as const, maxNetworkRetries: 0 };
  /** The browser's side: Stripe.js-like calls with the publishable key. */
  const browser = new Stripe('pk_test_paysim_local', options);
  /** Direct access for assertions (what Stripe holds). */
  const stripe = new Stripe('sk_test_paysim_local', options);
  return {
    sim,
    stripe,
    browser,
    env: { PAY_SIM_PORT: String(port), PAY_SIM_WEBHOOK_SECRET: TEST_STRIPE_WEBHOOK_SECRET },
    connect: (app: FastifyInstance) => {
      target = app;
    },
    /** Waits for the webhooks under way (each is stored and its job queued by the API). */
    drain: () => sim.paySim.webhooks.drain(),
    /** Moves the simulator's clock (renewals, retries, due dates happen) and waits for the webhooks. */
    advanceDays: async (days: number) => {
      sim.paySim.engine.advanceClock(sim.paySim.engine.now() + days * 86_400);
      await sim.paySim.webhooks.drain();
    },
    /** Tokenizes a card in the "browser" and confirms the setup intent the API handed out. */
    confirmCard: async (
      init: { setupIntentId: string; clientSecret: string },
      number: string,
      holder = 'TARO YAMADA',
    ) => {
      const pm = await browser.paymentMethods.create({
        type: 'card',
        card: { number, exp_month: 12, exp_year: 2034, cvc: '123' },
        billing_details: { name: holder },
      });
      return browser.setupIntents
        .confirm(init.setupIntentId, {
          payment_method: pm.id,
          client_secret: init.clientSecret,
        } as Stripe.SetupIntentConfirmParams)
        .then(
          () => ({ ok: true as const, paymentMethodId: pm.id }),
          (error: unknown) => ({ ok: false as const, error: error as Stripe.errors.StripeError }),
        );
    },
    /** A payment method made in the "browser" only (for /add-card). */
    tokenize: async (number: string) =>
      (
        await browser.paymentMethods.create({
          type: 'card',
          card: { number, exp_month: 11, exp_year: 2033, cvc: '456' },
        })
      ).id,
    close: () => sim.close(),
  };
}
export type PaySim = Awaited<ReturnType<typeof startPaySim>>;
