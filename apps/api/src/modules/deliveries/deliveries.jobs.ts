import type { Config } from '../../config/env.ts';
import type { JobRunner } from '../../platform/jobs.ts';
import type { FriendDirectories } from '../friends/index.ts';
import {
  DELETE_DELIVERY_IMAGE_FILES_QUEUE,
  deleteDeliveryImageFiles,
  deleteDeliveryImageFilesPayloadSchema,
  queueDeliveryImageSweep,
  SWEEP_DELIVERY_IMAGES_QUEUE,
  sweepUnusedDeliveryImages,
  type ImageUses,
} from './delivery-images.sweep.ts';
import {
  DELIVERY_SEND_MAX_ATTEMPTS,
  DELIVERY_SEND_QUEUE,
  deliverySendPayloadSchema,
  runDeliverySend,
} from './deliveries.sending.ts';

export { queueDeliveryImageSweep };

/**
 * The deliveries module's queues: the sender of message deliveries (now and scheduled), the hourly sweep
 * of unused uploads (`imageUses`: what other modules' messages name) and one job per upload it drops.
 */
export function defineDeliveryJobs(
  jobs: JobRunner,
  config: Config,
  directories: FriendDirectories,
  imageUses: readonly ImageUses[],
): void {
  jobs.define(SWEEP_DELIVERY_IMAGES_QUEUE, {
    handler: async (_payload, job) => {
      const now = job.clock.now();
      // The next hour's run first: a sweep that fails here and there still keeps the chain going.
      await queueDeliveryImageSweep(job.db, now);
      const removed = await sweepUnusedDeliveryImages(job.db, now, imageUses);
      if (removed > 0) job.log.info({ removed }, 'unused delivery images removed');
    },
  });
  jobs.define(DELETE_DELIVERY_IMAGE_FILES_QUEUE, {
    payload: deleteDeliveryImageFilesPayloadSchema,
    handler: (input) => deleteDeliveryImageFiles(config, input.storageKeys),
  });
  jobs.define(DELIVERY_SEND_QUEUE, {
    payload: deliverySendPayloadSchema,
    maxAttempts: DELIVERY_SEND_MAX_ATTEMPTS,
    handler: (input, job) => runDeliverySend(input, job, { config, directories }),
  });
}
