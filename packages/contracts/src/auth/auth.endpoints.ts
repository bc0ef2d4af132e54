import { defineEndpoint, publicAccess, sessionAccess } from '../common/endpoint.ts';
import { okBodySchema } from '../common/errors.ts';
import {
  clientSignupBodySchema,
  publicSignupResponseSchema,
  loginBodySchema,
  passwordConfirmBodySchema,
  passwordResetBodySchema,
  sessionSchema,
  userSchema,
  verifyEmailBodySchema,
  verifyEmailResendBodySchema,
} from './auth.schemas.ts';

export const AUTH_PREFIX = '/auth/api/v1/session';
const tags = ['auth'] as const;

export const authEndpoints = {
  login: defineEndpoint({
    method: 'POST',
    path: `${AUTH_PREFIX}/login`,
    summary: 'Log in with e-mail and password; sets the session cookie',
    tags,
    access: publicAccess,
    body: loginBodySchema,
    responses: { 200: sessionSchema },
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: `${AUTH_PREFIX}/logout`,
    summary: 'End the current session',
    tags,
    access: publicAccess,
    responses: { 200: okBodySchema },
  }),
  passwordReset: defineEndpoint({
    method: 'POST',
    path: `${AUTH_PREFIX}/password/reset`,
    summary: 'Send a password reset link (same answer whether the address exists or not)',
    tags,
    access: publicAccess,
    body: passwordResetBodySchema,
    responses: { 200: okBodySchema },
  }),
  passwordConfirm: defineEndpoint({
    method: 'POST',
    path: `${AUTH_PREFIX}/password/confirm`,
    summary: 'Set a new password with a reset token (single use); ends every session of the user',
    tags,
    access: publicAccess,
    body: passwordConfirmBodySchema,
    responses: { 200: okBodySchema },
  }),
  emailChangeCancel: defineEndpoint({
    method: 'POST',
    path: `${AUTH_PREFIX}/email/cancel`,
    summary:
      'Undo an e-mail change with the link mailed to the old address: that address returns, every session ends, a password reset link is mailed',
    tags,
    access: publicAccess,
    body: verifyEmailBodySchema,
    responses: { 200: okBodySchema },
  }),
  verifyEmail: defineEndpoint({
    method: 'POST',
    path: `${AUTH_PREFIX}/verify/email`,
    summary: 'Verify an e-mail address with the token sent by mail',
    tags,
    access: publicAccess,
    body: verifyEmailBodySchema,
    responses: { 200: userSchema },
  }),
  verifyEmailResend: defineEndpoint({
    method: 'POST',
    path: `${AUTH_PREFIX}/verify/email/resend`,
    summary: 'Send the verification mail again (same answer whether the address exists or not)',
    tags,
    access: publicAccess,
    body: verifyEmailResendBodySchema,
    responses: { 200: okBodySchema },
  }),
  me: defineEndpoint({
    method: 'GET',
    path: `${AUTH_PREFIX}/me`,
    summary: 'The signed-in user, role and position',
    tags,
    access: sessionAccess,
    responses: { 200: sessionSchema },
  }),
  clientSignup: defineEndpoint({
    method: 'POST',
    path: `${AUTH_PREFIX}/client/signup`,
    summary:
      'Sign a client up: client, contact person and owner user in one transaction. An address that already has an account gets a mail instead, with the same answer',
    tags,
    access: publicAccess,
    body: clientSignupBodySchema,
    responses: { 201: publicSignupResponseSchema },
  }),
} as const;
