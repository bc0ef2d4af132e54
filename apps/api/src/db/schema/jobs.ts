import {
  bigint,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { domainTopics, notificationTopics } from '@app/contracts';
import { clients } from './clients.ts';

export const jobStatusEnum = pgEnum('job_status', ['PENDING', 'RUNNING', 'DONE', 'DEAD']);

/**
 * Durable jobs (platform/jobs.ts): enqueued in the transaction of the change that needs them, claimed with
 * FOR UPDATE SKIP LOCKED under a lease, retried with backoff. Safe with several API processes.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    queue: varchar('queue', { length: 64 }).notNull(),
    payload: jsonb('payload').notNull(),
    status: jobStatusEnum('status').notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(10),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    /** Enqueueing twice with one key makes one job (e.g. one reminder per period). */
    dedupeKey: varchar('dedupe_key', { length: 200 }).unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('jobs_due_idx').on(t.status, t.runAt)],
);

export const notificationTopicEnum = pgEnum('notification_topic', notificationTopics);
/** The notification topics and those only modules react to (FRIEND_TAGGED). */
export const domainTopicEnum = pgEnum('domain_topic', domainTopics);

/** Domain events for the notifications work (SPEC.md 4 topics), recorded in the transaction of their cause. */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: serial('id').primaryKey(),
    topic: domainTopicEnum('topic').notNull(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    lineAccountId: integer('line_account_id'),
    storeId: integer('store_id'),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when platform/events.ts has fanned the event out to its subscribers' delivery jobs. */
    handledAt: timestamp('handled_at', { withTimezone: true }),
  },
  (t) => [
    index('domain_events_client_topic_idx').on(t.clientId, t.topic),
    index('domain_events_unhandled_idx').on(t.handledAt),
  ],
);

/**
 * LINE's push limit per channel, shared by every process that pushes (platform/line/push-pace.ts): the
 * pushes granted in each second of the database's clock, a block at a time. Rows older than an hour are
 * housekeeping's.
 */
export const linePushSeconds = pgTable(
  'line_push_seconds',
  {
    channelId: varchar('channel_id', { length: 64 }).notNull(),
    /** Seconds since the epoch, by the database's clock (one clock for every process). */
    second: bigint('second', { mode: 'number' }).notNull(),
    used: integer('used').notNull(),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.second] })],
);
