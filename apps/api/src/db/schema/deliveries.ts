import type {
  DeliveryAudience,
  DeliveryMessage,
  MessageDeliveryStatus,
  SegmentConditions,
} from '@app/contracts';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
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
    /** "Send up to the remaining quota": at most this many recipients, the first by friend id (null: all). */
    recipientLimit: integer('recipient_limit'),
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
    /**
     * A personalised delivery's chunk (the friend-name placeholder, decision 0040): each recipient's name as
     * it was read, so every retry pushes the same text with the same key; null: one multicast.
     */
    recipientNames: jsonb('recipient_names').$type<string[]>(),
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

/**
 * A link of a delivery: every `uri` of its LINE messages (text URLs, Flex, imagemap and template actions)
 * goes out as `${APP_URL}/r/<token>`, a 302 to `url` that counts the tap (decision 0035-click-tracking).
 * The token is random (96 bits): it says nothing of the account, the delivery or the friend.
 */
export const deliveryLinks = pgTable(
  'delivery_links',
  {
    id: serial('id').primaryKey(),
    deliveryId: integer('delivery_id')
      .notNull()
      .references(() => messageDeliveries.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    token: varchar('token', { length: 24 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('delivery_links_token_uq').on(t.token),
    uniqueIndex('delivery_links_delivery_url_uq').on(t.deliveryId, t.url),
  ],
);

/**
 * A friend's own part of a delivery's links (`/r/<link token>.<recipient token>`), made for the pushes
 * that go to one friend (a test send to "me"): the tap then names the friend. Random, like the link's.
 */
export const deliveryRecipientTokens = pgTable(
  'delivery_recipient_tokens',
  {
    token: varchar('token', { length: 24 }).primaryKey(),
    deliveryId: integer('delivery_id')
      .notNull()
      .references(() => messageDeliveries.id, { onDelete: 'cascade' }),
    friendId: integer('friend_id').notNull(),
    /** A test send's: its taps lead on but are not counted in the delivery's clicks. */
    isTest: boolean('is_test').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('delivery_recipient_tokens_delivery_idx').on(t.deliveryId, t.friendId)],
);

/** A tap on a delivery's link: friendId when the link named the friend, counted once per friend and link. */
export const deliveryClicks = pgTable(
  'delivery_clicks',
  {
    id: serial('id').primaryKey(),
    linkId: integer('link_id')
      .notNull()
      .references(() => deliveryLinks.id, { onDelete: 'cascade' }),
    deliveryId: integer('delivery_id').notNull(),
    friendId: integer('friend_id'),
    clickedAt: timestamp('clicked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('delivery_clicks_delivery_idx').on(t.deliveryId),
    // NULLs are distinct: anonymous taps all count, a named friend once per link.
    uniqueIndex('delivery_clicks_link_friend_uq').on(t.linkId, t.friendId),
  ],
);

/**
 * The click report's roll-up (decision 0058), kept by a statement trigger on delivery_clicks (migration
 * report_rollups) in the click's own transaction. Per link, in 8 shards (the click's id mod 8) so that the
 * redirect's clicks on one link do not queue on one row: clicks, named clicks (a friend counts once per
 * link, so these are the link's distinct friends) and the friends whose first click of the delivery this
 * was (their sum is the delivery's distinct friends).
 */
export const deliveryLinkClickCounts = pgTable(
  'delivery_link_click_counts',
  {
    linkId: integer('link_id')
      .notNull()
      .references(() => deliveryLinks.id, { onDelete: 'cascade' }),
    shard: smallint('shard').notNull(),
    deliveryId: integer('delivery_id').notNull(),
    clicks: integer('clicks').notNull().default(0),
    friends: integer('friends').notNull().default(0),
    deliveryFriends: integer('delivery_friends').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.linkId, t.shard] }),
    index('delivery_link_click_counts_delivery_idx').on(t.deliveryId),
  ],
);

/** Each named friend who clicked a delivery: how many of its links, and when last (the report's list). */
export const deliveryClickFriends = pgTable(
  'delivery_click_friends',
  {
    deliveryId: integer('delivery_id')
      .notNull()
      .references(() => messageDeliveries.id, { onDelete: 'cascade' }),
    friendId: integer('friend_id').notNull(),
    links: integer('links').notNull(),
    lastClickedAt: timestamp('last_clicked_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.deliveryId, t.friendId] }),
    index('delivery_click_friends_last_idx').on(t.deliveryId, t.lastClickedAt.desc(), t.friendId),
  ],
);

/**
 * A link of a scenario step's messages (decision 0060): tracked through the same redirect as a delivery's
 * (`/r/<token>.<recipient token>`). The deliveries module owns tracked links; `stepId` is automation's
 * step, named by id only (automation depends on deliveries, not the other way round).
 */
export const stepLinks = pgTable(
  'step_links',
  {
    id: serial('id').primaryKey(),
    stepId: integer('step_id').notNull(),
    url: text('url').notNull(),
    token: varchar('token', { length: 24 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('step_links_token_uq').on(t.token),
    uniqueIndex('step_links_step_url_uq').on(t.stepId, t.url),
  ],
);

/** A friend's own part of a step's links: random, stored with the step's send before the push. */
export const stepRecipientTokens = pgTable(
  'step_recipient_tokens',
  {
    token: varchar('token', { length: 24 }).primaryKey(),
    stepId: integer('step_id').notNull(),
    friendId: integer('friend_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('step_recipient_tokens_step_idx').on(t.stepId, t.friendId)],
);

/** A tap on a step's link: friendId when the link named the friend, counted once per friend and link. */
export const stepClicks = pgTable(
  'step_clicks',
  {
    id: serial('id').primaryKey(),
    linkId: integer('link_id')
      .notNull()
      .references(() => stepLinks.id, { onDelete: 'cascade' }),
    stepId: integer('step_id').notNull(),
    friendId: integer('friend_id'),
    clickedAt: timestamp('clicked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('step_clicks_step_idx').on(t.stepId),
    uniqueIndex('step_clicks_link_friend_uq').on(t.linkId, t.friendId),
  ],
);

/** The friend a user has linked as their own LINE ("me") on an account: where test sends go. */
export const deliveryTestRecipients = pgTable(
  'delivery_test_recipients',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lineAccountId: integer('line_account_id')
      .notNull()
      .references(() => lineAccounts.id),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    friendId: integer('friend_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.lineAccountId] })],
);

/** A template (定型文): named messages of an account, inserted into a delivery, a greeting or a chat reply. */
export const messageTemplates = pgTable(
  'message_templates',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    lineAccountId: integer('line_account_id')
      .notNull()
      .references(() => lineAccounts.id),
    name: varchar('name', { length: 50 }).notNull(),
    folder: varchar('folder', { length: 30 }),
    messages: jsonb('messages').$type<DeliveryMessage[]>().notNull(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('message_templates_account_idx').on(t.lineAccountId, t.folder, t.name)],
);
