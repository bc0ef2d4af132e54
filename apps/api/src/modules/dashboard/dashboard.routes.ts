import { dashboardEndpoints } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route.ts';
import * as dashboard from './dashboard.service.ts';

export function masterDashboardRoutes(app: FastifyInstance) {
  route(app, dashboardEndpoints.master, async (_request, { ctx }) => dashboard.getMasterDashboard({ ctx }));
}

export function agencyDashboardRoutes(app: FastifyInstance) {
  route(app, dashboardEndpoints.agency, async (_request, { ctx }) => dashboard.getAgencyDashboard({ ctx }));
}

export function clientDashboardRoutes(app: FastifyInstance) {
  route(app, dashboardEndpoints.client, async ({ params, query }, { ctx }) =>
    dashboard.getClientDashboard({ ctx, input: { lineAccountId: params.lineAccountId, days: query.days } }),
  );
}
