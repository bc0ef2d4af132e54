import { z } from 'zod';

export const fieldMessages = {
  passwordMin: 'Password must be at least 8 characters long',
  passwordMax: 'Password cannot exceed 100 characters',
  passwordComplexity:
    'Password must contain at least one uppercase letter, one lowercase letter, one number, and one special character (both one-byte and double-byte special characters are accepted)',
  passwordSpaces: 'Password cannot contain spaces',
  passwordRequired: 'Password is required',
  email: 'Email must be a valid email address',
  emailRequired: 'Email is required',
  firstNameMax: 'First name must be at most 15 characters',
  lastNameMax: 'Last name must be at most 15 characters',
  nameRequired: 'Name is required',
  phoneMax: 'Phone number must be at most 20 characters',
  postalCode: 'Postal code must be 7 to 8 characters',
  required: 'This field is required',
  monthlyFee: 'Monthly fee must be a non-negative integer',
  tokenRequired: 'Token is required',
} as const;

// Special characters: any Unicode punctuation or symbol, so one-byte (!, #) and double-byte (！, ＃, 「) both count.
const hasUpper = /\p{Lu}/u;
const hasLower = /\p{Ll}/u;
const hasDigit = /\p{Nd}/u;
const hasSpecial = /[\p{P}\p{S}]/u;
const hasSpace = /\s/u;

/** The shared password rule of SPEC.md 5, with its four texts, checked in this order. */
export const passwordSchema = z
  .string({ error: fieldMessages.passwordRequired })
  .min(8, fieldMessages.passwordMin)
  .max(100, fieldMessages.passwordMax)
  .refine(
    (s) => hasUpper.test(s) && hasLower.test(s) && hasDigit.test(s) && hasSpecial.test(s),
    fieldMessages.passwordComplexity,
  )
  .refine((s) => !hasSpace.test(s), fieldMessages.passwordSpaces);

/** A valid address, trimmed and lower-cased. */
export const emailSchema = z
  .string({ error: fieldMessages.emailRequired })
  .trim()
  .min(1, fieldMessages.emailRequired)
  .pipe(z.email(fieldMessages.email))
  .transform((s) => s.toLowerCase());

export const firstNameSchema = z
  .string({ error: fieldMessages.nameRequired })
  .trim()
  .min(1, fieldMessages.nameRequired)
  .max(15, fieldMessages.firstNameMax);
export const lastNameSchema = z
  .string({ error: fieldMessages.nameRequired })
  .trim()
  .min(1, fieldMessages.nameRequired)
  .max(15, fieldMessages.lastNameMax);
export const firstNameKanaSchema = z.string().trim().max(15, fieldMessages.firstNameMax);
export const lastNameKanaSchema = z.string().trim().max(15, fieldMessages.lastNameMax);

export const phoneSchema = z.string().trim().max(20, fieldMessages.phoneMax);

export const postalCodeSchema = z
  .string({ error: fieldMessages.postalCode })
  .trim()
  .min(7, fieldMessages.postalCode)
  .max(8, fieldMessages.postalCode);

export const requiredText = (max = 255) =>
  z.string({ error: fieldMessages.required }).trim().min(1, fieldMessages.required).max(max);

export const monthlyFeeSchema = z
  .number({ error: fieldMessages.monthlyFee })
  .int(fieldMessages.monthlyFee)
  .min(0, fieldMessages.monthlyFee);

/** Address of a client or agency: postal code, prefecture, city (area), address, optional building. */
export const addressSchema = z.object({
  postalCode: postalCodeSchema,
  prefecture: requiredText(20),
  city: requiredText(100),
  addressOther: requiredText(200),
  building: z.string().trim().max(200).optional(),
});
export type Address = z.infer<typeof addressSchema>;
