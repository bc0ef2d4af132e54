import { asc, eq, inArray, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { inTransaction, type Db } from '../db/client.ts';
import { domainEvents, jobs as jobsTable } from '../db/schema/index.ts';
import { toDomainEvent, type DomainEvent, type DomainTopic } from './domain-events.ts';
import { enqueueJob, type JobContext, type JobRunner } from './jobs.ts';

/**
 * Handles one event of the topics T, typed by its topic (platform/domain-events.ts). ctx.db is the
 * transaction that also marks the delivery done: what the handler writes commits exactly once. Calls
 * outside the database (LINE, mail) go through an outbox job queued on ctx.db, never directly.
 */
export type EventHandler<T extends DomainTopic = DomainTopic> = (
  event: DomainEvent<T>,
  ctx: JobContext,
) => Promise<void>;

/**
 * Which of a batch of events of the topics T the subscriber acts on: answers their ids, and no delivery job
 * is made for the others (decision 0062). It runs in the fan-out's transaction (`db`), so it reads the
 * subscriber's own tables with one query a batch, never per event, and writes nothing. It must keep every
 * event the handler might act on (when unsure, keep it): the handler still decides, reading again.
 */
export type EventFilter<T extends DomainTopic = DomainTopic> = (
  events: DomainEvent<T>[],
  db: Db,
) => Promise<Iterable<number>>;

/** A subscriber as registered: its name and the topics it takes (docs/architecture.md lists them). */
export type Subscription = { subscriber: string; topics: readonly DomainTopic[] };
type Subscriber = { topics: readonly DomainTopic[]; filter?: EventFilter<never> };

export type EventSubscriptions = {
  /**
   * Register a handler under a stable name for some topics (at start-up, in <module>.jobs.ts). Each
   * event reaches every subscriber registered when it is fanned out exactly once, whatever the number
   * of runners; a failing handler is retried with backoff. Events recorded while nobody subscribes
   * wait for the first subscriber. With `filter`, the events it leaves out make no delivery job.
   */
  subscribe: <T extends DomainTopic>(
    subscriber: string,
    topics: readonly T[],
    handler: EventHandler<T>,
    options?: { maxAttempts?: number; filter?: EventFilter<NoInfer<T>> },
  ) => void;
  /** Every subscriber registered so far, in order of registration. */
  subscriptions: () => Subscription[];
};

const deliveryPayload = z.object({ eventId: z.number().int().positive() });
const FAN_OUT_BATCH = 100;

export const eventQueueOf = (subscriber: string) => `event.${subscriber}`;

/**
 * The one reader of domain_events. Before each claim the runner takes the events not yet fanned out
 * (FOR UPDATE SKIP LOCKED: two runners never take one event), queues one delivery job per subscriber
 * of its topic that its filter keeps (dedupe key event.<subscriber>:<event id>) and stamps handledAt, in
 * one transaction.
 * A delivery job runs its handler in a transaction that locks the job row and marks it DONE, so a
 * second runner or a re-run after a crash finds it DONE and does nothing.
 */
export function createEventSubscriptions(jobs: JobRunner): EventSubscriptions {
  const subscribers = new Map<string, Subscriber>();

  /** The events of the batch each subscriber takes: its topics, less what its filter leaves out. */
  const deliveries = async (tx: Db, due: (typeof domainEvents.$inferSelect)[], log: JobContext['log']) => {
    const taken = new Map<string, Set<number>>();
    for (const [subscriber, { topics, filter }] of subscribers) {
      const ofTopics = due.filter((e) => topics.includes(e.topic));
      const ids = new Set(ofTopics.map((e) => e.id));
      taken.set(subscriber, ids);
      if (!filter || ofTopics.length === 0) continue;
      // A payload that does not parse is delivered anyway: its delivery fails loudly (toDomainEvent).
      const parsed = ofTopics.flatMap((row) => {
        try {
          return [toDomainEvent(row)];
        } catch {
          return [];
        }
      });
      if (parsed.length === 0) continue;
      try {
        const kept = new Set(await filter(parsed as DomainEvent<never>[], tx));
        for (const event of parsed) if (!kept.has(event.id)) ids.delete(event.id);
      } catch (error) {
        // A filter that throws drops nothing: the handler decides, as without one. (A statement that
        // failed has aborted the transaction: the fan-out is tried again at the next run.)
        log.error({ err: error, subscriber }, 'event filter failed');
      }
    }
    return taken;
  };

  jobs.addFeeder(async ({ db, clock, log }) => {
    if (subscribers.size === 0) return; // nothing reads events yet: leave them for the first subscriber
    await inTransaction(db, async (tx) => {
      const due = await tx
        .select()
        .from(domainEvents)
        .where(isNull(domainEvents.handledAt))
        .orderBy(asc(domainEvents.id))
        .limit(FAN_OUT_BATCH)
        .for('update', { skipLocked: true });
      if (due.length === 0) return;
      const now = clock.now();
      const taken = await deliveries(tx, due, log);
      for (const event of due) {
        for (const [subscriber, ids] of taken) {
          if (!ids.has(event.id)) continue;
          await enqueueJob(tx, {
            queue: eventQueueOf(subscriber),
            payload: { eventId: event.id },
            runAt: now,
            dedupeKey: `${eventQueueOf(subscriber)}:${event.id}`,
          });
        }
      }
      await tx
        .update(domainEvents)
        .set({ handledAt: now })
        .where(
          inArray(
            domainEvents.id,
            due.map((e) => e.id),
          ),
        );
    });
  });

  return {
    subscriptions: () => [...subscribers].map(([subscriber, { topics }]) => ({ subscriber, topics })),
    subscribe: (subscriber, topics, handler, options = {}) => {
      if (subscribers.has(subscriber)) throw new Error(`Event subscriber ${subscriber} is registered twice`);
      subscribers.set(subscriber, {
        topics,
        ...(options.filter ? { filter: options.filter as EventFilter<never> } : {}),
      });
      jobs.define(eventQueueOf(subscriber), {
        payload: deliveryPayload,
        ...(options.maxAttempts ? { maxAttempts: options.maxAttempts } : {}),
        handler: async ({ eventId }, job) => {
          await inTransaction(job.db, async (tx) => {
            const [row] = await tx
              .select({ status: jobsTable.status })
              .from(jobsTable)
              .where(eq(jobsTable.id, job.jobId))
              .for('update');
            if (!row || row.status === 'DONE') return;
            const [event] = await tx.select().from(domainEvents).where(eq(domainEvents.id, eventId)).limit(1);
            // The fan-out queued this delivery for one of the subscriber's topics.
            if (event) await handler(toDomainEvent(event) as DomainEvent<never>, { ...job, db: tx });
            await tx
              .update(jobsTable)
              .set({ status: 'DONE', finishedAt: job.clock.now(), lockedUntil: null })
              .where(eq(jobsTable.id, job.jobId));
          });
        },
      });
    },
  };
}
