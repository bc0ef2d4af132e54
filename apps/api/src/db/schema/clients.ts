import { date, index, integer, pgEnum, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { contractStatuses, paymentStatuses } from '@app/contracts';
import { agencies } from './agencies.ts';

export const contractStatusEnum = pgEnum('contract_status', contractStatuses);
export const paymentStatusEnum = pgEnum('payment_status', paymentStatuses);

export const clients = pgTable(
  'clients',
  {
    id: serial('id').primaryKey(),
    agencyId: integer('agency_id').references(() => agencies.id),
    companyName: varchar('company_name', { length: 100 }).notNull(),
    companyNameKana: varchar('company_name_kana', { length: 100 }).notNull(),
    contractStatus: contractStatusEnum('contract_status').notNull().default('DRAFT'),
    /** Set when the contract first becomes ACTIVE (Asia/Tokyo day). */
    contractStartDate: date('contract_start_date'),
    /** Set when the contract is cancelled or disabled (Asia/Tokyo day). */
    contractEndDate: date('contract_end_date'),
    postalCode: varchar('postal_code', { length: 8 }).notNull(),
    prefecture: varchar('prefecture', { length: 20 }).notNull(),
    city: varchar('city', { length: 100 }).notNull(),
    addressOther: varchar('address_other', { length: 200 }).notNull(),
    building: varchar('building', { length: 200 }),
    /** Integer yen. */
    monthlyFee: integer('monthly_fee').notNull().default(0),
    paymentStatus: paymentStatusEnum('payment_status').notNull().default('PENDING'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('clients_agency_id_idx').on(t.agencyId)],
);

export const contactPersons = pgTable('contact_persons', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id')
    .notNull()
    .unique()
    .references(() => clients.id, { onDelete: 'cascade' }),
  firstName: varchar('first_name', { length: 15 }).notNull(),
  lastName: varchar('last_name', { length: 15 }).notNull(),
  firstNameKana: varchar('first_name_kana', { length: 15 }),
  lastNameKana: varchar('last_name_kana', { length: 15 }),
  email: varchar('email', { length: 254 }).notNull(),
  phoneNumber: varchar('phone_number', { length: 20 }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The days a client was ACTIVE: a row opens when the contract becomes ACTIVE and closes (endDate) when
 * it leaves ACTIVE. Agency commissions count a client in every month one of its periods touches.
 * Days are Asia/Tokyo calendar days; endDate is the last active day (inclusive), null while active.
 */
export const clientActivePeriods = pgTable(
  'client_active_periods',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    startDate: date('start_date').notNull(),
    endDate: date('end_date'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('client_active_periods_client_id_idx').on(t.clientId, t.startDate)],
);
