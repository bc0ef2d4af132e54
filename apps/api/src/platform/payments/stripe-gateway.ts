import Stripe from 'stripe';
import type { Config } from '../../config/env.ts';

const clients = new WeakMap<Config['payments'], Stripe>();

/**
 * The one Stripe client of a configuration, through the official SDK: Stripe itself when its keys are
 * configured, otherwise the payments simulator (apps/pay-sim), which answers the same API over HTTP.
 * Retries are the SDK's, safe because every write is sent with an idempotency key.
 */
export function stripeFor(config: Pick<Config, 'payments'>): Stripe {
  const payments = config.payments;
  const known = clients.get(payments);
  if (known) return known;
  const common = { maxNetworkRetries: 2, timeout: 15_000, telemetry: false } as const;
  const client = payments.isSimulator
    ? (() => {
        const url = new URL(payments.simulatorUrl!);
        return new Stripe(payments.secretKey, {
          ...common,
          host: url.hostname,
          port: Number(url.port),
          protocol: url.protocol === 'https:' ? 'https' : 'http',
        });
      })()
    : new Stripe(payments.secretKey, common);
  clients.set(payments, client);
  return client;
}

export type { Stripe };

/** A Stripe error answered by the gateway (card declines, bad requests), or undefined for anything else. */
export function stripeErrorOf(error: unknown): Stripe.errors.StripeError | undefined {
  return error instanceof Stripe.errors.StripeError ? error : undefined;
}

/** The gateway could not be reached (connection refused, timeout): a 503 rather than a 500. */
export function isGatewayUnreachable(error: unknown): boolean {
  return (
    error instanceof Stripe.errors.StripeConnectionError || error instanceof Stripe.errors.StripeAPIError
  );
}
