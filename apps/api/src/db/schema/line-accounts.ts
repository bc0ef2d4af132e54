import {
  boolean,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { linkStatuses, operationScopes, type MarkAsReadTiming } from '@app/contracts';
import { clients } from './clients.ts';

export const operationScopeEnum = pgEnum('operation_scope', operationScopes);
export const activeStatusEnum = pgEnum('active_status', linkStatuses);

/**
 * A LINE official account connected by a client: its Messaging API channel and LINE Login channel.
 * Channel secrets are stored encrypted (platform/secret-box.ts) and never returned by the API.
 */
export const lineAccounts = pgTable(
  'line_accounts',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    /** Messaging API channel id. */
    channelId: varchar('channel_id', { length: 32 }).notNull(),
    channelSecretEncrypted: text('channel_secret_encrypted').notNull(),
    loginChannelId: varchar('login_channel_id', { length: 32 }),
    loginChannelSecretEncrypted: text('login_channel_secret_encrypted'),
    operationScope: operationScopeEnum('operation_scope').notNull().default('BACK_OFFICE'),
    displayName: varchar('display_name', { length: 100 }).notNull().default(''),
    basicId: varchar('basic_id', { length: 32 }),
    premiumId: varchar('premium_id', { length: 32 }),
    /** The bot's LINE user id (webhook `destination`). */
    botId: varchar('bot_id', { length: 64 }),
    pictureUrl: text('picture_url'),
    friendUrl: text('friend_url'),
    qrCodeUrl: text('qr_code_url'),
    chatMode: varchar('chat_mode', { length: 8 }),
    markAsReadMode: varchar('mark_as_read_mode', { length: 8 }),
    /**
     * 既読をつけるタイミング (AUTO | OPEN | ANSWER): whether the チャット inbox calls LINE's mark-as-read when the
     * store opens or answers a conversation (decision 0061-mark-as-read).
     */
    markAsReadTiming: varchar('mark_as_read_timing', { length: 8 })
      .$type<MarkAsReadTiming>()
      .notNull()
      .default('AUTO'),
    mainColor: varchar('main_color', { length: 7 }).notNull().default('#1C7F09'),
    title: varchar('title', { length: 100 }),
    logoUrl: text('logo_url'),
    faviconUrl: text('favicon_url'),
    webhookUrl: text('webhook_url'),
    webhookStatus: boolean('webhook_status').notNull().default(false),
    status: activeStatusEnum('status').notNull().default('ACTIVE'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('line_accounts_client_id_idx').on(t.clientId),
    // One LINE channel belongs to one product account: its webhooks name exactly one client.
    uniqueIndex('line_accounts_channel_id_uq').on(t.channelId),
  ],
);
