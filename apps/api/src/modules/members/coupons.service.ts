import { randomInt } from 'node:crypto';
import {
  couponMessages as cm,
  memberCardMessages,
  memberMessages,
  type Coupon,
  type couponBodySchema,
  type HeldCoupon,
  type LiffCouponOffer,
  type MemberCounterCard,
} from '@app/contracts';
import type { z } from 'zod';
import { inTransaction, type Db } from '../../db/client.ts';
import { requireActor, type ServiceContext } from '../../platform/context.ts';
import { localDay, TOKYO } from '../../platform/dates.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import { insertLedgerRow, lockMember } from './member-card.repository.ts';
import { counterCard, requireProgram } from './member-card.service.ts';
import { identifyFriend } from './member-app.service.ts';
import { findMemberStoreOfAccount, loadMemberStore, scopeOf } from './member-store.ts';
import { findMember, findMemberByFriend } from './members.repository.ts';
import {
  countClaims,
  findClaimOfMember,
  findCoupon,
  findCouponById,
  findCouponWithFigures,
  insertClaim,
  insertCoupon,
  listClaimsOfMember,
  listCoupons,
  markClaimUsed,
  updateCoupon,
  type ClaimRow,
  type CouponRow,
} from './coupons.repository.ts';

type Ctx = { ctx: ServiceContext };
type AccountInput = { lineAccountId: number };
type CouponInput = z.output<typeof couponBodySchema>;

/** Today in Japan: a coupon's days are Japan-time days, both included. */
export const japanDay = (now: Date) => localDay(now, TOKYO);

// ---- views ----

const offeredView = (c: CouponRow): HeldCoupon['coupon'] => ({
  id: c.id,
  name: c.name,
  kind: c.kind,
  value: c.value,
  itemText: c.itemText,
  description: c.description,
  imageUrl: c.imageUrl,
  validFrom: c.validFrom,
  validTo: c.validTo,
  perMemberLimit: c.perMemberLimit,
  isEnabled: c.isEnabled,
});

const couponView = (row: { coupon: CouponRow; claimed: number; used: number }): Coupon => ({
  ...offeredView(row.coupon),
  totalLimit: row.coupon.totalLimit,
  claimed: row.claimed,
  used: row.used,
  createdAt: row.coupon.createdAt.toISOString(),
});

const heldView = (row: { claim: ClaimRow; coupon: CouponRow }, today: string): HeldCoupon => ({
  claimId: row.claim.id,
  code: row.claim.code,
  coupon: offeredView(row.coupon),
  claimedAt: row.claim.claimedAt.toISOString(),
  usedAt: row.claim.usedAt?.toISOString() ?? null,
  isExpired: row.claim.usedAt === null && row.coupon.validTo < today,
});

const valuesOf = (input: CouponInput, now: Date) => ({
  name: input.name,
  kind: input.kind,
  value: input.kind === 'FREE_ITEM' ? 0 : input.value,
  itemText: input.kind === 'FREE_ITEM' ? input.itemText : '',
  description: input.description,
  imageUrl: input.imageUrl,
  validFrom: input.validFrom,
  validTo: input.validTo,
  perMemberLimit: input.perMemberLimit,
  totalLimit: input.totalLimit,
  isEnabled: input.isEnabled,
  updatedAt: now,
});

// ---- the rules of a claim (pure: the property test drives them) ----

/** Why a member may not claim the coupon now (null: they may), in the contract's words. */
export function claimRefusal(
  coupon: Pick<CouponRow, 'isEnabled' | 'validFrom' | 'validTo' | 'perMemberLimit' | 'totalLimit'>,
  claims: { total: number; ofMember: number },
  today: string,
): string | null {
  if (!coupon.isEnabled) return cm.disabled;
  if (today < coupon.validFrom) return cm.notStarted;
  if (today > coupon.validTo) return cm.expired;
  if (claims.ofMember >= coupon.perMemberLimit) return cm.perMemberReached;
  if (coupon.totalLimit !== null && claims.total >= coupon.totalLimit) return cm.totalReached;
  return null;
}

