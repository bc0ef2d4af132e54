import { numeric, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';

export const agencies = pgTable('agencies', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
  postalCode: varchar('postal_code', { length: 8 }).notNull(),
  prefecture: varchar('prefecture', { length: 20 }).notNull(),
  city: varchar('city', { length: 100 }).notNull(),
  addressOther: varchar('address_other', { length: 200 }).notNull(),
  building: varchar('building', { length: 200 }),
  /** Percent of its clients' monthly fees the agency earns, e.g. 15.00. */
  marginRate: numeric('margin_rate', { precision: 5, scale: 2 }).notNull().default('0'),
  note: text('note'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
