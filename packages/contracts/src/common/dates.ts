import { z } from 'zod';

export const dateMessages = {
  invalidDate: 'Invalid date string',
  invalidDay: 'Invalid date format. Expected YYYY-MM-DD.',
} as const;

/** Any string Date can parse (ISO 8601 instants and dates). */
export const dateStringSchema = z
  .string({ error: dateMessages.invalidDate })
  .refine((s) => s.trim() !== '' && !Number.isNaN(Date.parse(s)), dateMessages.invalidDate);

function isCalendarDay(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** A calendar day, YYYY-MM-DD, that exists (no 2026-02-30). */
export const daySchema = z
  .string({ error: dateMessages.invalidDay })
  .refine(isCalendarDay, dateMessages.invalidDay);
