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
import { activeStatusEnum, lineAccounts } from './line-accounts.ts';

/** A service (KS-001 member, KS-002 shift) linked to a LINE account, with its LIFF app. */
export const lineAccountServices = pgTable(
  'line_account_services',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    lineAccountId: integer('line_account_id')
      .notNull()
      .references(() => lineAccounts.id),
    serviceCode: varchar('service_code', { length: 16 }).notNull(),
    liffId: varchar('liff_id', { length: 64 }),
    status: activeStatusEnum('status').notNull().default('ACTIVE'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('line_account_services_account_code_uq').on(t.lineAccountId, t.serviceCode),
    index('line_account_services_client_id_idx').on(t.clientId),
  ],
);

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
