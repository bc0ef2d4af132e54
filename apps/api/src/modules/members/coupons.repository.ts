import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { memberCouponClaims, memberCoupons } from '../../db/schema/members.ts';
import type { MemberScope } from './member-store.ts';

export type CouponRow = typeof memberCoupons.$inferSelect;
export type NewCouponValues = Omit<typeof memberCoupons.$inferInsert, 'id' | 'clientId' | 'storeId'>;
export type ClaimRow = typeof memberCouponClaims.$inferSelect;

const couponsOf = (scope: MemberScope) =>
  and(eq(memberCoupons.clientId, scope.clientId), eq(memberCoupons.storeId, scope.storeId));
const claimsOf = (scope: MemberScope) =>
  and(eq(memberCouponClaims.clientId, scope.clientId), eq(memberCouponClaims.storeId, scope.storeId));

/** Claimed and used counts of each coupon (a grouped read joined to the list: one statement). */
function claimFigures(db: Db) {
  const figures = db
    .select({
      couponId: memberCouponClaims.couponId,
      claimed: sql<number>`count(*)::int`.as('claimed'),
      used: sql<number>`(count(*) filter (where ${memberCouponClaims.usedAt} is not null))::int`.as('used'),
    })
    .from(memberCouponClaims)
    .groupBy(memberCouponClaims.couponId)
    .as('figures');
  return db
    .select({
      coupon: memberCoupons,
      claimed: sql<number>`coalesce(${figures.claimed}, 0)::int`,
      used: sql<number>`coalesce(${figures.used}, 0)::int`,
    })
    .from(memberCoupons)
    .leftJoin(figures, eq(figures.couponId, memberCoupons.id));
}

export async function listCoupons(db: Db, scope: MemberScope) {
  return claimFigures(db).where(couponsOf(scope)).orderBy(desc(memberCoupons.id));
}

export async function findCouponWithFigures(db: Db, scope: MemberScope, couponId: number) {
  const [row] = await claimFigures(db).where(and(couponsOf(scope), eq(memberCoupons.id, couponId)));
  return row;
}

/** The coupon, locked for the transaction: claims of one coupon go one after the other (the limits). */
export async function findCoupon(
  db: Db,
  scope: MemberScope,
  couponId: number,
  options: { forUpdate?: boolean } = {},
): Promise<CouponRow | undefined> {
  const query = db
    .select()
    .from(memberCoupons)
    .where(and(couponsOf(scope), eq(memberCoupons.id, couponId)))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/** A coupon by id alone, for the deliveries door (the caller checks that it is the account's store's). */
export async function findCouponById(db: Db, couponId: number): Promise<CouponRow | undefined> {
  const [row] = await db.select().from(memberCoupons).where(eq(memberCoupons.id, couponId)).limit(1);
  return row;
}

export async function insertCoupon(db: Db, scope: MemberScope, values: NewCouponValues): Promise<CouponRow> {
  const [row] = await db
    .insert(memberCoupons)
    .values({ ...scope, ...values })
    .returning();
  return row!;
}

export async function updateCoupon(db: Db, scope: MemberScope, couponId: number, values: NewCouponValues) {
  const [row] = await db
    .update(memberCoupons)
    .set(values)
    .where(and(couponsOf(scope), eq(memberCoupons.id, couponId)))
    .returning();
  return row;
}

/** How many claims a coupon has: in total, and of one member. */
export async function countClaims(db: Db, couponId: number, memberId: number) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      ofMember: sql<number>`(count(*) filter (where ${memberCouponClaims.memberId} = ${memberId}))::int`,
    })
    .from(memberCouponClaims)
    .where(eq(memberCouponClaims.couponId, couponId));
  return row!;
}

export async function insertClaim(db: Db, values: typeof memberCouponClaims.$inferInsert): Promise<ClaimRow> {
  const [row] = await db.insert(memberCouponClaims).values(values).returning();
  return row!;
}

/** A member's claims with their coupons: unused first (soonest to end first), then the used ones. */
export async function listClaimsOfMember(db: Db, scope: MemberScope, memberId: number) {
  return db
    .select({ claim: memberCouponClaims, coupon: memberCoupons })
    .from(memberCouponClaims)
    .innerJoin(memberCoupons, eq(memberCoupons.id, memberCouponClaims.couponId))
    .where(and(claimsOf(scope), eq(memberCouponClaims.memberId, memberId)))
    .orderBy(
      sql`${memberCouponClaims.usedAt} is not null`,
      asc(memberCoupons.validTo),
      desc(memberCouponClaims.id),
    );
}

export async function findClaimOfMember(db: Db, scope: MemberScope, memberId: number, claimId: number) {
  const [row] = await db
    .select({ claim: memberCouponClaims, coupon: memberCoupons })
    .from(memberCouponClaims)
    .innerJoin(memberCoupons, eq(memberCoupons.id, memberCouponClaims.couponId))
    .where(
      and(claimsOf(scope), eq(memberCouponClaims.memberId, memberId), eq(memberCouponClaims.id, claimId)),
    )
    .limit(1);
  return row;
}

/**
 * Mark a claim used, only if it is not used yet: of two redemptions the second changes no row (the
 * member's lock already orders them; this is the guard in the statement itself).
 */
export async function markClaimUsed(db: Db, claimId: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(memberCouponClaims)
    .set({ usedAt: at })
    .where(and(eq(memberCouponClaims.id, claimId), isNull(memberCouponClaims.usedAt)))
    .returning({ id: memberCouponClaims.id });
  return rows.length === 1;
}

/** A reversed COUPON row gives the member the coupon back. */
export async function releaseCouponClaim(db: Db, claimId: number) {
  await db.update(memberCouponClaims).set({ usedAt: null }).where(eq(memberCouponClaims.id, claimId));
}
