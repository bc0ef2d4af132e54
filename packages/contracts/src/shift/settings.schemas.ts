import { z } from 'zod';
import { storeStatuses } from '../common/enums.ts';
import { idSchema } from '../common/ids.ts';
import { paginationQuerySchema } from '../common/pagination.ts';
import { int } from './shift.fields.ts';
import {
  closurePatterns,
  SHIFT_STORE_PAGE_SIZE,
  shiftMessages,
  shiftPeriodSchema,
  timeDivisions,
} from './shift.schemas.ts';

/* Shift stores and their settings: the three submission reminders and the closure (periods, time division). */

export const reminderTimeSchema = z
  .string({ error: shiftMessages.reminderTime })
  .regex(/^(?:(?:[01]\d|2[0-3]):[0-5]\d|24:00)$/, shiftMessages.reminderTime);
export const dayGapSchema = int(shiftMessages.dayGap, -30, 30);
export const timeDivisionSchema = z
  .number({ error: shiftMessages.timeDivision })
  .refine((v) => (timeDivisions as readonly number[]).includes(v), shiftMessages.timeDivision);

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

// ---- closure ----

export const updateShiftClosureBodySchema = z.object({
  pattern: z.enum(closurePatterns, { error: shiftMessages.pattern }).optional(),
  dayOfMonth: int(shiftMessages.dayOfMonth, 1, 28).optional(),
  firstHalfDate: int(shiftMessages.firstHalfDate, 16, 31).optional(),
  secondHalfDate: int(shiftMessages.secondHalfDate, 1, 15).optional(),
  isPublished: z.boolean({ error: shiftMessages.isPublished }).optional(),
  timeDivisionSetting: timeDivisionSchema.optional(),
  /** The automatic draft's rules: hours of rest between working days, caps (null = none). */
  minRestHours: int(shiftMessages.minRestHours, 0, 24).optional(),
  maxHoursPerDay: int(shiftMessages.maxHoursPerDay, 1, 24).nullable().optional(),
  maxHoursPerWeek: int(shiftMessages.maxHoursPerWeek, 1, 168).nullable().optional(),
  maxHoursPerMonth: int(shiftMessages.maxHoursPerMonth, 1, 744).nullable().optional(),
  allowMultipleShiftsPerDay: z.boolean({ error: shiftMessages.allowMultipleShiftsPerDay }).optional(),
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
  minRestHours: z.number().int(),
  maxHoursPerDay: z.number().int().nullable(),
  maxHoursPerWeek: z.number().int().nullable(),
  maxHoursPerMonth: z.number().int().nullable(),
  allowMultipleShiftsPerDay: z.boolean(),
  /** The period staff submit requests for now; null while the setting is not published. */
  openPeriod: shiftPeriodSchema.nullable(),
});
export type ShiftClosure = z.infer<typeof shiftClosureSchema>;
