import { CLIENT_PREFIX } from '../area-prefixes.ts';
import { allow, defineEndpoint, liffAccess } from '../common/endpoint.ts';
import { lineAccountParamsSchema } from '../line-accounts/line-accounts.schemas.ts';
import {
  couponBodySchema,
  couponParamsSchema,
  couponSchema,
  heldCouponSchema,
  heldCouponsSchema,
  liffCouponOfferSchema,
  liffCouponParamsSchema,
  memberCouponParamsSchema,
} from './coupons.schemas.ts';
import { memberCounterCardSchema } from './member-card.schemas.ts';
import { memberParamsSchema, memberStoreParamsSchema } from './members.schemas.ts';
import { z } from 'zod';

const tags = ['member-coupons'];
const read = { access: allow('member.read'), clientScoped: true, tags } as const;
const work = { access: allow('member.work'), clientScoped: true, tags } as const;
const manage = { access: allow('member.manage'), clientScoped: true, tags } as const;
const A = `${CLIENT_PREFIX}/line-account/:lineAccountId/member-service`;

/** Client area: the store's coupons (managers and owners make them; staff redeem them at the counter). */
export const memberCouponEndpoints = {
  list: defineEndpoint({
    ...read,
    method: 'GET',
    path: `${A}/coupons`,
    summary: "The store's coupons, newest first, with how many were claimed and used",
    params: lineAccountParamsSchema,
    responses: { 200: z.array(couponSchema) },
  }),
  create: defineEndpoint({
    ...manage,
    method: 'POST',
    path: `${A}/coupons`,
    summary: 'Make a coupon (discount in yen or percent, or a free item; validity; limits)',
    params: lineAccountParamsSchema,
    body: couponBodySchema,
    responses: { 201: couponSchema },
  }),
  update: defineEndpoint({
    ...manage,
    method: 'PUT',
    path: `${A}/coupons/:couponId`,
    summary: 'Change a coupon (or switch it off)',
    params: couponParamsSchema,
    body: couponBodySchema,
    responses: { 200: couponSchema },
  }),
  ofMember: defineEndpoint({
    ...work,
    method: 'GET',
    path: `${A}/members/:memberId/coupons`,
    summary: 'The counter: the coupons a member holds (usable first)',
    params: memberParamsSchema,
    responses: { 200: heldCouponsSchema },
  }),
  redeem: defineEndpoint({
    ...work,
    method: 'POST',
    path: `${A}/members/:memberId/coupons/:claimId/redemption`,
    summary: 'The counter: use a held coupon, once (a ledger row of kind COUPON; a second use is 409)',
    params: memberCouponParamsSchema,
    responses: { 201: memberCounterCardSchema },
  }),
} as const;

const M = '/member-liff/api/v1/store/:storeId';
const liff = { access: liffAccess('member'), tags: ['member-liff'] } as const;

/** The member mini-app: the caller's coupons, one coupon's offer, and claiming it. */
export const memberCouponLiffEndpoints = {
  held: defineEndpoint({
    ...liff,
    method: 'GET',
    path: `${M}/coupons`,
    summary: "The caller's coupons with their codes and expiry",
    params: memberStoreParamsSchema,
    responses: { 200: heldCouponsSchema },
  }),
  offer: defineEndpoint({
    ...liff,
    method: 'GET',
    path: `${M}/coupons/:couponId`,
    summary: 'One coupon of the store as offered to the caller (from a delivery link)',
    params: liffCouponParamsSchema,
    responses: { 200: liffCouponOfferSchema },
  }),
  claim: defineEndpoint({
    ...liff,
    method: 'POST',
    path: `${M}/coupons/:couponId/claims`,
    summary: 'Claim a coupon (limits per member and in total; its validity in Japan time)',
    params: liffCouponParamsSchema,
    responses: { 201: heldCouponSchema },
  }),
} as const;
