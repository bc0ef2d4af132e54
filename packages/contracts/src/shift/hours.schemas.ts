import { z } from 'zod';
import { daySchema } from '../common/dates.ts';
import { idSchema } from '../common/ids.ts';
import { MAX_RANGE_DAYS, shiftMessages } from './shift.schemas.ts';

/* Approved working hours per staff member (the monthly CSV export shares the shifts' month query). */

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
