import { paginationInfo, type AuditLog, type listAuditLogsQuerySchema } from '@app/contracts';
import type { z } from 'zod';
import type { ServiceContext } from '../../platform/context.ts';
import { listAuditLogRows, type AuditLogRow } from '../../platform/audit-log.ts';

function toAuditLogView(row: AuditLogRow): AuditLog {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    actor:
      row.actorUserId !== null && row.actorRole !== null && row.actorPosition !== null
        ? {
            userId: row.actorUserId,
            email: row.actorEmail ?? '',
            role: row.actorRole,
            position: row.actorPosition,
          }
        : null,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    clientId: row.clientId,
    agencyId: row.agencyId,
    before: row.before,
    after: row.after,
    requestId: row.requestId,
    ip: row.ip,
  };
}

export async function listAuditLogs({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: z.output<typeof listAuditLogsQuerySchema>;
}) {
  const { rows, total } = await listAuditLogRows(ctx.db, {
    ...input,
    from: input.from ? new Date(input.from) : undefined,
    to: input.to ? new Date(input.to) : undefined,
  });
  return { data: rows.map(toAuditLogView), pagination: paginationInfo(input.page, input.limit, total) };
}
