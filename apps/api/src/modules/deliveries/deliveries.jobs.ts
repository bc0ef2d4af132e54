import type { Config } from '../../config/env.ts';
import type { JobRunner } from '../../platform/jobs.ts';
import type { FriendDirectories } from '../friends/index.ts';
import {
  DELIVERY_SEND_MAX_ATTEMPTS,
  DELIVERY_SEND_QUEUE,
  deliverySendPayloadSchema,
  runDeliverySend,
} from './deliveries.sending.ts';

/** The deliveries module's queue: the sender of message deliveries (now and scheduled). */
export function defineDeliveryJobs(jobs: JobRunner, config: Config, directories: FriendDirectories): void {
  jobs.define(DELIVERY_SEND_QUEUE, {
    payload: deliverySendPayloadSchema,
    maxAttempts: DELIVERY_SEND_MAX_ATTEMPTS,
    handler: (input, job) => runDeliverySend(input, job, { config, directories }),
  });
}
