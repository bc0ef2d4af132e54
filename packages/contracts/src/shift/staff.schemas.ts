import { z } from 'zod';
import { daySchema } from '../common/dates.ts';
import { staffStatuses } from '../common/enums.ts';
import { idSchema } from '../common/ids.ts';
import { paginationQuerySchema } from '../common/pagination.ts';
import { idList, int, managerNoteSchema, nameSchema } from './shift.fields.ts';
import { MAX_RANGE_DAYS, SHIFT_STAFF_PAGE_SIZE, shiftMessages } from './shift.schemas.ts';

/* Staff of a store (LINE friends and helpers), their status, notes and day remarks. */

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
  /** Caps for the automatic draft (null = the store's) and target hours a month. */
  maxHoursPerDay: z.number().int().nullable(),
  maxHoursPerWeek: z.number().int().nullable(),
  maxHoursPerMonth: z.number().int().nullable(),
  targetHoursPerMonth: z.number().int().nullable(),
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
    maxHoursPerDay: int(shiftMessages.maxHoursPerDay, 1, 24).nullable().optional(),
    maxHoursPerWeek: int(shiftMessages.maxHoursPerWeek, 1, 168).nullable().optional(),
    maxHoursPerMonth: int(shiftMessages.maxHoursPerMonth, 1, 744).nullable().optional(),
    targetHoursPerMonth: int(shiftMessages.targetHoursPerMonth, 1, 744).nullable().optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), shiftMessages.nothingToUpdate);

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
/** Remarks of every staff member for the days startDate..endDate (the shift table's period). */
export const listRemarksQuerySchema = z
  .object({ startDate: daySchema, endDate: daySchema })
  .superRefine((q, ctx) => {
    const days = (Date.parse(q.endDate) - Date.parse(q.startDate)) / 86_400_000;
    if (days < 0) ctx.addIssue({ code: 'custom', message: shiftMessages.dayRangeOrder, path: ['endDate'] });
    else if (days >= MAX_RANGE_DAYS)
      ctx.addIssue({ code: 'custom', message: shiftMessages.rangeTooLong, path: ['endDate'] });
  });
