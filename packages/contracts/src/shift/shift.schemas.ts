import { z } from 'zod';
import { dateStringSchema, daySchema } from '../common/dates.ts';
import { staffShiftStatuses, staffStatuses, storeStatuses } from '../common/enums.ts';
import { fieldMessages } from '../common/fields.ts';
import { idParamSchema, idSchema } from '../common/ids.ts';
import { paginationQuerySchema } from '../common/pagination.ts';

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

// ---- small field rules ----

const int = (message: string, min: number, max: number) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

/** A number from a query string ('2026' -> 2026); anything else fails with the message. */
const intQuery = (message: string, min: number, max: number) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), int(message, min, max));

export const reminderTimeSchema = z
  .string({ error: shiftMessages.reminderTime })
  .regex(/^(?:(?:[01]\d|2[0-3]):[0-5]\d|24:00)$/, shiftMessages.reminderTime);
export const dayGapSchema = int(shiftMessages.dayGap, -30, 30);
export const shiftYearSchema = int(shiftMessages.year, 2020, 2100);
export const shiftMonthSchema = int(shiftMessages.month, 1, 12);
export const timeDivisionSchema = z
  .number({ error: shiftMessages.timeDivision })
  .refine((v) => (timeDivisions as readonly number[]).includes(v), shiftMessages.timeDivision);

const idList = (message: string) =>
  z.array(z.number({ error: shiftMessages.ids }).int(shiftMessages.ids).positive(shiftMessages.ids), {
    error: message,
  });

const nameSchema = z
  .string({ error: shiftMessages.nameRequired })
  .trim()
  .min(1, shiftMessages.nameRequired)
  .max(50, shiftMessages.nameMax);
const labelSchema = z
  .string({ error: shiftMessages.labelRequired })
  .trim()
  .min(1, shiftMessages.labelRequired)
  .max(50, shiftMessages.labelMax);
const managerNoteSchema = z.string({ error: shiftMessages.noteMax }).max(1000, shiftMessages.noteMax);

// ---- params ----

export const shiftStoreParamsSchema = z.object({ storeId: idParamSchema });
export const shiftStoreItemParamsSchema = z.object({ storeId: idParamSchema, id: idParamSchema });
export const shiftStaffParamsSchema = z.object({ storeId: idParamSchema, staffId: idParamSchema });
export const remarkDateParamsSchema = z.object({ storeId: idParamSchema, date: daySchema });
export const staffRemarkParamsSchema = z.object({
  storeId: idParamSchema,
  staffId: idParamSchema,
  date: daySchema,
});

// ---- stores ----

export const shiftStoreSchema = z.object({
  id: idSchema,
  name: z.string(),
  status: z.enum(storeStatuses),
  lineAccountId: idSchema,
  lineAccountName: z.string(),
  liffId: z.string().nullable(),
  timeZone: z.string(),
  createdAt: z.string(),
});
export type ShiftStore = z.infer<typeof shiftStoreSchema>;
export const listShiftStoresQuerySchema = paginationQuerySchema({ defaultLimit: SHIFT_STORE_PAGE_SIZE });

// ---- reminder settings ----

export const shiftReminderSchema = z.object({
  time: reminderTimeSchema.nullable(),
  dayGap: dayGapSchema.nullable(),
});
export const reminderSettingsBodySchema = z.object({
  reminders: z
    .array(shiftReminderSchema, { error: shiftMessages.reminderCount })
    .length(3, shiftMessages.reminderCount),
});
export type ReminderSettingsBody = z.input<typeof reminderSettingsBodySchema>;
export const reminderSettingsSchema = z.object({
  storeId: idSchema,
  reminders: z.array(z.object({ time: z.string().nullable(), dayGap: z.number().int().nullable() })),
});
export type ReminderSettings = z.infer<typeof reminderSettingsSchema>;

// ---- closure and periods ----

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

export const updateShiftClosureBodySchema = z.object({
  pattern: z.enum(closurePatterns, { error: shiftMessages.pattern }).optional(),
  dayOfMonth: int(shiftMessages.dayOfMonth, 1, 28).optional(),
  firstHalfDate: int(shiftMessages.firstHalfDate, 16, 31).optional(),
  secondHalfDate: int(shiftMessages.secondHalfDate, 1, 15).optional(),
  isPublished: z.boolean({ error: shiftMessages.isPublished }).optional(),
  timeDivisionSetting: timeDivisionSchema.optional(),
});
export type UpdateShiftClosureBody = z.input<typeof updateShiftClosureBodySchema>;
export const shiftClosureSchema = z.object({
  storeId: idSchema,
  pattern: z.enum(closurePatterns),
  dayOfMonth: z.number().int(),
  firstHalfDate: z.number().int(),
  secondHalfDate: z.number().int(),
  isPublished: z.boolean(),
  timeDivisionSetting: z.number().int(),
  /** The period staff submit requests for now; null while the setting is not published. */
  openPeriod: shiftPeriodSchema.nullable(),
});
export type ShiftClosure = z.infer<typeof shiftClosureSchema>;

