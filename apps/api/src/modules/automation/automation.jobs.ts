import type { FriendDirectories } from '../friends/index.ts';
import type { Config } from '../../config/env.ts';
import type { EventSubscriptions } from '../../platform/events.ts';
import type { JobRunner } from '../../platform/jobs.ts';
import {
  GREETING_MAX_ATTEMPTS,
  GREETING_QUEUE,
  greetingPayloadSchema,
  handleFollowEvent,
  sendGreeting,
} from './greeting.sending.ts';
import { defineScenarioJobs } from './scenarios.jobs.ts';

/** The automation module: greets friends who follow (a subscriber of the follow topics, and its sender). */
export function defineAutomationJobs(
  jobs: JobRunner,
  events: EventSubscriptions,
  config: Config,
  directories: FriendDirectories,
): void {
  events.subscribe('automation', ['NEW_FRIEND', 'LINE_UNBLOCK_EVENT'], handleFollowEvent);
  jobs.define(GREETING_QUEUE, {
    payload: greetingPayloadSchema,
    maxAttempts: GREETING_MAX_ATTEMPTS,
    // a retry waits little: the reply token lasts about a minute
    backoffMs: (attempts) => Math.min(2_000 * 2 ** (attempts - 1), 60_000),
    handler: async (input, job) => {
      await sendGreeting(input, job, config);
    },
  });
  // step delivery (シナリオ): its triggers and its scheduler
  defineScenarioJobs(jobs, events, config, directories);
}
