import { index, integer, pgEnum, pgTable, serial, timestamp, varchar, text } from 'drizzle-orm/pg-core';
import { positions, roles } from '@app/contracts';
import { agencies } from './agencies.ts';
import { clients } from './clients.ts';

export const roleEnum = pgEnum('role', roles);
export const positionEnum = pgEnum('position', positions);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Always lower-case (the contracts lower-case it); unique across the platform. */
    email: varchar('email', { length: 254 }).notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    role: roleEnum('role').notNull(),
    position: positionEnum('position').notNull(),
    firstName: varchar('first_name', { length: 15 }).notNull(),
    lastName: varchar('last_name', { length: 15 }).notNull(),
    firstNameKana: varchar('first_name_kana', { length: 15 }),
    lastNameKana: varchar('last_name_kana', { length: 15 }),
    phoneNumber: varchar('phone_number', { length: 20 }),
    clientId: integer('client_id').references(() => clients.id),
    agencyId: integer('agency_id').references(() => agencies.id),
    /** The platform has one operator; masterId groups master users should it ever have more. */
    masterId: integer('master_id'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** A requested new address; it replaces email only when the link mailed to it is opened. */
    pendingEmail: varchar('pending_email', { length: 254 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('users_client_id_idx').on(t.clientId), index('users_agency_id_idx').on(t.agencyId)],
);
