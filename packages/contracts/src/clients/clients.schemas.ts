import { z } from 'zod';
import { contractStatusSchema, paymentStatusSchema } from '../common/enums.ts';
import { idSchema } from '../common/ids.ts';

export const clientAddressViewSchema = z.object({
  postalCode: z.string(),
  prefecture: z.string(),
  city: z.string(),
  addressOther: z.string(),
  building: z.string().nullable(),
});

export const contactPersonViewSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  firstNameKana: z.string().nullable(),
  lastNameKana: z.string().nullable(),
  email: z.string(),
  phoneNumber: z.string(),
});

/** A client (契約企業) as the API shows it. */
export const clientSchema = z.object({
  id: idSchema,
  agencyId: idSchema.nullable(),
  companyName: z.string(),
  companyNameKana: z.string(),
  contractStatus: contractStatusSchema,
  contractStartDate: z.string().nullable(),
  address: clientAddressViewSchema,
  contactPerson: contactPersonViewSchema.nullable(),
  monthlyFee: z.number().int(),
  paymentStatus: paymentStatusSchema,
  createdAt: z.string(),
});
export type Client = z.infer<typeof clientSchema>;
