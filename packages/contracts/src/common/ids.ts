import { z } from 'zod';

export const pathParamMessages = {
  required: 'Path parameter is required',
  notNumeric: 'Path parameter must be a valid number string',
} as const;

/** Ids are PostgreSQL integer (serial) columns: a larger number can name no row and would not fit. */
export const MAX_ID = 2_147_483_647;

const isIdString = (s: string) => /^\d+$/.test(s) && Number(s) <= MAX_ID;

/** A numeric path id ('12'), parsed to a number. */
export const idParamSchema = z
  .string({ error: pathParamMessages.required })
  .min(1, pathParamMessages.required)
  .refine(isIdString, pathParamMessages.notNumeric)
  .transform(Number);

export const queryParamMessages = {
  notNumeric: 'Must be a valid number string',
} as const;

/** A numeric id in a query string ('12'), parsed to a number; bounded like path ids. */
export const idQueryParam = (message: string = queryParamMessages.notNumeric) =>
  z.string({ error: message }).refine(isIdString, message).transform(Number);

/** Params object for routes with a single `:id`. */
export const idParamsSchema = z.object({ id: idParamSchema });
export type IdParams = z.input<typeof idParamsSchema>;

export const idSchema = z.number().int().positive().max(MAX_ID);
