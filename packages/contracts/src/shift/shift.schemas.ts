import { z } from 'zod';
import { daySchema } from '../common/dates.ts';
import { fieldMessages } from '../common/fields.ts';
import { idParamSchema } from '../common/ids.ts';

/*
 * What every part of the shift service shares: its texts, limits, path params and the period shape.
 * Each sub-domain (settings, staff, hours, rules, shifts, liff) pairs <part>.schemas.ts with <part>.endpoints.ts.
 */

/** Texts of the shift service. SPEC.md 5 and 8 give some; the others are ours (docs/decisions/0003). */
export const shiftMessages = {
  reminderTime: 'Reminder time must be HH:MM from 00:00 to 23:59, or 24:00',
  dayGap: 'Day gap must be an integer from -30 to 30',
  reminderCount: 'Exactly three reminders are required',
  pattern: 'Pattern must be FULL_MONTH or HALF_MONTH',
  dayOfMonth: 'dayOfMonth must be an integer from 1 to 28',
  firstHalfDate: 'firstHalfDate must be an integer from 16 to 31',
  secondHalfDate: 'secondHalfDate must be an integer from 1 to 15',
  timeDivision: 'Time division setting must be 1, 15, or 30',
  isPublished: 'isPublished must be a boolean',
  year: 'Year must be an integer from 2020 to 2100',
  month: 'Month must be an integer from 1 to 12',
  startHour: 'startHour must be an integer from 0 to 23',
  endHour: 'endHour must be an integer from 0 to 23',
  startMinute: 'startMinute must be an integer from 0 to 59',
  endMinute: 'endMinute must be an integer from 0 to 59',
  endDayDiff: 'endDayDiff must be 0 or 1',
  shiftEndDayDiff: 'shiftEndDayDiff must be 0 or 1',
  dayOfWeek: "dayOfWeek must be one of '1' to '7'",
  ruleTime: 'Time must be hh:mm:ss',
  staffCount: 'staffCount must be a non-negative integer',
  isRest: 'isRest must be a boolean',
  endAfterStart: 'The end must be after the start',
  tooLong: 'A shift must end within 24 hours of its start',
  staffStatus: 'Status must be one of PENDING, APPROVED',
  shiftStatus: 'Status must be one of REQUEST, DRAFT, APPROVED',
  ids: 'Ids must be positive integers',
  staffIds: 'staffIds must list at least one staff id',
  friendId: 'friendId must be a positive integer',
  staffId: 'staffId must be a positive integer',
  nameRequired: fieldMessages.nameRequired,
  nameMax: 'Name must be at most 50 characters',
  labelRequired: 'Label is required',
  labelMax: 'Label must be at most 50 characters',
  remarkRequired: 'Remark is required',
  remarkMax: 'Remark must be at most 1000 characters',
  noteMax: 'Manager note must be at most 1000 characters',
  employeeNumberMax: 'Employee number must be at most 50 characters',
  schedulesRequired: 'At least one schedule is required',
  rangeOrder: 'startAtMin must be before startAtMax',
  dayRangeOrder: 'startDate must not be after endDate',
  rangeTooLong: 'The range cannot exceed 93 days',
  nothingToUpdate: 'Send at least one field to update',
  bothLists: 'A shift cannot be in both toDraft and toRequest',
  isApprove: 'isApprove must be a boolean',
  // service-level texts
  storeNotFound: 'Store not found',
  staffNotFound: 'Staff not found',
  friendNotFound: 'Friend not found',
  shiftNotFound: 'Shift not found',
  ruleNotFound: 'Rule not found',
  specialRuleNotFound: 'Special rule not found',
  patternNotFound: 'Shift pattern not found',
  remarkNotFound: 'Remark not found',
  misaligned: 'Shift times must align to the time division setting',
  outsidePeriod: 'The shift is outside the period of the shift table',
  approvedLocked: 'Approved shifts cannot be moved between REQUEST and DRAFT',
  overlap: 'The shift overlaps another shift of the same staff member',
  minRestHours: 'minRestHours must be a whole number from 0 to 24',
  maxHoursPerDay: 'maxHoursPerDay must be a whole number from 1 to 24, or null',
  maxHoursPerWeek: 'maxHoursPerWeek must be a whole number from 1 to 168, or null',
  maxHoursPerMonth: 'maxHoursPerMonth must be a whole number from 1 to 744, or null',
  targetHoursPerMonth: 'targetHoursPerMonth must be a whole number from 1 to 744, or null',
  allowMultipleShiftsPerDay: 'allowMultipleShiftsPerDay must be true or false',
  draftOutdated: 'The shifts of the period changed since the draft was proposed; draft again',
  draftMode: 'mode must be FILL_EMPTY or REDRAFT',
  fingerprint: 'fingerprint is required',
  noOpenPeriod: 'No submission period is open',
  outsideOpenPeriod: 'Requests must fall inside the open submission period',
  requestLocked: 'Only requests that the manager has not yet handled can be changed',
  // SPEC.md 8
  staffNotApproved: 'Staff is not approved.',
  notFollowing: 'User blocked or is not following LINE OA.',
  idTokenRequired: 'A LINE ID token is required',
  idTokenInvalid: 'The LINE ID token is invalid or has expired',
} as const;

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
