import { allow, defineEndpoint } from '../common/endpoint.ts';
import { sessionSchema } from '../auth/auth.schemas.ts';
import { clientSchema } from './clients.schemas.ts';

export const CLIENT_PREFIX = '/client/api/v1';

/** Client area calls about the client itself (SPEC.md 7, Client area). */
export const clientAreaEndpoints = {
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
} as const;
