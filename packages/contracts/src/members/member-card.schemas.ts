import { z } from 'zod';
import { idParamSchema, idSchema } from '../common/ids.ts';
import {
  memberCardMessages as m,
  memberCounterActions,
  memberLedgerKinds,
  memberProgramKinds,
  memberRankBases,
  memberRoundings,
} from './members.messages.ts';
import { memberParamsSchema } from './members.schemas.ts';

/* The member card that earns (issue 33): the store's programme, the ledger, the counter and the card. */

const whole = (max: number, message: string = m.wholeNumber) =>
  z.number({ error: message }).int(message).min(0, message).max(max, message);

export const memberRankSchema = z.object({
  name: z.string({ error: m.rankName }).trim().min(1, m.rankName).max(30, m.rankName),
  /** Points earned, or visits, in the last 12 months (Japan time) from which a member holds the rank. */
  threshold: whole(10_000_000),
  benefits: z.string({ error: m.rankBenefits }).trim().max(500, m.rankBenefits).default(''),
  /**
   * The LINE text pushed to a member on reaching this rank ('' = the MEMBER_RANK_CHANGED notification
   * template instead); `{name}` is the member's name (decisions 0040, 0050).
   */
  message: z.string({ error: m.rankMessage }).trim().max(5000, m.rankMessage).default(''),
});
export type MemberRank = z.output<typeof memberRankSchema>;

const ranksSchema = z
  .array(memberRankSchema, { error: m.ranksOrder })
  .max(10, m.ranksOrder)
  .refine(
    (ranks) =>
      ranks.length === 0 ||
      (ranks[0]!.threshold === 0 &&
        ranks.every((r, i) => i === 0 || r.threshold > ranks[i - 1]!.threshold) &&
        new Set(ranks.map((r) => r.name)).size === ranks.length),
    m.ranksOrder,
  );

/** The programme of a member store: points (per visit and/or per yen) or stamps, and its ranks. */
export const memberProgramBodySchema = z
  .object({
    kind: z.enum(memberProgramKinds, { error: m.kind }),
    pointsPerVisit: whole(10_000),
    /** Points per yen spent (0.01: 1 point per ¥100), rounded by `rounding`. */
    pointsPerYen: z.number({ error: m.pointsPerYen }).min(0, m.pointsPerYen).max(1, m.pointsPerYen),
    rounding: z.enum(memberRoundings, { error: m.rounding }),
    /** Points expire this many months after the month they were earned in (Japan time); null: never. */
    expiryMonths: z
      .number({ error: m.expiryMonths })
      .int(m.expiryMonths)
      .min(1, m.expiryMonths)
      .max(120, m.expiryMonths)
      .nullable(),
    /** What a reward costs: points (POINTS) or stamps (STAMPS, the card's size). */
    rewardPoints: whole(10_000_000),
    stampsForReward: z
      .number({ error: m.stampsForReward })
      .int(m.stampsForReward)
      .min(1, m.stampsForReward)
      .max(100, m.stampsForReward),
    /** The least time between two stamps of a member, in minutes (0: none). */
    stampIntervalMinutes: whole(7 * 24 * 60),
    rewardName: z.string({ error: m.rewardName }).trim().min(1, m.rewardName).max(50, m.rewardName),
    rankBasis: z.enum(memberRankBases, { error: m.rankBasis }),
    ranks: ranksSchema,
  })
  .refine((p) => p.kind !== 'POINTS' || p.pointsPerVisit > 0 || p.pointsPerYen > 0, {
    message: m.earnsNothing,
    path: ['pointsPerVisit'],
  });
export type MemberProgramBody = z.input<typeof memberProgramBodySchema>;

export const memberProgramSchema = z.object({
  storeId: idSchema,
  kind: z.enum(memberProgramKinds),
  pointsPerVisit: z.number().int(),
  pointsPerYen: z.number(),
  rounding: z.enum(memberRoundings),
  expiryMonths: z.number().int().nullable(),
  rewardPoints: z.number().int(),
  stampsForReward: z.number().int(),
  stampIntervalMinutes: z.number().int(),
  rewardName: z.string(),
  rankBasis: z.enum(memberRankBases),
  ranks: z.array(memberRankSchema),
  updatedAt: z.string(),
});
export type MemberProgram = z.infer<typeof memberProgramSchema>;
/** GET answers null while the store has set no programme. */
export const memberProgramOrNullSchema = memberProgramSchema.nullable();

