import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { enqueueJob } from '../../platform/jobs.ts';

export const SCENARIO_TICK_QUEUE = 'automation.scenarios';
export const scenarioTickPayloadSchema = z.object({ slot: z.number().int() });
export const MINUTE_MS = 60_000;

/**
 * Queue the scheduler's run of a minute (the one after `at`, or `at`'s own with `now`): one job per
 * minute in the whole installation by dedupe key; each run queues the next minute's.
 */
export async function queueScenarioTick(db: Db, at: Date, options: { now?: boolean } = {}): Promise<void> {
  const slot = Math.floor(at.getTime() / MINUTE_MS) + (options.now ? 0 : 1);
  await enqueueJob(db, {
    queue: SCENARIO_TICK_QUEUE,
    payload: { slot },
    runAt: options.now ? at : new Date(slot * MINUTE_MS),
    dedupeKey: `${SCENARIO_TICK_QUEUE}:${slot}`,
  });
}

/**
 * Queue a run of the scheduler at `at` when that comes before the next minute's run (a step due in the
 * middle of a minute goes at its time, not up to a minute late): at the whole second, one job per second
 * in the whole installation by dedupe key, however many friends are due then.
 */
export async function queueScenarioRunAt(db: Db, at: Date, now: Date): Promise<void> {
  const slot = Math.floor(now.getTime() / MINUTE_MS);
  if (at.getTime() >= (slot + 1) * MINUTE_MS) return; // the next minute's run finds it
  const second = Math.ceil(Math.max(at.getTime(), now.getTime()) / 1000);
  await enqueueJob(db, {
    queue: SCENARIO_TICK_QUEUE,
    payload: { slot },
    runAt: new Date(second * 1000),
    dedupeKey: `${SCENARIO_TICK_QUEUE}:at:${second}`,
  });
}
