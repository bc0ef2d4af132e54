import { integer, jsonb, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { lineAccounts } from './line-accounts.ts';

/** Webhook events received from LINE, de-duplicated by webhookEventId and processed by a job. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: serial('id').primaryKey(),
    lineAccountId: integer('line_account_id')
      .notNull()
      .references(() => lineAccounts.id),
    webhookEventId: varchar('webhook_event_id', { length: 64 }).notNull(),
    type: varchar('type', { length: 32 }).notNull(),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('webhook_events_account_event_uq').on(t.lineAccountId, t.webhookEventId)],
);
