import { z } from 'zod';
import { dateStringSchema, daySchema } from '../common/dates.ts';
import { staffShiftStatuses } from '../common/enums.ts';
import { idSchema } from '../common/ids.ts';
import { idList, int, intQuery, managerNoteSchema } from './shift.fields.ts';
import { MAX_RANGE_DAYS, shiftMessages, shiftPeriodSchema } from './shift.schemas.ts';
import { tableShiftRowSchema } from './shift-table.ts';
import { shiftStaffSchema } from './staff.schemas.ts';

/* Staff shifts: the shift table of a month or range, saving drafts, approving, changing one shift. */

export const shiftYearSchema = int(shiftMessages.year, 2020, 2100);
export const shiftMonthSchema = int(shiftMessages.month, 1, 12);

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

/**
 * The monthly shift table: the store's staff once, and the month's shifts as compact rows
 * (shift-table.ts; `expandTableShift` rebuilds each as a TableShift).
 */
export const monthlyShiftsSchema = z.object({
  year: z.number().int(),
  month: z.number().int(),
  storeId: idSchema,
  startDate: z.string(),
  endDate: z.string(),
  /** The month's days, startDate to endDate: a row's day is an index into these. */
  days: z.array(z.string()),
  staff: z.array(shiftStaffSchema),
  shifts: z.array(tableShiftRowSchema),
});
export type MonthlyShifts = z.infer<typeof monthlyShiftsSchema>;
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
/** A change of an existing shift inside save-shift (the fields of PUT staff-shift/:id, with its id). */
export const shiftChangeSchema = z
  .object({
    id: z.number({ error: shiftMessages.ids }).int(shiftMessages.ids).positive(shiftMessages.ids),
    startAt: dateStringSchema.optional(),
    endAt: dateStringSchema.optional(),
    managerNote: managerNoteSchema.nullable().optional(),
    isRest: z.boolean({ error: shiftMessages.isRest }).optional(),
  })
  .refine(
    (b) => [b.startAt, b.endAt, b.managerNote, b.isRest].some((v) => v !== undefined),
    shiftMessages.nothingToUpdate,
  );
export const saveShiftBodySchema = z
  .object({
    /** A day of the shift table's closure period; every shift saved must start inside that period. */
    date: daySchema,
    toDraft: idList(shiftMessages.ids).default([]),
    toRequest: idList(shiftMessages.ids).default([]),
    /** Changes of times, rest flag or note of existing shifts, in the same transaction. */
    toUpdate: z.array(shiftChangeSchema, { error: shiftMessages.ids }).default([]),
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
