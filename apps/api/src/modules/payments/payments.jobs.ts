import { z } from 'zod';
import type { Config } from '../../config/env.ts';
import type { JobRunner } from '../../platform/jobs.ts';
import { MOVE_PRICE_QUEUE, moveSubscriptionPrice } from './prices.service.ts';
import { processStripeEvent, STRIPE_EVENT_QUEUE, stripeEventPayloadSchema } from './payments.webhook.ts';

/** The payments module's queues: each Stripe event is processed by a job; price moves are one job each. */
export function definePaymentJobs(jobs: JobRunner, config: Config): void {
  jobs.define(STRIPE_EVENT_QUEUE, {
    payload: stripeEventPayloadSchema,
    maxAttempts: 10,
    handler: (input, job) => processStripeEvent({ ctx: { ...job, config }, input }),
  });
  jobs.define(MOVE_PRICE_QUEUE, {
    payload: z.object({ stripeSubscriptionId: z.string(), priceId: z.string() }),
    maxAttempts: 10,
    handler: (input, job) => moveSubscriptionPrice({ ctx: { ...job, config }, input }),
  });
}
