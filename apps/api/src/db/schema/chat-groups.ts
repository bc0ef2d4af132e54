import {
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { clients } from './clients.ts';
import { conversationStatusEnum, messageDeliveryEnum, messageSourceEnum } from './friends.ts';
import { lineAccounts } from './line-accounts.ts';

/** Owner: the friends module (the チャット inbox), decision 0052-groups-and-rooms. */

export const chatGroupKindEnum = pgEnum('chat_group_kind', ['group', 'room']);

/**
 * A LINE group or multi-person chat (room) the account is in: its own conversation of the チャット inbox
 * (last message, unread count, 要対応 / 対応済み), never a friend's. Written in the transaction of each of
 * its webhook events.
 */
export const chatGroups = pgTable(
  'chat_groups',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    lineAccountId: integer('line_account_id')
      .notNull()
      .references(() => lineAccounts.id),
    kind: chatGroupKindEnum('kind').notNull(),
    /** LINE's groupId or roomId. */
    lineGroupId: varchar('line_group_id', { length: 64 }).notNull(),
    /** The group's name and picture (LINE's group summary); a room has none. */
    name: varchar('name', { length: 100 }).notNull().default(''),
    pictureUrl: text('picture_url'),
    /** When the account joined (join) and left (leave: the account is no longer in it, nothing can be sent). */
    joinedAt: timestamp('joined_at', { withTimezone: true }),
    leftAt: timestamp('left_at', { withTimezone: true }),
    /** The inbox's line: LINE's time of the last message or membership change. */
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull(),
    lastMessageId: integer('last_message_id').notNull().default(0),
    lastMessagePreview: varchar('last_message_preview', { length: 120 }).notNull().default(''),
    lastMessageSource: messageSourceEnum('last_message_source').notNull().default('user'),
    unreadCount: integer('unread_count').notNull().default(0),
    status: conversationStatusEnum('status').notNull().default('NEEDS_REPLY'),
    /** The user of the client who answers this group (担当者), or nobody: as conversations.assignee_user_id. */
    assigneeUserId: integer('assignee_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_groups_account_line_group_uq').on(t.lineAccountId, t.lineGroupId),
    index('chat_groups_client_id_idx').on(t.clientId),
    // The inbox's groups, newest first by keyset (last_message_at, id).
    index('chat_groups_inbox_idx').on(
      t.lineAccountId,
      t.lastMessageAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The 要対応 / 未読 filters of the groups list, as conversations_needs_reply_idx / _unread_idx.
    index('chat_groups_needs_reply_idx')
      .on(t.lineAccountId, t.lastMessageAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`status = 'NEEDS_REPLY'`),
    index('chat_groups_unread_idx')
      .on(t.lineAccountId, t.lastMessageAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`unread_count > 0`),
    // 自分の担当 (assigned to me) of the groups list, as conversations_assignee_idx.
    index('chat_groups_assignee_idx')
      .on(t.lineAccountId, t.assigneeUserId, t.lastMessageAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`assignee_user_id is not null`),
    // The menu's unread total of a client counts groups and rooms too, from the index alone.
    index('chat_groups_client_unread_idx')
      .on(t.clientId, t.unreadCount)
      .where(sql`unread_count > 0`),
  ],
);

/**
 * A member of a group or room as the webhook told (memberJoined, memberLeft, or a message from them), with
 * the name LINE's group / room member profile gives. Not a friend: a member who does not follow the
 * account is never made one.
 */
export const chatGroupMembers = pgTable(
  'chat_group_members',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => chatGroups.id),
    lineUserId: varchar('line_user_id', { length: 64 }).notNull(),
    displayName: varchar('display_name', { length: 100 }).notNull().default(''),
    pictureUrl: text('picture_url'),
    joinedAt: timestamp('joined_at', { withTimezone: true }),
    leftAt: timestamp('left_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.lineUserId] })],
);

/** A message in a group or room: from a member (webhook, with the sender) or from the account (outbox). */
export const chatGroupMessages = pgTable(
  'chat_group_messages',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    lineAccountId: integer('line_account_id')
      .notNull()
      .references(() => lineAccounts.id),
    groupId: integer('group_id')
      .notNull()
      .references(() => chatGroups.id),
    /** The member who sent it (source user); null for the account's own. */
    senderLineUserId: varchar('sender_line_user_id', { length: 64 }),
    type: varchar('type', { length: 16 }).notNull().default('text'),
    contents: jsonb('contents').notNull(),
    source: messageSourceEnum('source').notNull(),
    delivery: messageDeliveryEnum('delivery').notNull(),
    retryKey: varchar('retry_key', { length: 36 }),
    lineMessageId: varchar('line_message_id', { length: 64 }),
    deliveryError: varchar('delivery_error', { length: 500 }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lineTimestamp: timestamp('line_timestamp', { withTimezone: true }),
    unsentAt: timestamp('unsent_at', { withTimezone: true }),
    /** As messages.reply_token (decision 0045): a member's message's token until an answer claims it. */
    replyToken: varchar('reply_token', { length: 255 }),
  },
  (t) => [
    index('chat_group_messages_group_time_idx').on(
      t.groupId,
      t.lineTimestamp.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('chat_group_messages_line_message_id_idx').on(t.lineAccountId, t.lineMessageId),
    index('chat_group_messages_client_id_idx').on(t.clientId),
  ],
);