const CODE_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** A claim's code to read out at the counter: 8 letters and digits that cannot be mistaken (no 0/O, 1/I). */
const newCode = () => Array.from({ length: 8 }, () => CODE_LETTERS[randomInt(CODE_LETTERS.length)]).join('');

// ---- the back office ----

export async function listStoreCoupons({ ctx, input }: Ctx & { input: AccountInput }): Promise<Coupon[]> {
  const scope = scopeOf(await loadMemberStore(ctx, input.lineAccountId));
  return (await listCoupons(ctx.db, scope)).map(couponView);
}

export async function createStoreCoupon({ ctx, input }: Ctx & { input: AccountInput & CouponInput }) {
  const scope = scopeOf(await loadMemberStore(ctx, input.lineAccountId));
  const now = ctx.clock.now();
  const row = await insertCoupon(ctx.db, scope, { ...valuesOf(input, now), createdAt: now });
  return couponView({ coupon: row, claimed: 0, used: 0 });
}

/** Change a coupon; its total limit may not go below what is already claimed. */
export async function updateStoreCoupon({
  ctx,
  input,
}: Ctx & { input: AccountInput & { couponId: number } & CouponInput }) {
  const scope = scopeOf(await loadMemberStore(ctx, input.lineAccountId));
  return inTransaction(ctx.db, async (tx) => {
    const coupon = await findCoupon(tx, scope, input.couponId, { forUpdate: true });
    if (!coupon) throw notFound(cm.notFound);
    const { total } = await countClaims(tx, coupon.id, 0);
    if (input.totalLimit !== null && input.totalLimit < total) throw conflict(cm.totalBelowClaimed);
    await updateCoupon(tx, scope, coupon.id, valuesOf(input, ctx.clock.now()));
    return couponView((await findCouponWithFigures(tx, scope, coupon.id))!);
  });
}

// ---- the counter ----

export async function listCouponsOfMember({
  ctx,
  input,
}: Ctx & { input: AccountInput & { memberId: number } }): Promise<HeldCoupon[]> {
  const scope = scopeOf(await loadMemberStore(ctx, input.lineAccountId));
  const today = japanDay(ctx.clock.now());
  const rows = await listClaimsOfMember(ctx.db, scope, input.memberId);
  if (rows.length === 0 && !(await findMember(ctx.db, scope, input.memberId)))
    throw notFound(memberMessages.memberNotFound);
  return rows.map((row) => heldView(row, today));
}

/**
 * Use a held coupon at the counter, once. Under the member's lock (as every ledger write), the claim is
 * marked used by a conditional update and a COUPON ledger row names it: two phones at once, the second
 * finds it used (409). A manager's reversal of the row gives the coupon back.
 */
export async function redeemMemberCoupon({
  ctx,
  input,
}: Ctx & { input: AccountInput & { memberId: number; claimId: number } }): Promise<MemberCounterCard> {
  const scope = scopeOf(await loadMemberStore(ctx, input.lineAccountId));
  const actor = requireActor(ctx);
  const now = ctx.clock.now();
  return inTransaction(ctx.db, async (tx) => {
    const program = await requireProgram(tx, scope);
    const member = await lockMember(tx, scope, input.memberId);
    if (!member) throw notFound(memberMessages.memberNotFound);
    if (member.status !== 'ACTIVE') throw conflict(memberCardMessages.memberInactive);
    const held = await findClaimOfMember(tx, scope, member.id, input.claimId);
    if (!held) throw notFound(cm.claimNotFound);
    if (held.claim.usedAt) throw conflict(cm.alreadyUsed);
    if (held.coupon.validTo < japanDay(now)) throw conflict(cm.expiredAtCounter);
    if (!(await markClaimUsed(tx, held.claim.id, now))) throw conflict(cm.alreadyUsed);
    await insertLedgerRow(tx, {
      ...scope,
      memberId: member.id,
      kind: 'COUPON',
      reason: held.coupon.name,
      couponClaimId: held.claim.id,
      staffUserId: actor.userId,
      createdAt: now,
    });
    return counterCard(tx, scope, program, member.id, now);
  });
}

