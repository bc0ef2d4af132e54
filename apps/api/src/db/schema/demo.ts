import { integer, pgTable, timestamp } from 'drizzle-orm/pg-core';

/**
 * The demo world's marker (`npm start`): one row, written in the last step of seedDemoWorld, naming the
 * version of the demo it completed. A restart that finds the current version skips the demo's steps; a
 * start interrupted mid-seed finds none and runs the (idempotent) steps again, which finish the world.
 */
export const demoWorld = pgTable('demo_world', {
  id: integer('id').primaryKey(),
  version: integer('version').notNull(),
  completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
});
