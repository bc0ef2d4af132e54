import type { AutomationAction, DeliveryMessage, Keyword, TimeWindow } from '@app/contracts';
import {
  boolean,
  integer,
  jsonb,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
  index,
  varchar,
} from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';
import { friends } from './friends.ts';
import { lineAccounts } from './line-accounts.ts';

/** あいさつメッセージ of a LINE account (automation module): one row per account, once set. */
export const greetings = pgTable(
  'greetings',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    lineAccountId: integer('line_account_id')
      .notNull()
      .references(() => lineAccounts.id),
    newFriendMessages: jsonb('new_friend_messages').$type<DeliveryMessage[]>().notNull(),
    unblockMessages: jsonb('unblock_messages').$type<DeliveryMessage[]>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('greetings_account_uq').on(t.lineAccountId),
    index('greetings_client_id_idx').on(t.clientId),
  ],
);

const accountColumns = () => ({
  id: serial('id').primaryKey(),
  clientId: integer('client_id')
    .notNull()
    .references(() => clients.id),
  lineAccountId: integer('line_account_id')
    .notNull()
    .references(() => lineAccounts.id),
});

/** 応答メッセージ: keyword rules of an account, tried by position (decision 0036). */
export const keywordRules = pgTable(
  'keyword_rules',
  {
    ...accountColumns(),
    position: integer('position').notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    keywords: jsonb('keywords').$type<Keyword[]>().notNull(),
    timeWindow: jsonb('time_window').$type<TimeWindow | null>(),
    days: jsonb('days').$type<number[]>().notNull(),
    outOfHours: boolean('out_of_hours').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    messages: jsonb('messages').$type<DeliveryMessage[]>().notNull(),
    actions: jsonb('actions').$type<AutomationAction[]>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('keyword_rules_account_idx').on(t.lineAccountId, t.position),
    index('keyword_rules_client_id_idx').on(t.clientId),
  ],
);

/** The reply for a message no rule matches: one row per account, once set. */
export const keywordFallbacks = pgTable(
  'keyword_fallbacks',
  {
    ...accountColumns(),
    enabled: boolean('enabled').notNull().default(false),
    messages: jsonb('messages').$type<DeliveryMessage[]>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('keyword_fallbacks_account_uq').on(t.lineAccountId),
    index('keyword_fallbacks_client_id_idx').on(t.clientId),
  ],
);

/** What a rich menu area's postback (`automation:postback:<id>`) does: a reply and actions. */
export const postbackActions = pgTable(
  'postback_actions',
  {
    ...accountColumns(),
    name: varchar('name', { length: 50 }).notNull(),
    messages: jsonb('messages').$type<DeliveryMessage[]>().notNull(),
    actions: jsonb('actions').$type<AutomationAction[]>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('postback_actions_account_idx').on(t.lineAccountId),
    index('postback_actions_client_id_idx').on(t.clientId),
  ],
);

/** Every automated send: a free reply (REPLY) or a push counted against the quota (PUSH). */
export const automationSends = pgTable(
  'automation_sends',
  {
    ...accountColumns(),
    friendId: integer('friend_id')
      .notNull()
      .references(() => friends.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16 }).$type<'GREETING' | 'KEYWORD' | 'FALLBACK' | 'POSTBACK'>().notNull(),
    sourceName: varchar('source_name', { length: 100 }).notNull(),
    friendName: varchar('friend_name', { length: 100 }).notNull(),
    via: varchar('via', { length: 8 }).$type<'REPLY' | 'PUSH'>().notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('automation_sends_account_idx').on(t.lineAccountId, t.sentAt),
    index('automation_sends_client_id_idx').on(t.clientId),
    index('automation_sends_friend_id_idx').on(t.friendId),
  ],
);
