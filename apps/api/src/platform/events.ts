import { asc, eq, inArray, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { inTransaction } from '../db/client.ts';
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

/** A subscriber as registered: its name and the topics it takes (docs/architecture.md lists them). */
export type Subscription = { subscriber: string; topics: readonly DomainTopic[] };

export type EventSubscriptions = {
  /**
   * Register a handler under a stable name for some topics (at start-up, in <module>.jobs.ts). Each
   * event reaches every subscriber registered when it is fanned out exactly once, whatever the number
   * of runners; a failing handler is retried with backoff. Events recorded while nobody subscribes
   * wait for the first subscriber.
   */
  subscribe: <T extends DomainTopic>(
    subscriber: string,
    topics: readonly T[],
    handler: EventHandler<T>,
    options?: { maxAttempts?: number },
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
 * of its topic (dedupe key event.<subscriber>:<event id>) and stamps handledAt, in one transaction.
 * A delivery job runs its handler in a transaction that locks the job row and marks it DONE, so a
 * second runner or a re-run after a crash finds it DONE and does nothing.
 */
export function createEventSubscriptions(jobs: JobRunner): EventSubscriptions {
  const subscribers = new Map<string, readonly DomainTopic[]>();

  jobs.addFeeder(async ({ db, clock }) => {
    if (subscribers.size === 0) return; // nothing reads events yet: leave them for the first subscriber
    await inTransaction(db, async (tx) => {
      const due = await tx
        .select({ id: domainEvents.id, topic: domainEvents.topic })
        .from(domainEvents)
        .where(isNull(domainEvents.handledAt))
        .orderBy(asc(domainEvents.id))
        .limit(FAN_OUT_BATCH)
        .for('update', { skipLocked: true });
      if (due.length === 0) return;
      const now = clock.now();
      for (const event of due) {
        for (const [subscriber, topics] of subscribers) {
          if (!topics.includes(event.topic)) continue;
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
    subscriptions: () => [...subscribers].map(([subscriber, topics]) => ({ subscriber, topics })),
    subscribe: (subscriber, topics, handler, options = {}) => {
      if (subscribers.has(subscriber)) throw new Error(`Event subscriber ${subscriber} is registered twice`);
      subscribers.set(subscriber, topics);
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
