import type { Config } from '../../config/env.ts';
import type { JobRunner } from '../../platform/jobs.ts';
import {
  processWebhookEvent,
  WEBHOOK_EVENT_QUEUE,
  webhookEventPayloadSchema,
} from './line-webhook.service.ts';

/** The webhook module's queues: each stored LINE event is processed by a job, at least once. */
export function defineLineWebhookJobs(jobs: JobRunner, config: Config): void {
  jobs.define(WEBHOOK_EVENT_QUEUE, {
    payload: webhookEventPayloadSchema,
    maxAttempts: 10,
    handler: (input, job) => processWebhookEvent({ ctx: { ...job, config }, input }),
  });
}
