import { z } from 'zod';
import { userSchema } from '../auth/auth.schemas.ts';
import { positionSchema, roleSchema } from '../common/enums.ts';
import {
  emailSchema,
  fieldMessages,
  firstNameKanaSchema,
  firstNameSchema,
  lastNameKanaSchema,
  lastNameSchema,
  passwordSchema,
  phoneSchema,
} from '../common/fields.ts';
import { idQueryParam, idSchema } from '../common/ids.ts';
import { paginationQuerySchema } from '../common/pagination.ts';

export const userMessages = {
  userNotFound: 'User not found',
  clientIdRequired: 'clientId is required for CLIENT users',
  agencyIdRequired: 'agencyId is required for AGENCY users',
  masterHasNoTenant: 'MASTER users belong to no client or agency',
  wrongTenantField: 'Set clientId only for CLIENT users and agencyId only for AGENCY users',
  ownPosition: 'You cannot change your own position',
  ownDelete: 'You cannot delete your own account',
  lastOwner: 'At least one OWNER must remain',
  sameEmail: 'The new email address is the same as the current one',
  wrongPassword: 'Current password is incorrect',
  samePassword: 'New password must be different from the current password',
  nothingToUpdate: 'Send at least one field to update',
  idQuery: 'Must be a valid number string',
  masterExists: 'A MASTER user already exists; invite more users from the master area',
} as const;

/** A back-office user in the user-management screens: the session user plus a pending e-mail change. */
export const backOfficeUserSchema = userSchema.extend({
  /** The new address waiting for verification; the login address changes only once it is verified. */
  pendingEmail: z.string().nullable(),
  /** In lists: the name of the client (company name) or agency the user belongs to; null for the master. */
  tenantName: z.string().nullable().optional(),
});
export type BackOfficeUser = z.infer<typeof backOfficeUserSchema>;

const personFields = {
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  firstNameKana: firstNameKanaSchema.optional(),
  lastNameKana: lastNameKanaSchema.optional(),
  phoneNumber: phoneSchema.optional(),
};

/**
 * A new user of the caller's own client or agency. No password: the user receives an invitation mail
 * whose link sets the password (the password reset flow), which also verifies the address.
 */
export const createUserBodySchema = z.object({
  email: emailSchema,
  position: positionSchema,
  ...personFields,
});
export type CreateUserBody = z.input<typeof createUserBodySchema>;

/** Master area: any back-office user; CLIENT users need clientId, AGENCY users agencyId, MASTER neither. */
export const createMasterUserBodySchema = z
  .object({
    email: emailSchema,
    role: roleSchema,
    position: positionSchema,
    ...personFields,
    clientId: idSchema.optional(),
    agencyId: idSchema.optional(),
  })
  .superRefine((body, issue) => {
    const fail = (path: string, message: string) => issue.addIssue({ code: 'custom', path: [path], message });
    if (body.role === 'CLIENT') {
      if (body.clientId === undefined) fail('clientId', userMessages.clientIdRequired);
      else if (body.agencyId !== undefined) fail('agencyId', userMessages.wrongTenantField);
    } else if (body.role === 'AGENCY') {
      if (body.agencyId === undefined) fail('agencyId', userMessages.agencyIdRequired);
      else if (body.clientId !== undefined) fail('clientId', userMessages.wrongTenantField);
    } else if (body.clientId !== undefined || body.agencyId !== undefined) {
      fail(body.clientId !== undefined ? 'clientId' : 'agencyId', userMessages.masterHasNoTenant);
    }
  });
export type CreateMasterUserBody = z.input<typeof createMasterUserBodySchema>;

/** Every field optional; role, tenant and e-mail are not changed here (e-mail has its own verified call). */
export const updateUserBodySchema = z
  .object({
    firstName: firstNameSchema.optional(),
    lastName: lastNameSchema.optional(),
    firstNameKana: firstNameKanaSchema.nullable().optional(),
    lastNameKana: lastNameKanaSchema.nullable().optional(),
    phoneNumber: phoneSchema.nullable().optional(),
    position: positionSchema.optional(),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), userMessages.nothingToUpdate);
export type UpdateUserBody = z.input<typeof updateUserBodySchema>;

/** PATCH .../email {email}: stored as pending; a link to the new address switches it once opened. */
export const changeEmailBodySchema = z.object({ email: emailSchema });
export type ChangeEmailBody = z.input<typeof changeEmailBodySchema>;

/** The signed-in user's own e-mail change: the current password too (a session alone is not enough). */
export const changeOwnEmailBodySchema = changeEmailBodySchema.extend({
  password: z
    .string({ error: fieldMessages.passwordRequired })
    .min(1, fieldMessages.passwordRequired)
    .max(100, fieldMessages.passwordMax),
});
export type ChangeOwnEmailBody = z.input<typeof changeOwnEmailBodySchema>;

/** PATCH /client/update/password {oldPassword, newPassword}; the old one only has to be given. */
export const changePasswordBodySchema = z.object({
  oldPassword: z
    .string({ error: fieldMessages.passwordRequired })
    .min(1, fieldMessages.passwordRequired)
    .max(100, fieldMessages.passwordMax),
  newPassword: passwordSchema,
});
export type ChangePasswordBody = z.input<typeof changePasswordBodySchema>;

/** A numeric id in a query string ('12'), parsed to a number. */
export const idQuerySchema = idQueryParam(userMessages.idQuery);

const searchSchema = z.string().trim().max(100).optional();

/** GET .../users of one client or agency: paged (default limit 100), searchable by name and e-mail. */
export const listUsersQuerySchema = paginationQuerySchema().extend({
  search: searchSchema,
  position: positionSchema.optional(),
});
export type ListUsersQuery = z.input<typeof listUsersQuerySchema>;

/** Master GET /users: every back-office user, filtered by role, position, client or agency. */
export const listMasterUsersQuerySchema = listUsersQuerySchema.extend({
  role: roleSchema.optional(),
  clientId: idQuerySchema.optional(),
  agencyId: idQuerySchema.optional(),
});
export type ListMasterUsersQuery = z.input<typeof listMasterUsersQuerySchema>;
