import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint.ts';
import { S, read } from './shift.paths.ts';
import { dailyHoursBodySchema, dailyHoursSchema, monthlyHoursSchema } from './hours.schemas.ts';
import { shiftStoreParamsSchema } from './shift.schemas.ts';
import { shiftMonthlyBodySchema, shiftMonthlyQuerySchema } from './shifts.schemas.ts';

/** Approved working hours, and the monthly shift table as CSV. */
export const shiftHoursEndpoints = {
  monthlyHours: defineEndpoint({
    ...read,
    method: 'POST',
    path: `${S}/staff/monthly-hours`,
    summary: 'Approved working hours per staff member for a month',
    params: shiftStoreParamsSchema,
    body: shiftMonthlyBodySchema,
    responses: { 200: monthlyHoursSchema },
  }),
  dailyHours: defineEndpoint({
    ...read,
    method: 'POST',
    path: `${S}/staff/daily-hours`,
    summary: 'Approved working hours per staff member and day',
    params: shiftStoreParamsSchema,
    body: dailyHoursBodySchema,
    responses: { 200: dailyHoursSchema },
  }),
  monthlyShiftsCsv: defineEndpoint({
    ...read,
    method: 'GET',
    path: `${S}/staff-shift/monthly/csv`,
    summary: 'Approved shifts of a month as a staff x day CSV with totals (UTF-8 with BOM)',
    params: shiftStoreParamsSchema,
    query: shiftMonthlyQuerySchema,
    produces: ['text/csv'],
    responses: { 200: z.string() },
  }),
};
