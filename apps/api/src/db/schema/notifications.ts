import type { NotificationTopic } from '@app/contracts';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';
import { friends } from './friends.ts';
import { notificationTopicEnum } from './jobs.ts';
import { lineAccounts } from './line-accounts.ts';

/** A LINE account's template of one topic; no row: the default text, template and topic on. */
export const notificationTemplates = pgTable(
  'notification_templates',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    lineAccountId: integer('line_account_id')
      .notNull()
      .references(() => lineAccounts.id),
    topic: notificationTopicEnum('topic').notNull(),
    /** null: the default template of the topic. */
    content: text('content'),
    isEnable: boolean('is_enable').notNull().default(true),
    topicEnable: boolean('topic_enable').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('notification_templates_account_topic_uq').on(t.lineAccountId, t.topic)],
);

/** A notification group (SPEC.md's message setting): recipients and the topics they hear of. */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    lineAccountId: integer('line_account_id')
      .notNull()
      .references(() => lineAccounts.id),
    label: varchar('label', { length: 50 }).notNull(),
    topics: jsonb('topics').$type<NotificationTopic[]>().notNull(),
    /**
     * The last domain event recorded when the group was made: older events (a backlog waiting for the
     * notifications subscriber) never reach the group (docs/decisions/0015).
     */
    fromEventId: integer('from_event_id').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notification_settings_account_idx').on(t.clientId, t.lineAccountId)],
);

export const notificationSettingFriends = pgTable(
  'notification_setting_friends',
  {
    settingId: integer('setting_id')
      .notNull()
      .references(() => notificationSettings.id, { onDelete: 'cascade' }),
    friendId: integer('friend_id')
      .notNull()
      .references(() => friends.id),
  },
  (t) => [primaryKey({ columns: [t.settingId, t.friendId] })],
);

/**
 * One notice to one recipient: the delivery log and the outbox of notification pushes. Rows of one
 * LINE call share a retryKey (X-Line-Retry-Key); (eventId, friendId) is unique, so an event never
 * reaches a recipient twice.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    lineAccountId: integer('line_account_id')
      .notNull()
      .references(() => lineAccounts.id),
    eventId: integer('event_id').notNull(),
    topic: notificationTopicEnum('topic').notNull(),
    friendId: integer('friend_id')
      .notNull()
      .references(() => friends.id),
    /** QUEUED, SENT, FAILED (LINE refused or gave up) or SKIPPED (the recipient blocked the account). */
    status: varchar('status', { length: 16 }).notNull(),
    text: text('text').notNull(),
    error: text('error'),
    retryKey: varchar('retry_key', { length: 36 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notification_deliveries_event_friend_uq').on(t.eventId, t.friendId),
    index('notification_deliveries_account_idx').on(t.clientId, t.lineAccountId, t.id),
    index('notification_deliveries_retry_key_idx').on(t.retryKey),
  ],
);
