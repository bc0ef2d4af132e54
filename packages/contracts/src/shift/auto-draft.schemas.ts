import { z } from 'zod';
import { dateStringSchema } from '../common/dates.ts';
import { idSchema } from '../common/ids.ts';
import { MAX_RANGE_DAYS, shiftMessages } from './shift.schemas.ts';

/* The automatic draft (docs/decisions/0017): a preview of proposed drafts, then accepting it. */

export const autoDraftModes = ['FILL_EMPTY', 'REDRAFT'] as const;

const checkRange = (q: { startAtMin: string; startAtMax: string }, ctx: z.RefinementCtx) => {
  const min = Date.parse(q.startAtMin);
  const max = Date.parse(q.startAtMax);
  if (min >= max) ctx.addIssue({ code: 'custom', message: shiftMessages.rangeOrder, path: ['startAtMax'] });
  else if (max - min > (MAX_RANGE_DAYS + 1) * 86_400_000)
    ctx.addIssue({ code: 'custom', message: shiftMessages.rangeTooLong, path: ['startAtMax'] });
};

const draftFields = {
  startAtMin: dateStringSchema,
  startAtMax: dateStringSchema,
  /** FILL_EMPTY keeps every draft and approved shift; REDRAFT redrafts the drafts made from requests. */
  mode: z.enum(autoDraftModes, { error: shiftMessages.draftMode }).default('FILL_EMPTY'),
};
export const autoDraftBodySchema = z.object(draftFields).superRefine(checkRange);
export const acceptAutoDraftBodySchema = z
  .object({
    ...draftFields,
    /** The preview's fingerprint: accepting is refused (409) when the period's shifts changed since. */
    fingerprint: z.string({ error: shiftMessages.fingerprint }).min(1, shiftMessages.fingerprint).max(200),
  })
  .superRefine(checkRange);

const proposedShiftSchema = z.object({
  /** The request (or draft) the proposal is made from. */
  shiftId: idSchema,
  staffId: idSchema,
  date: z.string(),
  startAt: z.string(),
  endAt: z.string(),
  duration: z.number().int(),
  /** The request's own times (a proposal trims a request to its slots, never extends it). */
  requestStartAt: z.string(),
  requestEndAt: z.string(),
});
const gapReasonSchema = z.object({
  kind: z.enum([
    'NO_REQUEST',
    'OUTSIDE_REQUESTS',
    'UNMEETABLE',
    'PARTIAL_REQUEST',
    'SWAP',
    'BLOCKED',
    'NOT_DRAFTED',
  ]),
  staffId: idSchema.nullable(),
  /** CLOSED_DAY, CLOSED_HOURS, REST_DAY, OVERLAP, ONE_PER_DAY, MIN_REST, DAY_CAP, WEEK_CAP, MONTH_CAP; null otherwise. */
  rule: z.string().nullable(),
  /** The reason in Japanese, with the staff member's name. */
  text: z.string(),
});
export const autoDraftResultSchema = z.object({
  mode: z.enum(autoDraftModes),
  startAtMin: z.string(),
  startAtMax: z.string(),
  /** Send it back with the accept call. */
  fingerprint: z.string(),
  proposed: z.array(proposedShiftSchema),
  /** Drafts (REDRAFT mode) that would go back to requests. */
  toRequest: z.array(idSchema),
  slots: z.array(
    z.object({
      date: z.string(),
      startAt: z.string(),
      endAt: z.string(),
      required: z.number().int(),
      assigned: z.number().int(),
      staffIds: z.array(idSchema),
      reasons: z.array(gapReasonSchema),
    }),
  ),
  staff: z.array(
    z.object({
      staffId: idSchema,
      name: z.string(),
      plannedMinutes: z.number().int(),
      proposedMinutes: z.number().int(),
      requestedMinutes: z.number().int(),
      fulfilmentRate: z.number().nullable(),
      targetMinutes: z.number().int().nullable(),
    }),
  ),
  totals: z.object({
    required: z.number().int(),
    assigned: z.number().int(),
    filled: z.number().int(),
    fillable: z.number().int(),
    unfilledSlots: z.number().int(),
    /** Places beyond the required count, summed over the slots. */
    over: z.number().int(),
    proposedShifts: z.number().int(),
    proposedMinutes: z.number().int(),
  }),
});
export type AutoDraftResult = z.infer<typeof autoDraftResultSchema>;
export const acceptAutoDraftResultSchema = z.object({
  drafted: z.number().int(),
  updatedIds: z.array(idSchema),
});
