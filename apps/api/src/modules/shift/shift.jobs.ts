import type { JobRunner } from '../../platform/jobs.ts';
import {
  PLAN_QUEUE,
  REMIND_QUEUE,
  remindPayloadSchema,
  runDailyPlanning,
  runReminder,
} from './rules/reminders.ts';

/** The shift module's queues: a job per reminder and period, and a daily planner that keeps them planned ahead. */
export function defineShiftJobs(jobs: JobRunner): void {
  jobs.define(REMIND_QUEUE, {
    payload: remindPayloadSchema,
    maxAttempts: 5,
    handler: (input, job) => runReminder({ ctx: job, input }),
  });
  jobs.define(PLAN_QUEUE, { handler: (_payload, job) => runDailyPlanning(job.db, job.clock.now()) });
}
