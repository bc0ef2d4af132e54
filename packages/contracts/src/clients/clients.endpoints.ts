import { allow, defineEndpoint } from '../common/endpoint.ts';
import { idParamsSchema } from '../common/ids.ts';
import { pageSchema } from '../common/pagination.ts';
import { AGENCY_PREFIX, CLIENT_PREFIX, MASTER_PREFIX } from '../area-prefixes.ts';
import { clientSignupResponseSchema, sessionSchema } from '../auth/auth.schemas.ts';
import {
  agencyClientSignupBodySchema,
  cancelClientBodySchema,
  changeContractStatusBodySchema,
  clientDetailSchema,
  clientListItemSchema,
  clientSchema,
  createClientBodySchema,
  disableClientBodySchema,
  listClientsQuerySchema,
  listMasterClientsQuerySchema,
  updateClientBodySchema,
  updateClientDataBodySchema,
} from './clients.schemas.ts';

const clientTags = ['master', 'clients'] as const;
const agencyAreaTags = ['agency'] as const;

/** Master area (SPEC.md 7): every client and its contract. */
export const masterClientEndpoints = {
  createClient: defineEndpoint({
    method: 'POST',
    path: `${MASTER_PREFIX}/client`,
    summary: 'Create a client (DRAFT) with its contact person and owner user (who verifies the e-mail)',
    tags: clientTags,
    access: allow('master.write'),
    body: createClientBodySchema,
    responses: { 201: clientDetailSchema },
  }),
  updateClient: defineEndpoint({
    method: 'PATCH',
    path: `${MASTER_PREFIX}/client/:id`,
    summary: 'Change company, kana, address, contact person, monthly fee, payment status or agency',
    tags: clientTags,
    access: allow('master.write'),
    params: idParamsSchema,
    body: updateClientBodySchema,
    responses: { 200: clientDetailSchema },
  }),
  changeContractStatus: defineEndpoint({
    method: 'PATCH',
    path: `${MASTER_PREFIX}/client/:id/contract-status`,
    summary: 'Move the contract along its state machine; 409 for a transition it does not allow',
    tags: clientTags,
    access: allow('master.write'),
    params: idParamsSchema,
    body: changeContractStatusBodySchema,
    responses: { 200: clientDetailSchema },
  }),
  listClients: defineEndpoint({
    method: 'GET',
    path: `${MASTER_PREFIX}/clients`,
    summary: 'Clients, paged; search, status and agencyId filters',
    tags: clientTags,
    access: allow('master.read'),
    query: listMasterClientsQuerySchema,
    responses: { 200: pageSchema(clientListItemSchema) },
  }),
  getClient: defineEndpoint({
    method: 'GET',
    path: `${MASTER_PREFIX}/client/:id`,
    summary: 'One client',
    tags: clientTags,
    access: allow('master.read'),
    params: idParamsSchema,
    responses: { 200: clientDetailSchema },
  }),
  disableClient: defineEndpoint({
    method: 'POST',
    path: `${MASTER_PREFIX}/client/:id/disable`,
    summary: 'Disable a client (final): its users can no longer log in, their sessions stop working',
    tags: clientTags,
    access: allow('master.write'),
    params: idParamsSchema,
    body: disableClientBodySchema,
    responses: { 200: clientDetailSchema },
  }),
  cancelClient: defineEndpoint({
    method: 'POST',
    path: `${MASTER_PREFIX}/client/:id/cancel`,
    summary: "Cancel a client's contract: its users can no longer log in",
    tags: clientTags,
    access: allow('master.write'),
    params: idParamsSchema,
    body: cancelClientBodySchema,
    responses: { 200: clientDetailSchema },
  }),
} as const;

/** Agency area: the agency's own clients and signing new ones up; another agency's answer 404. */
export const agencyClientEndpoints = {
  listClients: defineEndpoint({
    method: 'GET',
    path: `${AGENCY_PREFIX}/clients`,
    summary: "The agency's clients (status, monthly fee, payment status), paged; search and status filters",
    tags: agencyAreaTags,
    access: allow('agency.read'),
    query: listClientsQuerySchema,
    responses: { 200: pageSchema(clientListItemSchema) },
  }),
  getClient: defineEndpoint({
    method: 'GET',
    path: `${AGENCY_PREFIX}/client/:id`,
    summary: "One of the agency's clients; 404 for any other",
    tags: agencyAreaTags,
    access: allow('agency.read'),
    params: idParamsSchema,
    responses: { 200: clientDetailSchema },
  }),
  signupClient: defineEndpoint({
    method: 'POST',
    path: `${AGENCY_PREFIX}/client/signup`,
    summary: 'Sign a client up for the agency (PENDING_APPROVAL); the owner verifies the e-mail',
    tags: agencyAreaTags,
    access: allow('agency.clients.signup'),
    body: agencyClientSignupBodySchema,
    responses: { 201: clientSignupResponseSchema },
  }),
} as const;

/** Client area calls about the client itself (SPEC.md 7, Client area). */
export const clientSelfEndpoints = {
  sessionMe: defineEndpoint({
    method: 'GET',
    path: `${CLIENT_PREFIX}/session/me`,
    summary: 'The signed-in user of the client area',
    tags: ['client'],
    access: allow('client.read'),
    clientScoped: true,
    responses: { 200: sessionSchema },
  }),
  getClient: defineEndpoint({
    method: 'GET',
    path: `${CLIENT_PREFIX}/client`,
    summary: 'The client the request acts on: own client, or x-client-id for MASTER and AGENCY',
    tags: ['client'],
    access: allow('client.read'),
    clientScoped: true,
    responses: { 200: clientSchema },
  }),
  updateData: defineEndpoint({
    method: 'PATCH',
    path: `${CLIENT_PREFIX}/client/update/data`,
    summary: "Change the client's address and contact person",
    tags: ['client', 'account'],
    access: allow('client.settings.manage'),
    clientScoped: true,
    body: updateClientDataBodySchema,
    responses: { 200: clientSchema },
  }),
} as const;
