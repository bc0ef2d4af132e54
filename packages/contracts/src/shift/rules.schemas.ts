import { z } from 'zod';
import { dateStringSchema } from '../common/dates.ts';
import { idSchema } from '../common/ids.ts';
import { int, labelSchema, nameSchema } from './shift.fields.ts';
import { shiftMessages } from './shift.schemas.ts';

/* What a store needs staffed: weekly (normal) rules, special rule groups for dates, and shift patterns. */

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
