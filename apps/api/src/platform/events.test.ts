import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainEvents, jobs, mails } from '../db/schema/index.ts';
import { createClient } from '../testing/factories.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { recordDomainEvent } from './domain-events.ts';
import { createEventSubscriptions, eventQueueOf, type EventHandler } from './events.ts';
import { createJobRunner } from './jobs.ts';

let t: TestApp;
let clientId: number;
beforeAll(async () => {
  t = await createTestApp();
  clientId = (await createClient(t.db)).id;
});
afterAll(async () => {
  await t.close();
});

const runner = () => createJobRunner({ db: t.db, log: t.app.log, clock: t.clock });
const drain = async (...runners: ReturnType<typeof runner>[]) => {
  for (;;) {
    const ran = await Promise.all(runners.map((r) => r.runDue()));
    if (ran.every((n) => n === 0)) return;
  }
};
const record = (topic: 'NEW_FRIEND' | 'SHIFT_SUBMISSION_COMPLETE', tag: string) =>
  recordDomainEvent(t.db, { topic, clientId, payload: { tag } });
/** What a handler wrote in its transaction: one mail row per delivery (mail is just a handy table). */
const written = async (prefix: string) =>
  (
    await t.db
      .select({ to: mails.to })
      .from(mails)
      .where(like(mails.to, `${prefix}%`))
  )
    .map((m) => m.to)
    .sort();
const writing =
  (prefix: string): EventHandler =>
  async (event, ctx) => {
    await ctx.db.insert(mails).values({
      to: `${prefix}${(event.payload as { tag: string }).tag}@events.example`,
      subject: event.topic,
      text: String(event.id),
      status: 'STORED',
    });
  };

describe('domain event subscriptions', () => {
  it('hands each event of a topic to each subscriber exactly once', async () => {
    const r = runner();
    const events = createEventSubscriptions(r);
    events.subscribe('test-a', ['NEW_FRIEND'], writing('a-'));
    events.subscribe('test-b', ['NEW_FRIEND', 'SHIFT_SUBMISSION_COMPLETE'], writing('b-'));
    expect(() => events.subscribe('test-a', ['NEW_FRIEND'], writing('x-'))).toThrow(/twice/);
    await record('NEW_FRIEND', 'one');
    await record('SHIFT_SUBMISSION_COMPLETE', 'two');
    await drain(r);
    await drain(r);
    expect(await written('a-')).toEqual(['a-one@events.example']);
    expect(await written('b-')).toEqual(['b-one@events.example', 'b-two@events.example']);
    const fannedOut = await t.db.select().from(domainEvents).where(eq(domainEvents.clientId, clientId));
    expect(fannedOut.every((e) => e.handledAt !== null)).toBe(true);
  });

  it('a failing handler commits nothing and is retried until it succeeds, then never runs again', async () => {
    const r = runner();
    let failures = 1;
    createEventSubscriptions(r).subscribe('test-retry', ['NEW_FRIEND'], async (event, ctx) => {
      await writing('retry-')(event, ctx);
      if (failures-- > 0) throw new Error('crashed half-way');
    });
    await record('NEW_FRIEND', 'three');
    await drain(r);
    expect(await written('retry-')).toEqual([]); // the half-way write was rolled back
    const [delivery] = await t.db
      .select()
      .from(jobs)
      .where(eq(jobs.queue, eventQueueOf('test-retry')));
    expect(delivery).toMatchObject({ status: 'PENDING', attempts: 1 });
    t.clock.set(delivery!.runAt);
    await drain(r);
    expect(await written('retry-')).toEqual(['retry-three@events.example']);

    const [done] = await t.db.select().from(jobs).where(eq(jobs.id, delivery!.id));
    expect(done).toMatchObject({ status: 'DONE', attempts: 2 });
    t.clock.advance(86_400_000);
    await drain(r);
    expect(await written('retry-')).toEqual(['retry-three@events.example']);
  });

  it('two runners with the same subscribers deliver each event once between them', async () => {
    const calls: string[] = [];
    const runners = [runner(), runner()];
    for (const r of runners) {
      createEventSubscriptions(r).subscribe('test-two', ['SHIFT_SUBMISSION_COMPLETE'], async (event, ctx) => {
        calls.push((event.payload as { tag: string }).tag);
        await writing('two-')(event, ctx);
      });
    }
    for (const tag of ['p', 'q', 'r', 's']) await record('SHIFT_SUBMISSION_COMPLETE', tag);
    await drain(...runners);
    expect(calls.sort()).toEqual(['p', 'q', 'r', 's']);
    expect(await written('two-')).toEqual(['p', 'q', 'r', 's'].map((x) => `two-${x}@events.example`));
  });
});
