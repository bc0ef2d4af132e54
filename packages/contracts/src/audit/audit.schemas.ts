import { z } from 'zod';
import { dateStringSchema } from '../common/dates.ts';
import { positionSchema, roleSchema } from '../common/enums.ts';
import { idSchema } from '../common/ids.ts';
import { paginationQuerySchema } from '../common/pagination.ts';
import { idQuerySchema } from '../users/users.schemas.ts';

/** What the audit log records; `action` is `<targetType>.<verb>`. */
export const auditActions = [
  'user.create',
  'user.update',
  'user.delete',
  'user.email.change',
  'user.email.change.cancel',
  'user.password.change',
  'agency.create',
  'agency.update',
  'client.create',
  'client.signup',
  'client.update',
  'client.contract-status',
  'client.disable',
  'client.cancel',
  'announcement.create',
  'announcement.update',
  'announcement.delete',
] as const;
export type AuditAction = (typeof auditActions)[number];

export const auditTargetTypes = ['user', 'agency', 'client', 'announcement'] as const;
export type AuditTargetType = (typeof auditTargetTypes)[number];

export const auditMessages = {
  action: `Action must be one of ${auditActions.join(', ')}`,
  targetType: `Target type must be one of ${auditTargetTypes.join(', ')}`,
} as const;

/** One change: who (kept even after the user is deleted), when, what, on what, before and after. */
export const auditLogSchema = z.object({
  id: idSchema,
  createdAt: z.string(),
  actor: z
    .object({
      userId: idSchema,
      email: z.string(),
      role: roleSchema,
      position: positionSchema,
    })
    .nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: idSchema.nullable(),
  /** The target's name when it is a client (company name), an agency or a user (姓 名); else null. */
  targetName: z.string().nullable(),
  clientId: idSchema.nullable(),
  agencyId: idSchema.nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  requestId: z.string().nullable(),
  ip: z.string().nullable(),
});
export type AuditLog = z.infer<typeof auditLogSchema>;

/** GET /audit-logs: newest first, paged (default limit 100); `from` inclusive, `to` exclusive. */
export const listAuditLogsQuerySchema = paginationQuerySchema().extend({
  action: z.enum(auditActions, { error: auditMessages.action }).optional(),
  targetType: z.enum(auditTargetTypes, { error: auditMessages.targetType }).optional(),
  targetId: idQuerySchema.optional(),
  actorUserId: idQuerySchema.optional(),
  clientId: idQuerySchema.optional(),
  agencyId: idQuerySchema.optional(),
  from: dateStringSchema.optional(),
  to: dateStringSchema.optional(),
});
export type ListAuditLogsQuery = z.input<typeof listAuditLogsQuerySchema>;
