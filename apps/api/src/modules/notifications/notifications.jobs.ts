import { notificationTopics } from '@app/contracts';
import type { Config } from '../../config/env.ts';
import type { EventSubscriptions } from '../../platform/events.ts';
import type { JobRunner } from '../../platform/jobs.ts';
import {
  handleNotificationEvent,
  NOTIFICATION_PUSH_MAX_ATTEMPTS,
  NOTIFICATION_PUSH_QUEUE,
  notificationPushPayloadSchema,
  pushNotificationBatch,
} from './notifications.delivery.ts';

/** The notifications module: the subscriber of every topic, and the outbox of notification pushes. */
export function defineNotificationJobs(jobs: JobRunner, events: EventSubscriptions, config: Config): void {
  events.subscribe('notifications', notificationTopics, (event, ctx) =>
    handleNotificationEvent(event, ctx, config),
  );
  jobs.define(NOTIFICATION_PUSH_QUEUE, {
    payload: notificationPushPayloadSchema,
    maxAttempts: NOTIFICATION_PUSH_MAX_ATTEMPTS,
    handler: (input, job) => pushNotificationBatch(input, job, config),
  });
}
