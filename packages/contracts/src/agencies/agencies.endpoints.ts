import { allow, defineEndpoint } from '../common/endpoint.ts';
import { idParamsSchema } from '../common/ids.ts';
import { pageSchema } from '../common/pagination.ts';
import { AGENCY_PREFIX, MASTER_PREFIX } from '../area-prefixes.ts';
import {
  agencyDetailSchema,
  agencySchema,
  commissionQuerySchema,
  commissionReportSchema,
  createAgencyBodySchema,
  listAgenciesQuerySchema,
  signupLinkSchema,
  updateAgencyBodySchema,
} from './agencies.schemas.ts';

const agencyTags = ['master', 'agencies'] as const;
const agencyAreaTags = ['agency'] as const;

/** Master area (SPEC.md 7): agencies and their commissions. */
export const masterAgencyEndpoints = {
  createAgency: defineEndpoint({
    method: 'POST',
    path: `${MASTER_PREFIX}/agency`,
    summary: 'Create an agency',
    tags: agencyTags,
    access: allow('master.write'),
    body: createAgencyBodySchema,
    responses: { 201: agencySchema },
  }),
  listAgencies: defineEndpoint({
    method: 'GET',
    path: `${MASTER_PREFIX}/agencies`,
    summary: 'Agencies, paged, searchable by name',
    tags: agencyTags,
    access: allow('master.read'),
    query: listAgenciesQuerySchema,
    responses: { 200: pageSchema(agencySchema) },
  }),
  getAgency: defineEndpoint({
    method: 'GET',
    path: `${MASTER_PREFIX}/agency/:id`,
    summary: "An agency with its client counts and this month's commission; 404 when missing",
    tags: agencyTags,
    access: allow('master.read'),
    params: idParamsSchema,
    responses: { 200: agencyDetailSchema },
  }),
  updateAgency: defineEndpoint({
    method: 'PATCH',
    path: `${MASTER_PREFIX}/agency/:id`,
    summary: 'Change any field of an agency (margin rate included)',
    tags: agencyTags,
    access: allow('master.write'),
    params: idParamsSchema,
    body: updateAgencyBodySchema,
    responses: { 200: agencySchema },
  }),
  getAgencyCommissions: defineEndpoint({
    method: 'GET',
    path: `${MASTER_PREFIX}/agency/:id/commissions`,
    summary: "An agency's commission by month",
    tags: agencyTags,
    access: allow('master.read'),
    params: idParamsSchema,
    query: commissionQuerySchema,
    responses: { 200: commissionReportSchema },
  }),
} as const;

/** Agency area: the signed-in user's own agency, its commissions and its sign-up link. */
export const agencyAreaAgencyEndpoints = {
  getAgency: defineEndpoint({
    method: 'GET',
    path: `${AGENCY_PREFIX}/agency`,
    summary: "The signed-in user's agency, its margin rate and this month's commission",
    tags: agencyAreaTags,
    access: allow('agency.read'),
    responses: { 200: agencyDetailSchema },
  }),
  getSignupLink: defineEndpoint({
    method: 'GET',
    path: `${AGENCY_PREFIX}/signup-link`,
    summary: 'A sign-up link to send to a prospect: /signup?agencyId=N pre-fills the agency',
    tags: agencyAreaTags,
    access: allow('agency.read'),
    responses: { 200: signupLinkSchema },
  }),
  getCommissions: defineEndpoint({
    method: 'GET',
    path: `${AGENCY_PREFIX}/commissions`,
    summary: "The commission the margin rate earns per month on the clients' monthly fees",
    tags: agencyAreaTags,
    access: allow('agency.read'),
    query: commissionQuerySchema,
    responses: { 200: commissionReportSchema },
  }),
} as const;
