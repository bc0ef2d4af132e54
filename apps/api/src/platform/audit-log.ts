/** The audit log's reads (its rows are written by platform/audit.ts `recordAudit`): the platform owns the table. */
import { and, count, desc, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { auditLogs } from '../db/schema/audit.ts';

export type AuditLogRow = typeof auditLogs.$inferSelect;

export type AuditLogFilter = {
  action?: string | undefined;
  targetType?: string | undefined;
  targetId?: number | undefined;
  actorUserId?: number | undefined;
  clientId?: number | undefined;
  agencyId?: number | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  page: number;
  limit: number;
};

export async function listAuditLogRows(db: Db, filter: AuditLogFilter) {
  const where = and(
    filter.action ? eq(auditLogs.action, filter.action) : undefined,
    filter.targetType ? eq(auditLogs.targetType, filter.targetType) : undefined,
    filter.targetId !== undefined ? eq(auditLogs.targetId, filter.targetId) : undefined,
    filter.actorUserId !== undefined ? eq(auditLogs.actorUserId, filter.actorUserId) : undefined,
    filter.clientId !== undefined ? eq(auditLogs.clientId, filter.clientId) : undefined,
    filter.agencyId !== undefined ? eq(auditLogs.agencyId, filter.agencyId) : undefined,
    filter.from ? gte(auditLogs.createdAt, filter.from) : undefined,
    filter.to ? lt(auditLogs.createdAt, filter.to) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLogs)
      .where(where)
      .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    db.select({ n: count() }).from(auditLogs).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
