import {
  boolean,
  index,
  primaryKey,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { clients } from './clients.ts';
import { lineAccounts } from './line-accounts.ts';

/** A LINE user who followed a LINE account (友だち). isFriend false: blocked (unfollowed). */
export const friends = pgTable(
  'friends',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    lineAccountId: integer('line_account_id')
      .notNull()
      .references(() => lineAccounts.id),
    lineUserId: varchar('line_user_id', { length: 64 }).notNull(),
    displayName: varchar('display_name', { length: 100 }).notNull().default(''),
    pictureUrl: text('picture_url'),
    statusMessage: text('status_message'),
    language: varchar('language', { length: 16 }),
    isFriend: boolean('is_friend').notNull().default(true),
    managerNotes: text('manager_notes'),
    followedAt: timestamp('followed_at', { withTimezone: true }),
    unfollowedAt: timestamp('unfollowed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('friends_account_user_uq').on(t.lineAccountId, t.lineUserId),
    index('friends_client_id_idx').on(t.clientId),
    // The friends list (client and account, newest first, a page at a time) and its count (index only).
    index('friends_account_created_idx').on(
      t.clientId,
      t.lineAccountId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // Friend search (display name contains): trigrams (pg_trgm, created by the same migration).
    index('friends_display_name_trgm_idx').using('gin', t.displayName.op('gin_trgm_ops')),
  ],
);

/**
 * How many friends a LINE account has, by isFriend and whether they ever followed: the friends list's
 * totalItems without counting every row. Kept by statement triggers on friends (migration list_counts,
 * keyed by has_followed since friend_counts_blocked), so every writer keeps it right.
 */
export const friendCounts = pgTable(
  'friend_counts',
  {
    lineAccountId: integer('line_account_id')
      .notNull()
      .references(() => lineAccounts.id),
    isFriend: boolean('is_friend').notNull(),
    /**
     * followed_at is set: the user followed at some time. isFriend false with it is ブロック (followed, then
     * blocked); without it, a user who only wrote and never followed (未追加), not a block.
     */
    hasFollowed: boolean('has_followed').notNull().default(true),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.lineAccountId, t.isFriend, t.hasFollowed] })],
);

/** Where a media message's content is (messages.media). */
export type MessageMedia =
  /** waiting for the fetch job */
  | { status: 'PENDING' }
  /** a video or audio LINE is still preparing (transcoding): the fetch job asks again */
  | { status: 'PREPARING' }
  /** in the file storage: keys of the content and of LINE's preview (images and videos) */
  | {
      status: 'STORED';
      fileKey: string;
      previewKey: string | null;
      previewContentType?: string | null;
      contentType: string;
      size: number;
    }
  /** contentProvider external: the sender's own URLs (LINE holds no copy) */
  | { status: 'EXTERNAL'; originalUrl: string; previewUrl: string | null }
  /** LINE no longer has it (404/410): its keeping period was over before we fetched it */
  | { status: 'EXPIRED' }
  /** every try failed: LINE's reason */
  | { status: 'FAILED'; error: string }
  /** an image sent from the chat: a delivery image upload (public at /line-media/<key>) */
  | { status: 'UPLOAD'; imageKey: string };

export const messageSourceEnum = pgEnum('message_source', ['user', 'system']);
export const messageDeliveryEnum = pgEnum('message_delivery', ['RECEIVED', 'QUEUED', 'SENT', 'FAILED']);

