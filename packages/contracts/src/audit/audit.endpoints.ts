import { allow, defineEndpoint } from '../common/endpoint.ts';
import { pageSchema } from '../common/pagination.ts';
import { auditLogSchema, listAuditLogsQuerySchema } from './audit.schemas.ts';
import { MASTER_PREFIX } from '../area-prefixes.ts';

export const auditEndpoints = {
  listAuditLogs: defineEndpoint({
    method: 'GET',
    path: `${MASTER_PREFIX}/audit-logs`,
    summary: 'Every change made in the master and agency areas, newest first',
    tags: ['master', 'audit'],
    access: allow('master.audit.read'),
    query: listAuditLogsQuerySchema,
    responses: { 200: pageSchema(auditLogSchema) },
  }),
} as const;
