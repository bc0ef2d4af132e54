import { eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainEvents, jobs, mails } from '../db/schema/index.ts';
import { createClient } from '../testing/factories.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { recordDomainEvent, type DomainEvent } from './domain-events.ts';
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
type TestTopic = 'NEW_FRIEND' | 'SHIFT_SUBMISSION_COMPLETE';
/** An event whose payload carries a tag: a friend's name, or a period's key. */
const record = (topic: TestTopic, tag: string) =>
  recordDomainEvent(
    t.db,
    topic === 'NEW_FRIEND'
      ? { topic, clientId, payload: { friendId: 1, lineUserId: `U${tag}`, displayName: tag } }
      : { topic, clientId, payload: { periodKey: tag, startDate: '2027-01-01', endDate: '2027-01-31' } },
  );
const tagOf = (event: DomainEvent<TestTopic>) =>
  event.topic === 'NEW_FRIEND' ? event.payload.displayName : event.payload.periodKey;
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
  (prefix: string): EventHandler<TestTopic> =>
  async (event, ctx) => {
    await ctx.db.insert(mails).values({
      to: `${prefix}${tagOf(event)}@events.example`,
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

  it('a stored payload that does not match its topic never reaches the handler: its delivery fails', async () => {
    const r = runner();
    const seen: string[] = [];
    createEventSubscriptions(r).subscribe(
      'test-shape',
      ['NEW_FRIEND'],
      async (event) => {
        seen.push(event.payload.displayName);
      },
      { maxAttempts: 1 },
    );
    // Written past the typed writer, as an older version or a hand-made row would be.
    await t.db.insert(domainEvents).values({ topic: 'NEW_FRIEND', clientId, payload: { friendId: 'seven' } });
    await record('NEW_FRIEND', 'well-formed');
    await drain(r);
    expect(seen).toEqual(['well-formed']);
    const deliveries = await t.db
      .select()
      .from(jobs)
      .where(eq(jobs.queue, eventQueueOf('test-shape')));
    expect(deliveries.map((d) => d.status).sort()).toEqual(['DEAD', 'DONE']);
  });

  it('a filter leaves out the events its subscriber would ignore: no delivery job for them, the others handled once', async () => {
    const r = runner();
    const events = createEventSubscriptions(r);
    const batches: number[] = [];
    // The subscriber acts only on the names it has a row for (read in the fan-out's transaction).
    await t.db.insert(mails).values(
      ['kept-1', 'kept-2'].map((name) => ({
        to: `allow-${name}`,
        subject: 'x',
        text: '',
        status: 'STORED' as const,
      })),
    );
    events.subscribe('test-filter', ['NEW_FRIEND'], writing('filter-'), {
      filter: async (batch, db) => {
        batches.push(batch.length);
        const allowed = await db
          .select({ to: mails.to })
          .from(mails)
          .where(
            inArray(
              mails.to,
              batch.map((e) => `allow-${e.payload.displayName}`),
            ),
          );
        const names = new Set(allowed.map((m) => m.to.slice('allow-'.length)));
        return batch.filter((e) => names.has(e.payload.displayName)).map((e) => e.id);
      },
    });
    events.subscribe('test-unfiltered', ['NEW_FRIEND'], writing('unfiltered-'));
    for (const name of ['kept-1', 'left-1', 'kept-2', 'left-2']) await record('NEW_FRIEND', name);
    await drain(r);
    await drain(r);

    expect(batches).toEqual([4]); // one call for the batch, not one per event
    expect(await written('filter-')).toEqual([
      'filter-kept-1@events.example',
      'filter-kept-2@events.example',
    ]);
    const deliveries = await t.db
      .select()
      .from(jobs)
      .where(eq(jobs.queue, eventQueueOf('test-filter')));
    expect(deliveries.map((d) => d.status)).toEqual(['DONE', 'DONE']); // no job at all for the two left out
    expect(await written('unfiltered-')).toHaveLength(4); // another subscriber's filter changes nothing here
    const pending = await t.db.select().from(domainEvents).where(eq(domainEvents.clientId, clientId));
    expect(pending.every((e) => e.handledAt !== null)).toBe(true);
  });

  it('a filter that throws leaves nothing out; a payload that does not parse still reaches its failing delivery', async () => {
    const r = runner();
    const events = createEventSubscriptions(r);
    events.subscribe('test-filter-throws', ['NEW_FRIEND'], writing('throws-'), {
      filter: async () => {
        throw new Error('a bug in the filter');
      },
    });
    const seen: number[][] = [];
    events.subscribe('test-filter-shape', ['NEW_FRIEND'], writing('shape-'), {
      filter: async (batch) => {
        seen.push(batch.map((e) => e.id));
        return [];
      },
      maxAttempts: 1,
    });
    await t.db.insert(domainEvents).values({ topic: 'NEW_FRIEND', clientId, payload: { friendId: 'eight' } });
    await record('NEW_FRIEND', 'thrown');
    await drain(r);
    expect(await written('throws-')).toEqual(['throws-thrown@events.example']);
    expect(seen).toEqual([[expect.any(Number)]]); // the well-formed event only
    expect(await written('shape-')).toEqual([]);
    const shape = await t.db
      .select()
      .from(jobs)
      .where(eq(jobs.queue, eventQueueOf('test-filter-shape')));
    expect(shape.map((d) => d.status)).toEqual(['DEAD']); // the malformed one, refused at its delivery
  });

  it('two runners with the same subscribers deliver each event once between them', async () => {
    const calls: string[] = [];
    const runners = [runner(), runner()];
    for (const r of runners) {
      createEventSubscriptions(r).subscribe('test-two', ['SHIFT_SUBMISSION_COMPLETE'], async (event, ctx) => {
        calls.push(tagOf(event));
        await writing('two-')(event, ctx);
      });
    }
    for (const tag of ['p', 'q', 'r', 's']) await record('SHIFT_SUBMISSION_COMPLETE', tag);
    await drain(...runners);
    expect(calls.sort()).toEqual(['p', 'q', 'r', 's']);
    expect(await written('two-')).toEqual(['p', 'q', 'r', 's'].map((x) => `two-${x}@events.example`));
  });
});
