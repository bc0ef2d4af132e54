import { allow, defineEndpoint } from '../common/endpoint.ts';
import { okBodySchema } from '../common/errors.ts';
import { idParamsSchema } from '../common/ids.ts';
import { pageSchema } from '../common/pagination.ts';
import { AGENCY_PREFIX, CLIENT_PREFIX, MASTER_PREFIX } from '../area-prefixes.ts';
import {
  backOfficeUserSchema,
  changeEmailBodySchema,
  changeOwnEmailBodySchema,
  changePasswordBodySchema,
  createMasterUserBodySchema,
  createUserBodySchema,
  listMasterUsersQuerySchema,
  listUsersQuerySchema,
  updateUserBodySchema,
} from './users.schemas.ts';

const userTags = ['master', 'users'] as const;
const agencyAreaTags = ['agency'] as const;

/** Master area (SPEC.md 7): every back-office user. */
export const masterUserEndpoints = {
  listUsers: defineEndpoint({
    method: 'GET',
    path: `${MASTER_PREFIX}/users`,
    summary: 'Every back-office user, paged; filters: role, position, clientId, agencyId, search',
    tags: userTags,
    access: allow('master.read'),
    query: listMasterUsersQuerySchema,
    responses: { 200: pageSchema(backOfficeUserSchema) },
  }),
  getUser: defineEndpoint({
    method: 'GET',
    path: `${MASTER_PREFIX}/user/:id`,
    summary: 'One back-office user',
    tags: userTags,
    access: allow('master.read'),
    params: idParamsSchema,
    responses: { 200: backOfficeUserSchema },
  }),
  createUser: defineEndpoint({
    method: 'POST',
    path: `${MASTER_PREFIX}/user`,
    summary: 'Create a back-office user of any role; an invitation mail lets them set a password',
    tags: userTags,
    access: allow('master.users.manage'),
    body: createMasterUserBodySchema,
    responses: { 201: backOfficeUserSchema },
  }),
  updateUser: defineEndpoint({
    method: 'PATCH',
    path: `${MASTER_PREFIX}/user/:id`,
    summary: 'Change names, phone or position (not your own position, not the last OWNER)',
    tags: userTags,
    access: allow('master.users.manage'),
    params: idParamsSchema,
    body: updateUserBodySchema,
    responses: { 200: backOfficeUserSchema },
  }),
  deleteUser: defineEndpoint({
    method: 'DELETE',
    path: `${MASTER_PREFIX}/user/:id`,
    summary: 'Delete a user and end their sessions (not yourself, not the last OWNER)',
    tags: userTags,
    access: allow('master.users.manage'),
    params: idParamsSchema,
    responses: { 200: okBodySchema },
  }),
  changeUserEmail: defineEndpoint({
    method: 'PATCH',
    path: `${MASTER_PREFIX}/user/:id/email`,
    summary: 'Request an e-mail change: kept pending until the link mailed to the new address is opened',
    tags: userTags,
    access: allow('master.users.manage'),
    params: idParamsSchema,
    body: changeEmailBodySchema,
    responses: { 200: backOfficeUserSchema },
  }),
} as const;

/** Agency area: the signed-in user's own agency's users; another agency's answer 404. */
export const agencyUserEndpoints = {
  listUsers: defineEndpoint({
    method: 'GET',
    path: `${AGENCY_PREFIX}/users`,
    summary: "The agency's users, paged",
    tags: agencyAreaTags,
    access: allow('agency.read'),
    query: listUsersQuerySchema,
    responses: { 200: pageSchema(backOfficeUserSchema) },
  }),
  createUser: defineEndpoint({
    method: 'POST',
    path: `${AGENCY_PREFIX}/user`,
    summary: 'Invite a user to the agency (the invitation mail sets the password)',
    tags: agencyAreaTags,
    access: allow('agency.users.manage'),
    body: createUserBodySchema,
    responses: { 201: backOfficeUserSchema },
  }),
  updateUser: defineEndpoint({
    method: 'PATCH',
    path: `${AGENCY_PREFIX}/user/:id`,
    summary: "Change an agency user's names, phone or position",
    tags: agencyAreaTags,
    access: allow('agency.users.manage'),
    params: idParamsSchema,
    body: updateUserBodySchema,
    responses: { 200: backOfficeUserSchema },
  }),
  deleteUser: defineEndpoint({
    method: 'DELETE',
    path: `${AGENCY_PREFIX}/user/:id`,
    summary: 'Delete an agency user and end their sessions',
    tags: agencyAreaTags,
    access: allow('agency.users.manage'),
    params: idParamsSchema,
    responses: { 200: okBodySchema },
  }),
} as const;

/**
 * The signed-in user's own account in the master or agency area (SPEC.md names only the client's calls;
 * these follow them under `/account`, docs/decisions/0002-accounts-rules.md). Same bodies and answers.
 */
function ownAccountEndpoints(area: 'master' | 'agency', prefix: string) {
  const permission = `${area}.self.manage` as const;
  const tags = [area, 'account'] as const;
  return {
    getAccount: defineEndpoint({
      method: 'GET',
      path: `${prefix}/account`,
      summary: "The signed-in user's own profile, with the e-mail address waiting for verification",
      tags,
      access: allow(permission),
      responses: { 200: backOfficeUserSchema },
    }),
    updateEmail: defineEndpoint({
      method: 'PATCH',
      path: `${prefix}/account/email`,
      summary:
        "Change the signed-in user's e-mail: kept pending until the link mailed to the new address is opened",
      tags,
      access: allow(permission),
      body: changeOwnEmailBodySchema,
      responses: { 200: backOfficeUserSchema },
    }),
    updatePassword: defineEndpoint({
      method: 'PATCH',
      path: `${prefix}/account/password`,
      summary: "Change the signed-in user's password; their other sessions end",
      tags,
      access: allow(permission),
      body: changePasswordBodySchema,
      responses: { 200: okBodySchema },
    }),
  } as const;
}

export const masterAccountEndpoints = ownAccountEndpoints('master', MASTER_PREFIX);
export const agencyAccountEndpoints = ownAccountEndpoints('agency', AGENCY_PREFIX);

/** Client area: the client's users, and the signed-in user's own e-mail and password. */
export const clientUserEndpoints = {
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
    body: changeOwnEmailBodySchema,
    responses: { 200: backOfficeUserSchema },
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
