import type {
  DeliveryAudience,
  DeliveryMessage,
  MessageDeliveryStatus,
  SegmentConditions,
} from '@app/contracts';
import {
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';
import { lineAccounts } from './line-accounts.ts';
import { users } from './users.ts';

/** A saved segment: the friends page's search conditions with a name, reusable as a delivery's audience. */
export const savedSegments = pgTable(
  'saved_segments',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    lineAccountId: integer('line_account_id')
      .notNull()
      .references(() => lineAccounts.id),
    name: varchar('name', { length: 50 }).notNull(),
    conditions: jsonb('conditions').$type<SegmentConditions>().notNull(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('saved_segments_account_idx').on(t.lineAccountId)],
);

/**
 * A message delivery (メッセージ配信): up to 5 messages to an audience, now or at a time. While SENDING,
 * `cursor` is the last friend id read into a chunk: recipients are read in keyset pages (decision 0027).
 */
export const messageDeliveries = pgTable(
  'message_deliveries',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    lineAccountId: integer('line_account_id')
      .notNull()
      .references(() => lineAccounts.id),
    title: varchar('title', { length: 100 }).notNull(),
    status: varchar('status', { length: 16 }).$type<MessageDeliveryStatus>().notNull().default('DRAFT'),
    messages: jsonb('messages').$type<DeliveryMessage[]>().notNull(),
    audience: jsonb('audience').$type<DeliveryAudience>().notNull(),
    /** The segment's conditions as they were when sending started (a later edit changes nothing). */
    segmentConditions: jsonb('segment_conditions').$type<SegmentConditions>(),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    cursor: integer('cursor').notNull().default(0),
    targetCount: integer('target_count').notNull().default(0),
    sentCount: integer('sent_count').notNull().default(0),
    failedCount: integer('failed_count').notNull().default(0),
    failureReason: text('failure_reason'),
    createdBy: integer('created_by').references(() => users.id),
    sentBy: integer('sent_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('message_deliveries_account_idx').on(t.lineAccountId, t.id)],
);

/**
 * One LINE call of a delivery: a multicast of at most 500 friends (or the one broadcast), its retry key
 * stored before the call so that every retry repeats the same key (LINE sends it once).
 */
export const deliveryChunks = pgTable(
  'delivery_chunks',
  {
    id: serial('id').primaryKey(),
    deliveryId: integer('delivery_id')
      .notNull()
      .references(() => messageDeliveries.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    retryKey: uuid('retry_key').notNull(),
    /** LINE user ids of a multicast; null: the broadcast to every friend. */
    recipients: jsonb('recipients').$type<string[]>(),
    recipientCount: integer('recipient_count').notNull(),
    status: varchar('status', { length: 8 })
      .$type<'PENDING' | 'SENT' | 'FAILED'>()
      .notNull()
      .default('PENDING'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('delivery_chunks_delivery_seq_uq').on(t.deliveryId, t.seq),
    uniqueIndex('delivery_chunks_retry_key_uq').on(t.retryKey),
  ],
);
