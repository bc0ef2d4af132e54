import type { Config } from '../config/env.ts';
import type { Db } from '../db/client.ts';
import { deleteFinishedJobs, queueHourly, type JobRunner } from './jobs.ts';
import { deleteOldPushSeconds } from './line/push-pace.ts';
import { deleteDeliveredMail } from './mail.ts';
import { deleteExpiredSessions } from './sessions.ts';

export const HOUSEKEEPING_QUEUE = 'platform.housekeeping';
/** DONE jobs are kept a while for reading; their dedupe keys name past instants, so none comes back. */
const DONE_JOBS_KEPT_MS = 30 * 86_400_000;
const SENT_MAIL_KEPT_MS = 90 * 86_400_000;

/** Expired sessions, DONE jobs, delivered mail past their keeping time and old push grants. */
export async function runHousekeeping(db: Db, now: Date, config: Config) {
  await deleteExpiredSessions(db, now, config);
  const jobs = await deleteFinishedJobs(db, new Date(now.getTime() - DONE_JOBS_KEPT_MS));
  const mail = await deleteDeliveredMail(db, new Date(now.getTime() - SENT_MAIL_KEPT_MS));
  await deleteOldPushSeconds(db, now);
  return { jobs, mail };
}

/** Queue the housekeeping run of the hour after `at` (or of this hour with `now: true`). */
export const queueHousekeeping = (db: Db, at: Date, options: { now?: boolean } = {}): Promise<void> =>
  queueHourly(db, HOUSEKEEPING_QUEUE, at, options);

export function defineHousekeepingJobs(jobs: JobRunner, config: Config): void {
  jobs.define(HOUSEKEEPING_QUEUE, {
    handler: async (_payload, job) => {
      const now = job.clock.now();
      const removed = await runHousekeeping(job.db, now, config);
      job.log.info(removed, 'housekeeping done');
      await queueHousekeeping(job.db, now);
    },
  });
}