// ---- staff ----

export const shiftStaffSchema = z.object({
  id: idSchema,
  friendId: idSchema.nullable(),
  /** The friend's LINE display name, or a helper's name. */
  name: z.string(),
  pictureUrl: z.string().nullable(),
  isHelper: z.boolean(),
  isFollowing: z.boolean(),
  employeeNumber: z.string().nullable(),
  status: z.enum(staffStatuses),
  managerNotes: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ShiftStaff = z.infer<typeof shiftStaffSchema>;

export const createHelperBodySchema = z.object({ name: nameSchema });
export const shiftHelperSchema = z.object({ id: idSchema, name: z.string() });
export const listShiftStaffQuerySchema = paginationQuerySchema({
  defaultLimit: SHIFT_STAFF_PAGE_SIZE,
}).extend({
  status: z.enum(staffStatuses, { error: shiftMessages.staffStatus }).optional(),
});
export const updateStaffStatusBodySchema = z.object({
  friendId: z
    .number({ error: shiftMessages.friendId })
    .int(shiftMessages.friendId)
    .positive(shiftMessages.friendId),
  status: z.enum(staffStatuses, { error: shiftMessages.staffStatus }),
});
export const staffIdsBodySchema = z.object({
  staffIds: idList(shiftMessages.staffIds).min(1, shiftMessages.staffIds),
});
export const bulkStaffResultSchema = z.object({ success: z.literal(true), count: z.number().int() });
export const updateStaffBodySchema = z
  .object({
    employeeNumber: z
      .string({ error: shiftMessages.employeeNumberMax })
      .trim()
      .max(50, shiftMessages.employeeNumberMax)
      .nullable()
      .optional(),
    managerNotes: managerNoteSchema.nullable().optional(),
  })
  .refine(
    (b) => b.employeeNumber !== undefined || b.managerNotes !== undefined,
    shiftMessages.nothingToUpdate,
  );

export const saveRemarkBodySchema = z.object({
  remark: z
    .string({ error: shiftMessages.remarkRequired })
    .trim()
    .min(1, shiftMessages.remarkRequired)
    .max(1000, shiftMessages.remarkMax),
  date: daySchema,
});
export const staffRemarkSchema = z.object({
  id: idSchema,
  staffId: idSchema,
  date: z.string(),
  remark: z.string(),
  updatedAt: z.string(),
});
export type StaffRemark = z.infer<typeof staffRemarkSchema>;

// ---- rules ----

const ruleTimeSchema = z
  .string({ error: shiftMessages.ruleTime })
  .regex(/^(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d)?$/, shiftMessages.ruleTime)
  .transform((s) => (s.length === 5 ? `${s}:00` : s));

const minutesOf = (hhmmss: string) => Number(hhmmss.slice(0, 2)) * 60 + Number(hhmmss.slice(3, 5));

export const normalRuleInputSchema = z
  .object({
    dayOfWeek: z.preprocess(
      (v) => (typeof v === 'number' ? String(v) : v),
      z.enum(['1', '2', '3', '4', '5', '6', '7'], { error: shiftMessages.dayOfWeek }),
    ),
    shiftStartTime: ruleTimeSchema,
    shiftEndTime: ruleTimeSchema,
    shiftEndDayDiff: z
      .union([z.literal(0), z.literal(1)], { error: shiftMessages.shiftEndDayDiff })
      .default(0),
    staffCount: z
      .number({ error: shiftMessages.staffCount })
      .int(shiftMessages.staffCount)
      .min(0, shiftMessages.staffCount),
    isRest: z.boolean({ error: shiftMessages.isRest }).default(false),
  })
  .superRefine((rule, ctx) => {
    const duration =
      minutesOf(rule.shiftEndTime) + rule.shiftEndDayDiff * 1440 - minutesOf(rule.shiftStartTime);
    if (duration <= 0)
      ctx.addIssue({ code: 'custom', message: shiftMessages.endAfterStart, path: ['shiftEndTime'] });
    else if (duration > 1440)
      ctx.addIssue({ code: 'custom', message: shiftMessages.tooLong, path: ['shiftEndTime'] });
  });
export type NormalRuleInput = z.input<typeof normalRuleInputSchema>;
export const createNormalRulesBodySchema = z.object({
  schedules: z
    .array(normalRuleInputSchema, { error: shiftMessages.schedulesRequired })
    .min(1, shiftMessages.schedulesRequired),
});
/** Replaces the store's weekly set; an empty list clears it. */
export const replaceNormalRulesBodySchema = z.object({
  scheduleNormalRules: z.array(normalRuleInputSchema, { error: shiftMessages.schedulesRequired }),
});
export const normalRuleSchema = z.object({
  id: idSchema,
  storeId: idSchema,
  dayOfWeek: z.string(),
  shiftStartTime: z.string(),
  shiftEndTime: z.string(),
  shiftDurationMinutes: z.number().int(),
  shiftEndDayDiff: z.number().int(),
  staffCount: z.number().int(),
  isRest: z.boolean(),
});
export type NormalRule = z.infer<typeof normalRuleSchema>;

export const specialRuleInputSchema = z
  .object({
    shiftStartDateTime: dateStringSchema,
    shiftEndDateTime: dateStringSchema,
    staffCount: z
      .number({ error: shiftMessages.staffCount })
      .int(shiftMessages.staffCount)
      .min(0, shiftMessages.staffCount),
    isRest: z.boolean({ error: shiftMessages.isRest }).default(false),
  })
  .superRefine((rule, ctx) => {
    // Both sides are read in the same zone, so comparing parsed values is enough for the order check.
    const start = Date.parse(rule.shiftStartDateTime);
    const end = Date.parse(rule.shiftEndDateTime);
    if (end <= start)
      ctx.addIssue({ code: 'custom', message: shiftMessages.endAfterStart, path: ['shiftEndDateTime'] });
    else if (end - start > 86_400_000)
      ctx.addIssue({ code: 'custom', message: shiftMessages.tooLong, path: ['shiftEndDateTime'] });
  });
export const createSpecialRuleGroupBodySchema = z.object({
  label: labelSchema,
  schedules: z
    .array(specialRuleInputSchema, { error: shiftMessages.schedulesRequired })
    .min(1, shiftMessages.schedulesRequired),
});
export const updateSpecialRuleGroupBodySchema = z.object({
  label: labelSchema,
  specialRules: z
    .array(specialRuleInputSchema, { error: shiftMessages.schedulesRequired })
    .min(1, shiftMessages.schedulesRequired),
});
export const listSpecialRulesQuerySchema = z
  .object({ startAtMin: dateStringSchema.optional(), startAtMax: dateStringSchema.optional() })
  .refine(
    (q) => !q.startAtMin || !q.startAtMax || Date.parse(q.startAtMin) < Date.parse(q.startAtMax),
    shiftMessages.rangeOrder,
  );
export const specialRuleSchema = z.object({
  id: idSchema,
  specialRuleGroupId: idSchema,
  storeId: idSchema,
  shiftStartDateTime: z.string(),
  shiftEndDateTime: z.string(),
  shiftDurationMinutes: z.number().int(),
  staffCount: z.number().int(),
  isRest: z.boolean(),
});
export const specialRuleGroupSchema = z.object({
  id: idSchema,
  storeId: idSchema,
  label: z.string(),
  specialRules: z.array(specialRuleSchema),
});
export type SpecialRuleGroup = z.infer<typeof specialRuleGroupSchema>;

// ---- shift patterns ----

export const shiftPatternBodySchema = z.object({
  name: nameSchema,
  startHour: int(shiftMessages.startHour, 0, 23),
  startMinute: int(shiftMessages.startMinute, 0, 59),
  endHour: int(shiftMessages.endHour, 0, 23),
  endMinute: int(shiftMessages.endMinute, 0, 59),
  endDayDiff: z.union([z.literal(0), z.literal(1)], { error: shiftMessages.endDayDiff }).default(0),
});
export const shiftPatternSchema = z.object({
  id: idSchema,
  storeId: idSchema,
  name: z.string(),
  startHour: z.number().int(),
  startMinute: z.number().int(),
  endHour: z.number().int(),
  endMinute: z.number().int(),
  endDayDiff: z.number().int(),
});
export type ShiftPattern = z.infer<typeof shiftPatternSchema>;

// ---- staff shifts ----

export const staffShiftSchema = z.object({
  id: idSchema,
  scheduleId: idSchema.nullable(),
  staffId: idSchema,
  storeId: idSchema,
  status: z.enum(staffShiftStatuses),
  /** Store-local wall-clock instants with the store's offset, e.g. 2026-12-01T22:00:00+09:00. */
  startAt: z.string(),
  endAt: z.string(),
  /** The store-local day the shift counts on (the day it starts). */
  date: z.string(),
  /** 1 when the shift ends on the next day (overnight). */
  endDayDiff: z.number().int(),
  /** Minutes. */
  duration: z.number().int(),
  managerNote: z.string().nullable(),
  isRest: z.boolean(),
  /** The staff member's own request, kept when a manager changes it. */
  isRequested: z.boolean(),
  originalStartAt: z.string().nullable(),
  originalEndAt: z.string().nullable(),
  originalDuration: z.number().int().nullable(),
  hasBeenModified: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StaffShift = z.infer<typeof staffShiftSchema>;

export const shiftMonthlyQuerySchema = z.object({
  year: intQuery(shiftMessages.year, 2020, 2100),
  month: intQuery(shiftMessages.month, 1, 12),
});
export const shiftMonthlyBodySchema = z.object({ year: shiftYearSchema, month: shiftMonthSchema });

const rangeQuery = z.object({ startAtMin: dateStringSchema, startAtMax: dateStringSchema });
const checkRange = (q: { startAtMin: string; startAtMax: string }, ctx: z.RefinementCtx) => {
  const min = Date.parse(q.startAtMin);
  const max = Date.parse(q.startAtMax);
  if (min >= max) ctx.addIssue({ code: 'custom', message: shiftMessages.rangeOrder, path: ['startAtMax'] });
  else if (max - min > (MAX_RANGE_DAYS + 1) * 86_400_000)
    ctx.addIssue({ code: 'custom', message: shiftMessages.rangeTooLong, path: ['startAtMax'] });
};
export const shiftRangeQuerySchema = rangeQuery.superRefine(checkRange);
export const listShiftsQuerySchema = rangeQuery
  .extend({
    status: z.enum(staffShiftStatuses, { error: shiftMessages.shiftStatus }).optional(),
    /** Shifts whose manager note contains this text. */
    managerNote: z.string().trim().max(1000, shiftMessages.noteMax).optional(),
  })
  .superRefine(checkRange);

export const monthlyShiftsSchema = z.object({
  year: z.number().int(),
  month: z.number().int(),
  startDate: z.string(),
  endDate: z.string(),
  staff: z.array(shiftStaffSchema),
  shifts: z.array(staffShiftSchema),
});
export const dailyShiftsSchema = z.object({
  days: z.array(z.object({ date: z.string(), shifts: z.array(staffShiftSchema) })),
});

export const updateShiftBodySchema = z
  .object({
    startAt: dateStringSchema.optional(),
    endAt: dateStringSchema.optional(),
    managerNote: managerNoteSchema.nullable().optional(),
    isRest: z.boolean({ error: shiftMessages.isRest }).optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), shiftMessages.nothingToUpdate);

export const newShiftSchema = z.object({
  staffId: z
    .number({ error: shiftMessages.staffId })
    .int(shiftMessages.staffId)
    .positive(shiftMessages.staffId),
  startAt: dateStringSchema,
  endAt: dateStringSchema,
  isRest: z.boolean({ error: shiftMessages.isRest }).default(false),
  managerNote: managerNoteSchema.nullable().optional(),
});
export const saveShiftBodySchema = z
  .object({
    /** A day of the shift table's closure period; every shift saved must start inside that period. */
    date: daySchema,
    toDraft: idList(shiftMessages.ids).default([]),
    toRequest: idList(shiftMessages.ids).default([]),
    toCreate: z.array(newShiftSchema).default([]),
  })
  .refine((b) => !b.toDraft.some((id) => b.toRequest.includes(id)), shiftMessages.bothLists);
export type SaveShiftBody = z.input<typeof saveShiftBodySchema>;
export const saveShiftResultSchema = z.object({
  period: shiftPeriodSchema,
  updatedIds: z.array(idSchema),
  created: z.array(staffShiftSchema),
});
export const approveDraftBodySchema = z
  .object({
    startAtMin: dateStringSchema,
    startAtMax: dateStringSchema,
    isApprove: z.boolean({ error: shiftMessages.isApprove }).default(true),
  })
  .superRefine(checkRange);
export const approveDraftResultSchema = z.object({ success: z.literal(true), count: z.number().int() });

// ---- hours ----

export const dailyHoursBodySchema = z
  .object({ startDate: daySchema, endDate: daySchema })
  .superRefine((b, ctx) => {
    const days = (Date.parse(b.endDate) - Date.parse(b.startDate)) / 86_400_000;
    if (days < 0) ctx.addIssue({ code: 'custom', message: shiftMessages.dayRangeOrder, path: ['endDate'] });
    else if (days >= MAX_RANGE_DAYS)
      ctx.addIssue({ code: 'custom', message: shiftMessages.rangeTooLong, path: ['endDate'] });
  });
export const monthlyHoursSchema = z.object({
  year: z.number().int(),
  month: z.number().int(),
  staffHours: z.array(z.object({ staffId: idSchema, name: z.string(), totalHours: z.number() })),
});
export const dailyHoursSchema = z.object({
  startDate: z.string(),
  endDate: z.string(),
  dates: z.array(z.string()),
  staffHours: z.array(
    z.object({
      staffId: idSchema,
      name: z.string(),
      totalHours: z.number(),
      dates: z.array(z.object({ date: z.string(), totalHours: z.number() })),
    }),
  ),
});

// ---- the shift mini-app (LIFF) ----

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
