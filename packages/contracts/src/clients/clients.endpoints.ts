import { allow, defineEndpoint } from '../common/endpoint.ts';
import { okBodySchema } from '../common/errors.ts';
import { idParamsSchema } from '../common/ids.ts';
import { pageSchema } from '../common/pagination.ts';
import { sessionSchema } from '../auth/auth.schemas.ts';
import {
  backOfficeUserSchema,
  changeEmailBodySchema,
  changePasswordBodySchema,
  createUserBodySchema,
  listUsersQuerySchema,
  updateUserBodySchema,
} from '../users/users.schemas.ts';
import { clientSchema, updateClientDataBodySchema } from './clients.schemas.ts';

export const CLIENT_PREFIX = '/client/api/v1';

/** Client area calls about the client itself and its users (SPEC.md 7, Client area). */
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
  listUsers: defineEndpoint({
    method: 'GET',
    path: `${CLIENT_PREFIX}/users`,
    summary: "The client's users, paged",
    tags: ['client', 'users'],
    access: allow('client.read'),
    clientScoped: true,
    query: listUsersQuerySchema,
    responses: { 200: pageSchema(backOfficeUserSchema) },
  }),
  createUser: defineEndpoint({
    method: 'POST',
    path: `${CLIENT_PREFIX}/user`,
    summary: 'Invite a user to the client (the invitation mail sets the password)',
    tags: ['client', 'users'],
    access: allow('client.users.manage'),
    clientScoped: true,
    body: createUserBodySchema,
    responses: { 201: backOfficeUserSchema },
  }),
  updateUser: defineEndpoint({
    method: 'PATCH',
    path: `${CLIENT_PREFIX}/user/:id`,
    summary: "Change a user's names, phone or position (not your own position, not the last OWNER)",
    tags: ['client', 'users'],
    access: allow('client.users.manage'),
    clientScoped: true,
    params: idParamsSchema,
    body: updateUserBodySchema,
    responses: { 200: backOfficeUserSchema },
  }),
  deleteUser: defineEndpoint({
    method: 'DELETE',
    path: `${CLIENT_PREFIX}/user/:id`,
    summary: 'Delete a user and end their sessions (not yourself, not the last OWNER)',
    tags: ['client', 'users'],
    access: allow('client.users.manage'),
    clientScoped: true,
    params: idParamsSchema,
    responses: { 200: okBodySchema },
  }),
  updateEmail: defineEndpoint({
    method: 'PATCH',
    path: `${CLIENT_PREFIX}/client/update/email`,
    summary:
      "Change the signed-in user's e-mail: kept pending until the link mailed to the new address is opened",
    tags: ['client', 'account'],
    access: allow('client.self.manage'),
    clientScoped: true,
    body: changeEmailBodySchema,
    responses: { 200: backOfficeUserSchema },
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
  updatePassword: defineEndpoint({
    method: 'PATCH',
    path: `${CLIENT_PREFIX}/client/update/password`,
    summary: "Change the signed-in user's password; their other sessions end",
    tags: ['client', 'account'],
    access: allow('client.self.manage'),
    clientScoped: true,
    body: changePasswordBodySchema,
    responses: { 200: okBodySchema },
  }),
} as const;
