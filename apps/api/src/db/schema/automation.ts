import type { DeliveryMessage } from '@app/contracts';
import { integer, jsonb, pgTable, serial, timestamp, uniqueIndex, index } from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';
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
