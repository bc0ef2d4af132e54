import { z } from 'zod';
import { dateStringSchema } from '../common/dates.ts';
import { staffStatuses } from '../common/enums.ts';
import { idSchema } from '../common/ids.ts';
import { shiftMessages, shiftPeriodSchema } from './shift.schemas.ts';
import { shiftRangeQuerySchema, staffShiftSchema } from './shifts.schemas.ts';

/* The shift mini-app (LIFF): a staff member's own sign-up, requests, shifts and remarks. */

export const liffMeSchema = z.object({
  store: z.object({ id: idSchema, name: z.string(), timeZone: z.string() }),
  friend: z.object({ id: idSchema, displayName: z.string(), pictureUrl: z.string().nullable() }),
  staff: z.object({ id: idSchema, status: z.enum(staffStatuses) }).nullable(),
});
export const liffSignupBodySchema = z.object({
  employeeNumber: z.string().trim().max(50, shiftMessages.employeeNumberMax).optional(),
});
export const liffPeriodSchema = z.object({
  period: shiftPeriodSchema.nullable(),
  timeDivisionSetting: z.number().int(),
  hasSubmitted: z.boolean(),
});
export const shiftRequestSchema = z.object({
  startAt: dateStringSchema,
  endAt: dateStringSchema,
  isRest: z.boolean({ error: shiftMessages.isRest }).default(false),
});
/** The staff member's whole set of requests for the open period (replaces the earlier set). */
export const submitRequestsBodySchema = z.object({
  requests: z.array(shiftRequestSchema, { error: shiftMessages.schedulesRequired }),
});
export const liffRequestsSchema = z.object({ period: shiftPeriodSchema, shifts: z.array(staffShiftSchema) });
export const liffShiftsQuerySchema = shiftRangeQuerySchema;
export const upcomingShiftsSchema = z.object({
  startDate: z.string(),
  endDate: z.string(),
  shifts: z.array(staffShiftSchema.extend({ staffName: z.string() })),
});
export type LiffMe = z.infer<typeof liffMeSchema>;
export type LiffPeriod = z.infer<typeof liffPeriodSchema>;
export type LiffRequests = z.infer<typeof liffRequestsSchema>;
export type UpcomingShifts = z.infer<typeof upcomingShiftsSchema>;
