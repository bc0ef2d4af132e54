import { z } from 'zod';
import { daySchema } from '../common/dates.ts';
import { idParamSchema } from '../common/ids.ts';

/*
 * What every part of the shift service shares: its texts, limits, path params and the period shape.
 * Each sub-domain (settings, staff, hours, rules, shifts, liff) pairs <part>.schemas.ts with <part>.endpoints.ts.
 */

export { shiftMessages } from './shift.messages.ts';

export const closurePatterns = ['FULL_MONTH', 'HALF_MONTH'] as const;
export type ClosurePattern = (typeof closurePatterns)[number];
export const timeDivisions = [1, 15, 30] as const;
export const SHIFT_STAFF_PAGE_SIZE = 10;
export const SHIFT_STORE_PAGE_SIZE = 10;
/** Staff see everyone's approved shifts for this many days from today. */
export const UPCOMING_SHIFT_DAYS = 14;
export const MAX_RANGE_DAYS = 93;

// ---- path params ----

export const shiftStoreParamsSchema = z.object({ storeId: idParamSchema });
export const shiftStoreItemParamsSchema = z.object({ storeId: idParamSchema, id: idParamSchema });
export const shiftStaffParamsSchema = z.object({ storeId: idParamSchema, staffId: idParamSchema });
export const remarkDateParamsSchema = z.object({ storeId: idParamSchema, date: daySchema });
export const staffRemarkParamsSchema = z.object({
  storeId: idParamSchema,
  staffId: idParamSchema,
  date: daySchema,
});
/** Parsed path params as the shift services take them (ids are numbers once parsed). */
export type ShiftStoreParams = z.output<typeof shiftStoreParamsSchema>;
export type ShiftStoreItemParams = z.output<typeof shiftStoreItemParamsSchema>;
export type ShiftStaffParams = z.output<typeof shiftStaffParamsSchema>;
export type RemarkDateParams = z.output<typeof remarkDateParamsSchema>;
export type StaffRemarkParams = z.output<typeof staffRemarkParamsSchema>;

// ---- the closure period (settings, shifts and the mini-app show it) ----

export const shiftPeriodSchema = z.object({
  /** '2026-12' (FULL_MONTH) or '2026-12-H1' / '2026-12-H2' (HALF_MONTH). */
  key: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  /** Requests are accepted up to the end of this store-local day. */
  closingDate: z.string(),
  closesAt: z.string(),
});
export type ShiftPeriod = z.infer<typeof shiftPeriodSchema>;
