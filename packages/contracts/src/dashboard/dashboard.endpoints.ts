import { allow, defineEndpoint } from '../common/endpoint.ts';
import { lineAccountParamsSchema } from '../line-accounts/line-accounts.schemas.ts';
import { AGENCY_PREFIX, CLIENT_PREFIX, MASTER_PREFIX } from '../area-prefixes.ts';
import {
  agencyDashboardSchema,
  clientDashboardQuerySchema,
  clientDashboardSchema,
  masterDashboardSchema,
} from './dashboard.schemas.ts';

const tags = ['dashboard'];

/** The figures of each area's dashboard: one call per area, a small fixed number of queries each. */
export const dashboardEndpoints = {
  master: defineEndpoint({
    method: 'GET',
    path: `${MASTER_PREFIX}/dashboard`,
    summary: 'Clients by contract status, active LINE accounts, monthly fees, new friends, by month',
    tags: ['master', ...tags],
    access: allow('master.read'),
    responses: { 200: masterDashboardSchema },
  }),
  agency: defineEndpoint({
    method: 'GET',
    path: `${AGENCY_PREFIX}/dashboard`,
    summary: "The agency's clients by contract status and its commission by month",
    tags: ['agency', ...tags],
    access: allow('agency.read'),
    responses: { 200: agencyDashboardSchema },
  }),
  client: defineEndpoint({
    method: 'GET',
    path: `${CLIENT_PREFIX}/line-account/:lineAccountId/dashboard`,
    summary: 'Friends, follows and blocks by day, staff, unread announcements and messages of a LINE account',
    tags: ['client', ...tags],
    access: allow('client.read'),
    clientScoped: true,
    params: lineAccountParamsSchema,
    query: clientDashboardQuerySchema,
    responses: { 200: clientDashboardSchema },
  }),
} as const;
