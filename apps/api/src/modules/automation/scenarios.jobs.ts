import type { FriendDirectories } from '../friends/index.ts';
import type { Config } from '../../config/env.ts';
import type { EventSubscriptions } from '../../platform/events.ts';
import type { JobRunner } from '../../platform/jobs.ts';
import { handleScenarioEvent, scenarioEventsToHandle } from './scenarios.enrol.ts';
import { runScenarioTick, SCENARIO_TICK_QUEUE, scenarioTickPayloadSchema } from './scenarios.sending.ts';

/** Step delivery: friends enter scenarios on their triggers; one scheduler a minute sends the due steps. */
export function defineScenarioJobs(
  jobs: JobRunner,
  events: EventSubscriptions,
  config: Config,
  directories: FriendDirectories,
): void {
  events.subscribe(
    'automation.scenarios',
    ['NEW_FRIEND', 'MEMBERSHIP_REGISTRATION', 'FRIEND_TAGGED', 'MEMBER_RANK_CHANGED'],
    handleScenarioEvent,
    { filter: scenarioEventsToHandle },
  );
  jobs.define(SCENARIO_TICK_QUEUE, {
    payload: scenarioTickPayloadSchema,
    handler: async (input, job) => {
      await runScenarioTick(input, job, config, directories);
    },
  });
}
