import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from './db/schema/index.ts';
import { defineAllJobs, queueRecurringJobs } from './jobs.ts';
import { createJobRunner, enqueueJob } from './platform/jobs.ts';
import { HOUSEKEEPING_QUEUE } from './platform/housekeeping.jobs.ts';
import { SWEEP_IMAGES_QUEUE } from './modules/members/member-images.ts';
import { SWEEP_DELIVERY_IMAGES_QUEUE } from './modules/deliveries/delivery-images.sweep.ts';
import { MEMBER_CARD_SWEEP_QUEUE } from './modules/members/members.jobs.ts';
import { PLAN_QUEUE } from './modules/shift/rules/reminders.ts';
import { SCENARIO_TICK_QUEUE } from './modules/automation/scenarios.sending.ts';
import { RICH_MENU_SEGMENTS_QUEUE } from './modules/rich-menus/rich-menu-links.ts';
import { createTestApp, type TestApp } from './testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the jobs of a worker-only process', () => {
  it('a runner with every queue defined and no HTTP app runs the modules and platform jobs', async () => {
    // What worker.ts builds: a runner on the database, the queues of jobs.ts, no routes.
    const worker = createJobRunner({ db: t.db, log: t.app.log, clock: t.clock });
    defineAllJobs(worker, { config: t.config });
    await queueRecurringJobs(t.db, t.clock);
    await enqueueJob(t.db, { queue: PLAN_QUEUE, payload: {}, runAt: t.clock.now() });
    expect(await worker.runDue()).toBe(7);
    const done = await t.db.select().from(jobs).where(eq(jobs.status, 'DONE'));
    expect(done.map((j) => j.queue).sort()).toEqual(
      [
        HOUSEKEEPING_QUEUE,
        SWEEP_IMAGES_QUEUE,
        SWEEP_DELIVERY_IMAGES_QUEUE,
        MEMBER_CARD_SWEEP_QUEUE,
        PLAN_QUEUE,
        SCENARIO_TICK_QUEUE,
        RICH_MENU_SEGMENTS_QUEUE,
      ].sort(),
    );
  });
});
