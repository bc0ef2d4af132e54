import { announcementTypes } from '@app/contracts';
import {
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const announcementTypeEnum = pgEnum('announcement_type', announcementTypes);

/**
 * Platform announcements from the master operator. No status column: the status is derived from
 * publishAt and archiveAt against the clock at read time, so it changes on time by itself.
 */
export const announcements = pgTable(
  'announcements',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 200 }).notNull(),
    content: text('content').notNull(),
    type: announcementTypeEnum('type').notNull(),
    publishAt: timestamp('publish_at', { withTimezone: true }),
    archiveAt: timestamp('archive_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('announcements_publish_at_idx').on(t.publishAt)],
);

/** Which back-office user has opened which announcement. */
export const announcementReads = pgTable(
  'announcement_reads',
  {
    announcementId: integer('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.announcementId, t.userId] }),
    index('announcement_reads_user_id_idx').on(t.userId),
  ],
);