export const memberLedgerEntrySchema = z.object({
  id: idSchema,
  kind: z.enum(memberLedgerKinds),
  points: z.number().int(),
  stamps: z.number().int(),
  visits: z.number().int(),
  amountYen: z.number().int().nullable(),
  reason: z.string().nullable(),
  /** The back-office user who made it (null: the system, e.g. an expiry). */
  staffName: z.string().nullable(),
  reversesId: idSchema.nullable(),
  reversedById: idSchema.nullable(),
  createdAt: z.string(),
});
export type MemberLedgerEntry = z.infer<typeof memberLedgerEntrySchema>;

/** Where a member stands: balance, stamps, rank and the way to the next. */
export const memberStandingSchema = z.object({
  kind: z.enum(memberProgramKinds),
  points: z.number().int(),
  stamps: z.number().int(),
  stampsForReward: z.number().int(),
  rewardName: z.string(),
  rewardPoints: z.number().int(),
  /** Points earned or visits in the last 12 months: what ranks are measured by. */
  rankBasis: z.enum(memberRankBases),
  rankValue: z.number().int(),
  rank: memberRankSchema.nullable(),
  nextRank: memberRankSchema.nullable(),
  /** Points (or visits) still needed for the next rank; null at the top. */
  toNextRank: z.number().int().nullable(),
  /** The next points to expire and when (an ISO instant), or null. */
  expiring: z.object({ points: z.number().int(), at: z.string() }).nullable(),
});
export type MemberStanding = z.infer<typeof memberStandingSchema>;

/** The counter's view of a member (scan result, and the answer of every counter action). */
export const memberCounterCardSchema = z.object({
  member: z.object({
    id: idSchema,
    memberCode: z.string(),
    status: z.enum(['ACTIVE', 'INACTIVE']),
    displayName: z.string().nullable(),
    pictureUrl: z.string().nullable(),
  }),
  standing: memberStandingSchema,
  history: z.array(memberLedgerEntrySchema),
});
export type MemberCounterCard = z.infer<typeof memberCounterCardSchema>;

export const memberCodeParamsSchema = memberParamsSchema.pick({ lineAccountId: true }).extend({
  memberCode: z.string({ error: m.memberCode }).regex(/^\d{1,20}$/, m.memberCode),
});
export const ledgerEntryParamsSchema = memberParamsSchema.extend({ entryId: idParamSchema });

const reasonSchema = z
  .string({ error: m.reasonMax })
  .trim()
  .max(200, m.reasonMax)
  .optional()
  .transform((v) => v || null);

export const memberCounterActionBodySchema = z
  .object({
    action: z.enum(memberCounterActions, { error: m.action }),
    amountYen: z
      .number({ error: m.amountRequired })
      .int(m.amountRequired)
      .min(1, m.amountRequired)
      .max(10_000_000, m.amountRequired)
      .optional(),
    reason: reasonSchema,
  })
  .superRefine((b, ctx) => {
    if (b.action === 'PURCHASE' && b.amountYen === undefined)
      ctx.addIssue({ code: 'custom', message: m.amountRequired, path: ['amountYen'] });
    if (b.action !== 'PURCHASE' && b.amountYen !== undefined)
      ctx.addIssue({ code: 'custom', message: m.amountNotAllowed, path: ['amountYen'] });
  });
export type MemberCounterActionBody = z.input<typeof memberCounterActionBodySchema>;

export const memberReversalBodySchema = z.object({ reason: reasonSchema });

/** The mini-app's card: the standing and the member's own history (no staff names). */
export const liffMemberCardSchema = z.object({
  standing: memberStandingSchema.nullable(),
  history: z.array(memberLedgerEntrySchema.omit({ staffName: true })),
});
export type LiffMemberCard = z.infer<typeof liffMemberCardSchema>;
