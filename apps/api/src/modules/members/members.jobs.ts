import type { Config } from '../../config/env.ts';
import { queueHourly, type JobRunner } from '../../platform/jobs.ts';
import type { Db } from '../../db/client.ts';
import { sweepMemberCards } from './member-card.service.ts';
import {
  DELETE_IMAGE_FILE_QUEUE,
  deleteImageFile,
  deleteImageFilePayloadSchema,
  queueImageSweep,
  SWEEP_IMAGES_QUEUE,
  sweepUnattachedImages,
} from './member-images.ts';

export { queueImageSweep };

/** The member cards' hourly run: points past their expiry, and ranks as old points leave the 12 months. */
export const MEMBER_CARD_SWEEP_QUEUE = 'members.card-sweep';
export const queueMemberCardSweep = (db: Db, at: Date, options: { now?: boolean } = {}): Promise<void> =>
  queueHourly(db, MEMBER_CARD_SWEEP_QUEUE, at, options);

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
  jobs.define(MEMBER_CARD_SWEEP_QUEUE, {
    handler: async (_payload, job) => {
      const now = job.clock.now();
      await queueMemberCardSweep(job.db, now);
      const done = await sweepMemberCards(job.db, now);
      if (done.expired > 0 || done.reranked > 0) job.log.info(done, 'member cards swept');
    },
  });
  jobs.define(DELETE_IMAGE_FILE_QUEUE, {
    payload: deleteImageFilePayloadSchema,
    handler: (input) => deleteImageFile(config, input.storageKey),
  });
}
