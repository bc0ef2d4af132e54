import { z } from 'zod';
import { daySchema } from '../common/dates.ts';
import { idParamSchema, idSchema } from '../common/ids.ts';
import { lineAccountParamsSchema } from '../line-accounts/line-accounts.schemas.ts';
import { couponKinds, couponMessages } from './members.messages.ts';
import { memberParamsSchema, memberStoreParamsSchema } from './members.schemas.ts';

/* Coupons of the member card (issue 33): made by the store, sent in a delivery, claimed in the
   mini-app, redeemed once at the counter (a ledger row of kind COUPON). */

const whole = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

/** What the store types (the same for creating and changing a coupon). */
export const couponBodySchema = z
  .object({
    name: z
      .string({ error: couponMessages.name })
      .trim()
      .min(1, couponMessages.name)
      .max(40, couponMessages.name),
    kind: z.enum(couponKinds, { error: couponMessages.kind }),
    /** Yen off (AMOUNT) or percent off (PERCENT); 0 for a free item. */
    value: z.number({ error: couponMessages.amount }).int(couponMessages.amount).min(0).default(0),
    itemText: z
      .string({ error: couponMessages.itemText })
      .trim()
      .max(60, couponMessages.itemText)
      .default(''),
    description: z
      .string({ error: couponMessages.description })
      .trim()
      .max(300, couponMessages.description)
      .default(''),
    imageUrl: z
      .string({ error: couponMessages.imageUrl })
      .trim()
      .max(2000, couponMessages.imageUrl)
      .regex(/^https:\/\/[^\s]+$/, couponMessages.imageUrl)
      .nullable()
      .default(null),
    /** The first and last day it can be claimed and used (Japan time, both included). */
    validFrom: daySchema,
    validTo: daySchema,
    perMemberLimit: whole(1, 100, couponMessages.perMemberLimit).default(1),
    totalLimit: whole(1, 1_000_000, couponMessages.totalLimit).nullable().default(null),
    isEnabled: z.boolean().default(true),
  })
  .superRefine((b, ctx) => {
    if (b.validTo < b.validFrom)
      ctx.addIssue({ code: 'custom', message: couponMessages.validity, path: ['validTo'] });
    if (b.kind === 'AMOUNT' && (b.value < 1 || b.value > 1_000_000))
      ctx.addIssue({ code: 'custom', message: couponMessages.amount, path: ['value'] });
    if (b.kind === 'PERCENT' && (b.value < 1 || b.value > 100))
      ctx.addIssue({ code: 'custom', message: couponMessages.percent, path: ['value'] });
    if (b.kind === 'FREE_ITEM' && b.itemText === '')
      ctx.addIssue({ code: 'custom', message: couponMessages.itemText, path: ['itemText'] });
  });
export type CouponBody = z.input<typeof couponBodySchema>;

export const couponSchema = z.object({
  id: idSchema,
  name: z.string(),
  kind: z.enum(couponKinds),
  value: z.number().int(),
  itemText: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  validFrom: z.string(),
  validTo: z.string(),
  perMemberLimit: z.number().int(),
  totalLimit: z.number().int().nullable(),
  isEnabled: z.boolean(),
  /** How many times it has been claimed and used (all members). */
  claimed: z.number().int(),
  used: z.number().int(),
  createdAt: z.string(),
});
export type Coupon = z.infer<typeof couponSchema>;

export const couponParamsSchema = lineAccountParamsSchema.extend({ couponId: idParamSchema });
export const memberCouponParamsSchema = memberParamsSchema.extend({ claimId: idParamSchema });
export const liffCouponParamsSchema = memberStoreParamsSchema.extend({ couponId: idParamSchema });

/** A coupon a member holds (one claim): its code, whether it is used, until when it can be used. */
export const heldCouponSchema = z.object({
  claimId: idSchema,
  code: z.string(),
  coupon: couponSchema.omit({ claimed: true, used: true, createdAt: true, totalLimit: true }),
  claimedAt: z.string(),
  usedAt: z.string().nullable(),
  /** Past its last day (Japan time) and unused. */
  isExpired: z.boolean(),
});
export type HeldCoupon = z.infer<typeof heldCouponSchema>;
export const heldCouponsSchema = z.array(heldCouponSchema);

/** The mini-app's view of one coupon before claiming it (from the delivery's 受け取る link). */
export const liffCouponOfferSchema = z.object({
  coupon: heldCouponSchema.shape.coupon,
  /** Claims left to the caller (perMemberLimit minus what they claimed). */
  claimsLeft: z.number().int(),
  /** Why it cannot be claimed now, in the server's words; null: it can. */
  refusal: z.string().nullable(),
});
export type LiffCouponOffer = z.infer<typeof liffCouponOfferSchema>;

/** A delivery message that sends a coupon (rendered as a Flex card with a 受け取る button). */
export const deliveryCouponSchema = z.object({
  type: z.literal('coupon'),
  couponId: idSchema,
});
export type DeliveryCoupon = z.output<typeof deliveryCouponSchema>;
