import { z } from 'zod';

export const pathParamMessages = {
  required: 'Path parameter is required',
  notNumeric: 'Path parameter must be a valid number string',
} as const;

/** A numeric path id ('12'), parsed to a number. */
export const idParamSchema = z
  .string({ error: pathParamMessages.required })
  .min(1, pathParamMessages.required)
  .regex(/^\d+$/, pathParamMessages.notNumeric)
  .refine((s) => Number.isSafeInteger(Number(s)), pathParamMessages.notNumeric)
  .transform(Number);

/** Params object for routes with a single `:id`. */
export const idParamsSchema = z.object({ id: idParamSchema });
export type IdParams = z.input<typeof idParamsSchema>;

export const idSchema = z.number().int().positive();
