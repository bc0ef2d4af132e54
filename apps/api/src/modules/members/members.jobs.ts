import type { Config } from '../../config/env.ts';
import type { JobRunner } from '../../platform/jobs.ts';
import {
  DELETE_IMAGE_FILE_QUEUE,
  deleteImageFile,
  deleteImageFilePayloadSchema,
  queueImageSweep,
  SWEEP_IMAGES_QUEUE,
  sweepUnattachedImages,
} from './member-images.ts';

export { queueImageSweep };

/** The members module's queues: the hourly sweep of unattached uploads, and one job per file it drops. */
export function defineMemberJobs(jobs: JobRunner, config: Config): void {
  jobs.define(SWEEP_IMAGES_QUEUE, {
    handler: async (_payload, job) => {
      const now = job.clock.now();
      // The next hour's run first: a sweep that fails here and there still keeps the chain going.
      await queueImageSweep(job.db, now);
      const removed = await sweepUnattachedImages(job.db, now);
      if (removed > 0) job.log.info({ removed }, 'unattached member images removed');
    },
  });
  jobs.define(DELETE_IMAGE_FILE_QUEUE, {
    payload: deleteImageFilePayloadSchema,
    handler: (input) => deleteImageFile(config, input.storageKey),
  });
}
