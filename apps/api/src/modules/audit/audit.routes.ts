import { auditEndpoints } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route.ts';
import { listAuditLogs } from './audit.service.ts';

export function masterAuditRoutes(app: FastifyInstance) {
  route(app, auditEndpoints.listAuditLogs, async ({ query }, { ctx }) =>
    listAuditLogs({ ctx, input: query }),
  );
}
