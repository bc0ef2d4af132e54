import type { Config } from './config/env.ts';
import type { Db } from './db/client.ts';
import type { Clock } from './platform/clock.ts';
import { createEventSubscriptions, type EventSubscriptions } from './platform/events.ts';
import { defineHousekeepingJobs, queueHousekeeping } from './platform/housekeeping.jobs.ts';
import type { JobRunner } from './platform/jobs.ts';
import { defineMailJobs } from './platform/mail.jobs.ts';
import { friendDirectories, imageUses } from './composition.ts';
import { defineDeliveryJobs, queueDeliveryImageSweep } from './modules/deliveries/deliveries.jobs.ts';
import { defineAutomationJobs } from './modules/automation/automation.jobs.ts';
import { defineKeywordReplyJobs } from './modules/automation/keyword-replies.jobs.ts';
import { scenarioStarter } from './modules/automation/scenario-starter.ts';
import { queueScenarioTick } from './modules/automation/index.ts';
import { defineInflowJobs } from './modules/inflow/inflow.jobs.ts';
import { defineLineAccountJobs } from './modules/line-accounts/line-accounts.jobs.ts';
import { defineRichMenuJobs, queueRichMenuSegments } from './modules/rich-menus/rich-menus.jobs.ts';
import { defineFriendJobs } from './modules/friends/friends.jobs.ts';
import { defineMemberJobs, queueImageSweep, queueMemberCardSweep } from './modules/members/members.jobs.ts';
import { defineNotificationJobs } from './modules/notifications/notifications.jobs.ts';
import { defineLineWebhookJobs } from './modules/line-webhook/line-webhook.jobs.ts';
import { definePaymentJobs } from './modules/payments/payments.jobs.ts';
import { defineShiftJobs } from './modules/shift/shift.jobs.ts';

/**
 * Every queue of the product, defined on one job runner, apart from HTTP: buildApp calls it for the
 * API process, worker.ts for a process that only runs jobs. A new module adds its <module>.jobs.ts here.
 */
export function defineAllJobs(jobs: JobRunner, deps: { config: Config }): EventSubscriptions {
  // The one reader of domain events; a module subscribes to topics in its <module>.jobs.ts.
  const events = createEventSubscriptions(jobs);
  defineMailJobs(jobs, deps.config);
  defineHousekeepingJobs(jobs, deps.config);
  defineFriendJobs(jobs, deps.config);
  defineLineAccountJobs(jobs, deps.config);
  defineLineWebhookJobs(jobs, deps.config);
  defineShiftJobs(jobs);
  defineMemberJobs(jobs, deps.config);
  definePaymentJobs(jobs, deps.config);
  defineNotificationJobs(jobs, events, deps.config);
  defineDeliveryJobs(jobs, deps.config, friendDirectories, imageUses);
  defineAutomationJobs(jobs, events, deps.config, friendDirectories);
  defineKeywordReplyJobs(jobs, deps.config, scenarioStarter);
  defineInflowJobs(events);
  defineRichMenuJobs(jobs, events, deps.config, friendDirectories);
  return events;
}

/** Start-up: make sure the recurring jobs are queued (once per installation, by dedupe key). */
export async function queueRecurringJobs(db: Db, clock: Clock): Promise<void> {
  await queueHousekeeping(db, clock.now(), { now: true });
  await queueImageSweep(db, clock.now(), { now: true });
  await queueDeliveryImageSweep(db, clock.now(), { now: true });
  await queueMemberCardSweep(db, clock.now(), { now: true });
  await queueScenarioTick(db, clock.now(), { now: true });
  await queueRichMenuSegments(db, clock.now(), { now: true });
}
