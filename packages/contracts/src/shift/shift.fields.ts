import { z } from 'zod';
import { shiftMessages } from './shift.schemas.ts';

/* Field rules the shift schemas share; internal to the package (the index does not export this file). */

export const int = (message: string, min: number, max: number) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

/** A number from a query string ('2026' -> 2026); anything else fails with the message. */
export const intQuery = (message: string, min: number, max: number) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), int(message, min, max));

export const idList = (message: string) =>
  z.array(z.number({ error: shiftMessages.ids }).int(shiftMessages.ids).positive(shiftMessages.ids), {
    error: message,
  });

export const nameSchema = z
  .string({ error: shiftMessages.nameRequired })
  .trim()
  .min(1, shiftMessages.nameRequired)
  .max(50, shiftMessages.nameMax);
export const labelSchema = z
  .string({ error: shiftMessages.labelRequired })
  .trim()
  .min(1, shiftMessages.labelRequired)
  .max(50, shiftMessages.labelMax);
export const managerNoteSchema = z.string({ error: shiftMessages.noteMax }).max(1000, shiftMessages.noteMax);
