import { z } from 'zod';
import { positionSchema, roleSchema, contractStatusSchema } from '../common/enums.ts';
import {
  addressSchema,
  emailSchema,
  fieldMessages,
  firstNameKanaSchema,
  firstNameSchema,
  lastNameKanaSchema,
  lastNameSchema,
  passwordSchema,
  phoneSchema,
  requiredText,
} from '../common/fields.ts';
import { idSchema } from '../common/ids.ts';

/** A back-office user as the API shows it (never the password). */
export const userSchema = z.object({
  id: idSchema,
  email: z.string(),
  role: roleSchema,
  position: positionSchema,
  firstName: z.string(),
  lastName: z.string(),
  firstNameKana: z.string().nullable(),
  lastNameKana: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  clientId: idSchema.nullable(),
  agencyId: idSchema.nullable(),
  masterId: idSchema.nullable(),
  emailVerified: z.boolean(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const loginBodySchema = z.object({ email: emailSchema, password: passwordSchema });
export type LoginBody = z.input<typeof loginBodySchema>;

export const sessionSchema = z.object({
  role: roleSchema,
  position: positionSchema,
  user: userSchema,
  /** The client the user belongs to, with its name, for the header of the client area. */
  client: z
    .object({ id: idSchema, companyName: z.string(), contractStatus: contractStatusSchema })
    .nullable(),
  agency: z.object({ id: idSchema, name: z.string() }).nullable(),
  /**
   * The LINE simulator's page (act as a LINE user), only while the product talks to the simulator and
   * not in production; absent with real LINE.
   */
  lineSimulatorUrl: z.string().optional(),
});
export type Session = z.infer<typeof sessionSchema>;

export const passwordResetBodySchema = z.object({ email: emailSchema });
export type PasswordResetBody = z.input<typeof passwordResetBodySchema>;

const tokenSchema = z
  .string({ error: fieldMessages.tokenRequired })
  .trim()
  .min(1, fieldMessages.tokenRequired)
  .max(200);

export const passwordConfirmBodySchema = z.object({ password: passwordSchema, token: tokenSchema });
export type PasswordConfirmBody = z.input<typeof passwordConfirmBodySchema>;

export const verifyEmailBodySchema = z.object({ token: tokenSchema });
export type VerifyEmailBody = z.input<typeof verifyEmailBodySchema>;

export const verifyEmailResendBodySchema = z.object({ email: emailSchema });
export type VerifyEmailResendBody = z.input<typeof verifyEmailResendBodySchema>;

export const personNameSchema = z.object({
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  firstNameKana: firstNameKanaSchema.optional(),
  lastNameKana: lastNameKanaSchema.optional(),
});

export const signupClientSchema = z.object({
  companyName: requiredText(100),
  companyNameKana: requiredText(100),
  address: addressSchema,
});

export const contactPersonSchema = personNameSchema.extend({
  email: emailSchema,
  phoneNumber: phoneSchema.min(1, fieldMessages.required),
});
export type ContactPerson = z.infer<typeof contactPersonSchema>;

export const signupUserSchema = personNameSchema.extend({
  email: emailSchema,
  password: passwordSchema,
  phoneNumber: phoneSchema.optional(),
});

/** SPEC.md 7: POST /client/signup {agencyId?, client, contactPerson, user}. */
export const clientSignupBodySchema = z.object({
  agencyId: z.number().int().positive().optional(),
  client: signupClientSchema,
  contactPerson: contactPersonSchema,
  user: signupUserSchema,
});
export type ClientSignupBody = z.input<typeof clientSignupBodySchema>;

export const clientSignupResponseSchema = z.object({
  clientId: idSchema,
  /** Where the new owner goes next: the login page, once the e-mail is verified. */
  link: z.string(),
});
export type ClientSignupResponse = z.infer<typeof clientSignupResponseSchema>;

/**
 * The public sign-up's answer, the same for a new address and for one that already has an account (that
 * owner is told by mail): where to go next once the e-mail is verified. No client id (decision 0023).
 */
export const publicSignupResponseSchema = z.object({ link: z.string() });
export type PublicSignupResponse = z.infer<typeof publicSignupResponseSchema>;
