import { paginationInfo, type AuditLog, type listAuditLogsQuerySchema } from '@app/contracts';
import type { z } from 'zod';
import type { ServiceContext } from '../../platform/context.ts';
import { listAuditLogRows, type AuditLogRow } from '../../platform/audit-log.ts';
import { tenantNamesOf } from '../../platform/tenancy.ts';
import { userNamesOf } from '../users/index.ts';

function toAuditLogView(row: AuditLogRow, targetName: string | null): AuditLog {
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
    targetName,
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
  const targetsOf = (type: string) =>
    rows.filter((r) => r.targetType === type && r.targetId !== null).map((r) => r.targetId!);
  const [tenants, users] = await Promise.all([
    tenantNamesOf(ctx.db, { clientIds: targetsOf('client'), agencyIds: targetsOf('agency') }),
    userNamesOf(ctx.db, targetsOf('user')),
  ]);
  const names: Record<string, Map<number, string | null>> = {
    client: tenants.clients,
    agency: tenants.agencies,
    user: users,
  };
  const nameOf = (row: AuditLogRow) =>
    row.targetId === null ? null : (names[row.targetType]?.get(row.targetId) ?? null);
  return {
    data: rows.map((row) => toAuditLogView(row, nameOf(row))),
    pagination: paginationInfo(input.page, input.limit, total),
  };
}
