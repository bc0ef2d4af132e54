import {
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { storeStatuses } from '@app/contracts';
import { clients } from './clients.ts';
import { lineAccounts, lineAccountServices } from './line-accounts.ts';

export const storeStatusEnum = pgEnum('store_status', storeStatuses);

/**
 * A store (service account): created when a service is linked to a LINE account. The member service and
 * the shift service each have their own store for the account.
 */
export const stores = pgTable(
  'stores',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    lineAccountId: integer('line_account_id')
      .notNull()
      .references(() => lineAccounts.id),
    lineAccountServiceId: integer('line_account_service_id')
      .notNull()
      .references(() => lineAccountServices.id),
    serviceCode: varchar('service_code', { length: 16 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    status: storeStatusEnum('status').notNull().default('ACTIVE'),
    /** IANA zone of the store's wall-clock times (shift times are store-local). */
    timeZone: varchar('time_zone', { length: 64 }).notNull().default('Asia/Tokyo'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('stores_service_link_uq').on(t.lineAccountServiceId),
    index('stores_client_id_idx').on(t.clientId),
    index('stores_line_account_id_idx').on(t.lineAccountId),
  ],
);
