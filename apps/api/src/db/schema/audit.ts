import { index, integer, jsonb, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { positionEnum, roleEnum } from './users.ts';

/**
 * Every change made in the master and agency areas (and account changes in the client area), written
 * in the same transaction as the change. Append-only. Deliberately without foreign keys: the history
 * outlives the users, clients and agencies it names (the actor's e-mail and role are copied).
 */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: serial('id').primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    actorUserId: integer('actor_user_id'),
    actorEmail: varchar('actor_email', { length: 254 }),
    actorRole: roleEnum('actor_role'),
    actorPosition: positionEnum('actor_position'),
    action: varchar('action', { length: 60 }).notNull(),
    targetType: varchar('target_type', { length: 30 }).notNull(),
    targetId: integer('target_id'),
    /** The tenant the change belongs to, for filtering. */
    clientId: integer('client_id'),
    agencyId: integer('agency_id'),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    requestId: varchar('request_id', { length: 100 }),
    ip: varchar('ip', { length: 64 }),
  },
  (t) => [
    index('audit_logs_created_at_idx').on(t.createdAt),
    index('audit_logs_target_idx').on(t.targetType, t.targetId),
    index('audit_logs_actor_user_id_idx').on(t.actorUserId),
    index('audit_logs_client_id_idx').on(t.clientId),
    index('audit_logs_agency_id_idx').on(t.agencyId),
  ],
);
