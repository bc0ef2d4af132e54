import { type z } from 'zod';
import {
  agencyDetailSchema,
  commissionQuerySchema,
  commissionReportSchema,
  signupLinkSchema,
} from '../agencies/agencies.schemas.ts';
import { clientSignupBodySchema, clientSignupResponseSchema } from '../auth/auth.schemas.ts';
import {
  clientDetailSchema,
  clientListItemSchema,
  listClientsQuerySchema,
} from '../clients/clients.schemas.ts';
import { allow, defineEndpoint } from '../common/endpoint.ts';
import { okBodySchema } from '../common/errors.ts';
import { idParamsSchema } from '../common/ids.ts';
import { pageSchema } from '../common/pagination.ts';
import {
  backOfficeUserSchema,
  createUserBodySchema,
  listUsersQuerySchema,
  updateUserBodySchema,
} from '../users/users.schemas.ts';

export const AGENCY_PREFIX = '/agency/api/v1';
const tags = ['agency'] as const;

/** Agency signup of a client: the signup body without agencyId, which is the signed-in agency's. */
export const agencyClientSignupBodySchema = clientSignupBodySchema.omit({ agencyId: true });
export type AgencyClientSignupBody = z.input<typeof agencyClientSignupBodySchema>;

/** Agency area: everything acts on the signed-in user's own agency; another agency's rows answer 404. */
export const agencyAreaEndpoints = {
  getAgency: defineEndpoint({
    method: 'GET',
    path: `${AGENCY_PREFIX}/agency`,
    summary: "The signed-in user's agency, its margin rate and this month's commission",
    tags,
    access: allow('agency.read'),
    responses: { 200: agencyDetailSchema },
  }),
  listClients: defineEndpoint({
    method: 'GET',
    path: `${AGENCY_PREFIX}/clients`,
    summary: "The agency's clients (status, monthly fee, payment status), paged; search and status filters",
    tags,
    access: allow('agency.read'),
    query: listClientsQuerySchema,
    responses: { 200: pageSchema(clientListItemSchema) },
  }),
  getClient: defineEndpoint({
    method: 'GET',
    path: `${AGENCY_PREFIX}/client/:id`,
    summary: "One of the agency's clients; 404 for any other",
    tags,
    access: allow('agency.read'),
    params: idParamsSchema,
    responses: { 200: clientDetailSchema },
  }),
  signupClient: defineEndpoint({
    method: 'POST',
    path: `${AGENCY_PREFIX}/client/signup`,
    summary: 'Sign a client up for the agency (PENDING_APPROVAL); the owner verifies the e-mail',
    tags,
    access: allow('agency.clients.signup'),
    body: agencyClientSignupBodySchema,
    responses: { 201: clientSignupResponseSchema },
  }),
  getSignupLink: defineEndpoint({
    method: 'GET',
    path: `${AGENCY_PREFIX}/signup-link`,
    summary: 'A sign-up link to send to a prospect: /signup?agencyId=N pre-fills the agency',
    tags,
    access: allow('agency.read'),
    responses: { 200: signupLinkSchema },
  }),
  getCommissions: defineEndpoint({
    method: 'GET',
    path: `${AGENCY_PREFIX}/commissions`,
    summary: "The commission the margin rate earns per month on the clients' monthly fees",
    tags,
    access: allow('agency.read'),
    query: commissionQuerySchema,
    responses: { 200: commissionReportSchema },
  }),
  listUsers: defineEndpoint({
    method: 'GET',
    path: `${AGENCY_PREFIX}/users`,
    summary: "The agency's users, paged",
    tags,
    access: allow('agency.read'),
    query: listUsersQuerySchema,
    responses: { 200: pageSchema(backOfficeUserSchema) },
  }),
  createUser: defineEndpoint({
    method: 'POST',
    path: `${AGENCY_PREFIX}/user`,
    summary: 'Invite a user to the agency (the invitation mail sets the password)',
    tags,
    access: allow('agency.users.manage'),
    body: createUserBodySchema,
    responses: { 201: backOfficeUserSchema },
  }),
  updateUser: defineEndpoint({
    method: 'PATCH',
    path: `${AGENCY_PREFIX}/user/:id`,
    summary: "Change an agency user's names, phone or position",
    tags,
    access: allow('agency.users.manage'),
    params: idParamsSchema,
    body: updateUserBodySchema,
    responses: { 200: backOfficeUserSchema },
  }),
  deleteUser: defineEndpoint({
    method: 'DELETE',
    path: `${AGENCY_PREFIX}/user/:id`,
    summary: 'Delete an agency user and end their sessions',
    tags,
    access: allow('agency.users.manage'),
    params: idParamsSchema,
    responses: { 200: okBodySchema },
  }),
} as const;
