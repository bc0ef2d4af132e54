import type { Config } from '../../config/env.ts';
import type { JobRunner } from '../../platform/jobs.ts';
import { PUSH_MESSAGE_QUEUE } from './friends.service.ts';
import { GROUP_PUSH_QUEUE } from './groups.service.ts';
import { deliverGroupMessage, groupPushPayloadSchema } from './groups.outbox.ts';
import {
  fetchContentPayloadSchema,
  fetchMessageContent,
  FETCH_CONTENT_MAX_ATTEMPTS,
  FETCH_CONTENT_QUEUE,
} from './message-media.ts';
import {
  MARK_AS_READ_MAX_ATTEMPTS,
  MARK_AS_READ_QUEUE,
  markAsReadPayloadSchema,
  markReadAtLine,
} from './mark-as-read.ts';
import { deliverMessage, PUSH_MAX_ATTEMPTS, pushMessagePayloadSchema } from './message-outbox.ts';

/**
 * The friends module's queues: the outbox of one-to-one messages to LINE, the fetch of what friends sent,
 * LINE's mark-as-read.
 */
export function defineFriendJobs(jobs: JobRunner, config: Config): void {
  jobs.define(PUSH_MESSAGE_QUEUE, {
    payload: pushMessagePayloadSchema,
    maxAttempts: PUSH_MAX_ATTEMPTS,
    handler: (input, job) => deliverMessage({ ctx: { ...job, config }, input }),
  });
  // answers in groups and rooms (decision 0052-groups-and-rooms)
  jobs.define(GROUP_PUSH_QUEUE, {
    payload: groupPushPayloadSchema,
    maxAttempts: PUSH_MAX_ATTEMPTS,
    handler: (input, job) => deliverGroupMessage({ ctx: { ...job, config }, input }),
  });
  jobs.define(FETCH_CONTENT_QUEUE, {
    payload: fetchContentPayloadSchema,
    maxAttempts: FETCH_CONTENT_MAX_ATTEMPTS,
    handler: (input, job) => fetchMessageContent({ ctx: { ...job, config }, input }),
  });
  // LINE's mark-as-read, once per token (decision 0061-mark-as-read)
  jobs.define(MARK_AS_READ_QUEUE, {
    payload: markAsReadPayloadSchema,
    maxAttempts: MARK_AS_READ_MAX_ATTEMPTS,
    handler: (input, job) => markReadAtLine({ ctx: { ...job, config }, input }),
  });
}