/** A message in a one-to-one chat: from the user (webhook) or from the system (sent through the outbox). */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    lineAccountId: integer('line_account_id')
      .notNull()
      .references(() => lineAccounts.id),
    friendId: integer('friend_id')
      .notNull()
      .references(() => friends.id),
    type: varchar('type', { length: 16 }).notNull().default('text'),
    contents: jsonb('contents').notNull(),
    source: messageSourceEnum('source').notNull(),
    delivery: messageDeliveryEnum('delivery').notNull(),
    /** X-Line-Retry-Key of an outgoing message: LINE sends one key once, however often we retry. */
    retryKey: varchar('retry_key', { length: 36 }),
    lineMessageId: varchar('line_message_id', { length: 64 }),
    /** Why LINE refused an outgoing message (delivery FAILED), or the last retryable error. */
    deliveryError: varchar('delivery_error', { length: 500 }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When LINE says the message was sent (the webhook event's timestamp); the chat is in this order
     * (an outgoing message: its createdAt), whatever order the webhook jobs ran in.
     */
    lineTimestamp: timestamp('line_timestamp', { withTimezone: true }),
    /** The user took the message back (LINE's unsend event): shown as 送信が取り消されました, contents dropped. */
    unsentAt: timestamp('unsent_at', { withTimezone: true }),
    /**
     * The webhook event's reply token (a message from the user) until an answer from the chat claims it;
     * on the answer, the token it is sent with (free) instead of a push (decision 0045).
     */
    replyToken: varchar('reply_token', { length: 255 }),
    /**
     * An image, video, audio or file: where its content is (LINE's content fetched once into the file
     * storage by the friends.fetch-content job, or the external provider's URLs), or why it is not
     * (expired at LINE, failed); an outgoing image: its upload (decision 0055-chat-media).
     */
    media: jsonb('media').$type<MessageMedia>(),
  },
  (t) => [
    index('messages_friend_id_idx').on(t.friendId, t.id),
    // The chat in LINE's order, newest first, a page at a time.
    index('messages_friend_time_idx').on(
      t.friendId,
      t.lineTimestamp.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The unsend event names LINE's message id.
    index('messages_line_message_id_idx').on(t.lineAccountId, t.lineMessageId),
    index('messages_line_account_id_idx').on(t.lineAccountId),
    // the chat's images that name an upload (the sweep of unused uploads asks, decision 0055)
    index('messages_image_key_idx')
      .on(sql`(${t.contents}->>'imageKey')`)
      .where(sql`(${t.contents}->>'imageKey') is not null`),
    index('messages_client_id_idx').on(t.clientId),
  ],
);

export const conversationStatusEnum = pgEnum('conversation_status', ['NEEDS_REPLY', 'DONE']);

/**
 * One conversation of the チャット inbox per friend who has a message (in or out): what the inbox lists
 * without reading the messages (last message, unread count), and its handling (要対応 / 対応済み, who
 * answers). Written in the transaction that writes the message.
 */
export const conversations = pgTable(
  'conversations',
  {
    friendId: integer('friend_id')
      .primaryKey()
      .references(() => friends.id),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    lineAccountId: integer('line_account_id')
      .notNull()
      .references(() => lineAccounts.id),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull(),
    lastMessageId: integer('last_message_id').notNull(),
    /** The last message's text or kind (a short line for the list). */
    lastMessagePreview: varchar('last_message_preview', { length: 120 }).notNull().default(''),
    lastMessageSource: messageSourceEnum('last_message_source').notNull(),
    /** Messages from the friend since the conversation was last opened. */
    unreadCount: integer('unread_count').notNull().default(0),
    status: conversationStatusEnum('status').notNull().default('NEEDS_REPLY'),
    /** The user of the client who answers this conversation (担当者), or nobody. */
    assigneeUserId: integer('assignee_user_id'),
    /**
     * The markAsReadToken of the newest message from the friend (LINE's time) not yet marked read at LINE;
     * taken (set null) in the transaction that queues the mark-as-read job (decision 0061-mark-as-read).
     */
    markAsReadToken: varchar('mark_as_read_token', { length: 255 }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The inbox page, newest first by keyset (last_message_at, friend_id), and its filters.
    index('conversations_inbox_idx').on(
      t.lineAccountId,
      t.lastMessageAt.desc().nullsFirst(),
      t.friendId.desc().nullsFirst(),
    ),
    index('conversations_needs_reply_idx')
      .on(t.lineAccountId, t.lastMessageAt.desc().nullsFirst(), t.friendId.desc().nullsFirst())
      .where(sql`status = 'NEEDS_REPLY'`),
    index('conversations_unread_idx')
      .on(t.lineAccountId, t.lastMessageAt.desc().nullsFirst(), t.friendId.desc().nullsFirst())
      .where(sql`unread_count > 0`),
    index('conversations_assignee_idx').on(
      t.lineAccountId,
      t.assigneeUserId,
      t.lastMessageAt.desc().nullsFirst(),
      t.friendId.desc().nullsFirst(),
    ),
    // The menu's unread total of a client, from the index alone.
    index('conversations_client_unread_idx')
      .on(t.clientId, t.unreadCount)
      .where(sql`unread_count > 0`),
  ],
);

/** A folder of tags (タグのフォルダ) of a LINE account: only for putting tags in order. */
export const tagFolders = pgTable(
  'tag_folders',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    lineAccountId: integer('line_account_id')
      .notNull()
      .references(() => lineAccounts.id),
    name: varchar('name', { length: 50 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tag_folders_account_name_uq').on(t.lineAccountId, t.name),
    index('tag_folders_client_id_idx').on(t.clientId),
  ],
);

/** A tag (タグ) of a LINE account, put on friends by hand or by automation; in a folder or none. */
export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    lineAccountId: integer('line_account_id')
      .notNull()
      .references(() => lineAccounts.id),
    folderId: integer('folder_id').references(() => tagFolders.id, { onDelete: 'set null' }),
    name: varchar('name', { length: 50 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tags_account_name_uq').on(t.lineAccountId, t.name),
    index('tags_client_id_idx').on(t.clientId),
    index('tags_folder_id_idx').on(t.folderId),
  ],
);

/**
 * A tag on a friend. Both belong to the same LINE account (the friends services check it). The primary
 * key makes adding a tag twice a no-op; (tag, friend) serves the segment search's "has tag" sets and counts.
 */
export const friendTags = pgTable(
  'friend_tags',
  {
    friendId: integer('friend_id')
      .notNull()
      .references(() => friends.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.friendId, t.tagId] }),
    index('friend_tags_tag_friend_idx').on(t.tagId, t.friendId),
  ],
);