// ---- the mini-app ----

async function callerMember(ctx: ServiceContext) {
  const { store, friend } = identifyFriend(ctx);
  const scope = scopeOf(store);
  const member = await findMemberByFriend(ctx.db, scope, friend.id);
  if (!member) throw notFound(memberMessages.memberNotFound);
  return { scope, member };
}

export async function listOwnCoupons({ ctx }: Ctx & { input: { storeId: number } }): Promise<HeldCoupon[]> {
  const { scope, member } = await callerMember(ctx);
  const today = japanDay(ctx.clock.now());
  return (await listClaimsOfMember(ctx.db, scope, member.id)).map((row) => heldView(row, today));
}

export async function getCouponOffer({
  ctx,
  input,
}: Ctx & { input: { storeId: number; couponId: number } }): Promise<LiffCouponOffer> {
  const { scope, member } = await callerMember(ctx);
  const coupon = await findCoupon(ctx.db, scope, input.couponId);
  if (!coupon) throw notFound(cm.notFound);
  const claims = await countClaims(ctx.db, coupon.id, member.id);
  return {
    coupon: offeredView(coupon),
    claimsLeft: Math.max(0, coupon.perMemberLimit - claims.ofMember),
    refusal: claimRefusal(coupon, claims, japanDay(ctx.clock.now())),
  };
}

/**
 * Claim a coupon from the mini-app. The coupon's row is locked for the transaction, so the limits are
 * counted against the claims already written (the last of the total limit goes to one member only).
 */
export async function claimCoupon({
  ctx,
  input,
}: Ctx & { input: { storeId: number; couponId: number } }): Promise<HeldCoupon> {
  const { scope, member } = await callerMember(ctx);
  if (member.status !== 'ACTIVE') throw conflict(memberMessages.notRegistered);
  const now = ctx.clock.now();
  return inTransaction(ctx.db, async (tx) => {
    const coupon = await findCoupon(tx, scope, input.couponId, { forUpdate: true });
    if (!coupon) throw notFound(cm.notFound);
    const refusal = claimRefusal(coupon, await countClaims(tx, coupon.id, member.id), japanDay(now));
    if (refusal) throw conflict(refusal);
    const claim = await insertClaim(tx, {
      ...scope,
      couponId: coupon.id,
      memberId: member.id,
      code: newCode(),
      claimedAt: now,
    });
    return heldView({ claim, coupon }, japanDay(now));
  });
}

// ---- for the deliveries door: a coupon in a message ----

/** A coupon as a message shows it, with the mini-app's link to claim it (null: no mini-app yet). */
export type CouponForMessage = HeldCoupon['coupon'] & { claimUrl: string | null };

/**
 * The coupon of a delivery message, when it is the member store's of that LINE account; any other is a
 * 422 (the delivery is refused before it is saved, as LINE's validation is).
 */
export async function couponForMessage(db: Db, lineAccountId: number, couponId: number) {
  const coupon = await findCouponById(db, couponId);
  const store = coupon ? await findMemberStoreOfAccount(db, coupon.clientId, lineAccountId) : undefined;
  if (!coupon || !store || store.id !== coupon.storeId)
    throw new AppError('UNPROCESSABLE', cm.inMessageNotFound, [
      { path: 'messages', message: cm.inMessageNotFound },
    ]);
  const claimUrl = store.liffId
    ? `https://liff.line.me/${encodeURIComponent(store.liffId)}?coupon=${coupon.id}`
    : null;
  return { ...offeredView(coupon), claimUrl } satisfies CouponForMessage;
}
