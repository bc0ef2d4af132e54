import { z } from 'zod';
import { addressSchema, requiredText } from '../common/fields.ts';
import { idSchema } from '../common/ids.ts';
import { paginationQuerySchema } from '../common/pagination.ts';

export const agencyMessages = {
  marginRate: 'Margin rate must be a number from 0 to 100 with at most 2 decimal places',
  month: 'Month must be in YYYY-MM format',
  monthOrder: 'from must not be after to',
  monthRange: 'Choose at most 24 months',
  nothingToUpdate: 'Send at least one field to update',
} as const;

/** Percent of the monthly fee the agency earns, 0 to 100 with two decimals (numeric(5,2)). */
export const marginRateSchema = z
  .number({ error: agencyMessages.marginRate })
  .min(0, agencyMessages.marginRate)
  .max(100, agencyMessages.marginRate)
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, agencyMessages.marginRate);

/** An agency (代理店) as the API shows it. */
export const agencySchema = z.object({
  id: idSchema,
  name: z.string(),
  postalCode: z.string(),
  prefecture: z.string(),
  city: z.string(),
  addressOther: z.string(),
  building: z.string().nullable(),
  marginRate: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Agency = z.infer<typeof agencySchema>;

/** Agency detail: counts and this month's commission (Asia/Tokyo month). */
export const agencyDetailSchema = agencySchema.extend({
  clientCount: z.number().int(),
  activeClientCount: z.number().int(),
  currentMonth: z.string(),
  currentMonthCommission: z.number().int(),
});
export type AgencyDetail = z.infer<typeof agencyDetailSchema>;

/** POST /agency: name, address (postal code, prefecture, city, address, building?) and margin rate. */
export const createAgencyBodySchema = addressSchema.extend({
  name: requiredText(100),
  marginRate: marginRateSchema,
});
export type CreateAgencyBody = z.input<typeof createAgencyBodySchema>;

export const updateAgencyBodySchema = createAgencyBodySchema
  .partial()
  .refine((body) => Object.values(body).some((v) => v !== undefined), agencyMessages.nothingToUpdate);
export type UpdateAgencyBody = z.input<typeof updateAgencyBodySchema>;

/** GET /agencies: paged (default limit 100), `search` matches the name (partial, case-insensitive). */
export const listAgenciesQuerySchema = paginationQuerySchema().extend({
  search: z.string().trim().max(100).optional(),
});
export type ListAgenciesQuery = z.input<typeof listAgenciesQuerySchema>;

export const monthSchema = z
  .string({ error: agencyMessages.month })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, agencyMessages.month);

/** Months from..to (YYYY-MM, inclusive, at most 24); default: the 12 months ending this month. */
export const commissionQuerySchema = z
  .object({ from: monthSchema.optional(), to: monthSchema.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: agencyMessages.monthOrder, path: ['from'] })
  .refine(
    (q) => {
      if (!q.from || !q.to) return true;
      const index = (m: string) => Number(m.slice(0, 4)) * 12 + Number(m.slice(5, 7));
      return index(q.to) - index(q.from) < 24;
    },
    { message: agencyMessages.monthRange, path: ['to'] },
  );
export type CommissionQuery = z.input<typeof commissionQuerySchema>;

export const commissionClientSchema = z.object({
  clientId: idSchema,
  companyName: z.string(),
  monthlyFee: z.number().int(),
  commission: z.number().int(),
});

/** One month: the clients ACTIVE at some time in it and the commission each earns (floored to the yen). */
export const commissionMonthSchema = z.object({
  month: z.string(),
  clientCount: z.number().int(),
  monthlyFeeTotal: z.number().int(),
  commission: z.number().int(),
  clients: z.array(commissionClientSchema),
});

export const commissionReportSchema = z.object({
  agencyId: idSchema,
  marginRate: z.number(),
  from: z.string(),
  to: z.string(),
  total: z.number().int(),
  months: z.array(commissionMonthSchema),
});
export type CommissionReport = z.infer<typeof commissionReportSchema>;

/** The link an agency sends to a prospect; the web page pre-fills the agency. */
export const signupLinkSchema = z.object({ agencyId: idSchema, url: z.string() });
export type SignupLink = z.infer<typeof signupLinkSchema>;
