import { index, integer, pgEnum, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';

export const mailStatusEnum = pgEnum('mail_status', ['PENDING', 'SENT', 'FAILED', 'STORED']);

/**
 * Outgoing mail. Written in the same transaction as the change that sends it, so a crash loses none:
 * with SMTP a worker delivers PENDING rows; without SMTP rows are STORED and read on the dev mailbox page.
 */
export const mails = pgTable(
  'mails',
  {
    id: serial('id').primaryKey(),
    to: varchar('to', { length: 254 }).notNull(),
    subject: varchar('subject', { length: 300 }).notNull(),
    text: text('text').notNull(),
    html: text('html'),
    status: mailStatusEnum('status').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mails_status_next_idx').on(t.status, t.nextAttemptAt), index('mails_to_idx').on(t.to)],
);
