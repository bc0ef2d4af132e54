import { and, desc, eq, gt, gte, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { memberCardSweeps, memberLedger, memberPrograms, members } from '../../db/schema/members.ts';
import type { MemberScope } from './member-store.ts';

export type ProgramRow = typeof memberPrograms.$inferSelect;
export type LedgerRow = typeof memberLedger.$inferSelect;
export type NewLedgerRow = typeof memberLedger.$inferInsert;

// ---- programme ----

export async function findProgram(db: Db, scope: MemberScope): Promise<ProgramRow | undefined> {
  const [row] = await db
    .select()
    .from(memberPrograms)
    .where(and(eq(memberPrograms.clientId, scope.clientId), eq(memberPrograms.storeId, scope.storeId)))
    .limit(1);
  return row;
}

export async function upsertProgram(
  db: Db,
  scope: MemberScope,
  values: Omit<typeof memberPrograms.$inferInsert, 'storeId' | 'clientId'>,
): Promise<ProgramRow> {
  const [row] = await db
    .insert(memberPrograms)
    .values({ ...scope, ...values })
    .onConflictDoUpdate({ target: memberPrograms.storeId, set: values })
    .returning();
  return row!;
}

/** Every programme with the instant the hourly sweep last completed at its store (null: never). */
export async function listProgramsToSweep(db: Db) {
  return db
    .select({ program: memberPrograms, sweptAt: memberCardSweeps.sweptAt })
    .from(memberPrograms)
    .leftJoin(memberCardSweeps, eq(memberCardSweeps.storeId, memberPrograms.storeId))
    .orderBy(memberPrograms.storeId);
}

/** The sweep completed at the store up to `at` (the mark a later run catches up from). */
export async function setSweepMark(db: Db, scope: MemberScope, at: Date) {
  await db
    .insert(memberCardSweeps)
    .values({ ...scope, sweptAt: at })
    .onConflictDoUpdate({ target: memberCardSweeps.storeId, set: { sweptAt: at } });
}

// ---- members of the card ----

/**
 * Lock the member's row for the length of the transaction: every ledger write of one member goes one
 * after the other, so a balance checked is the balance written against (two phones at once included).
 */
export async function lockMember(db: Db, scope: MemberScope, memberId: number) {
  const [row] = await db
    .select({
      id: members.id,
      friendId: members.friendId,
      memberCode: members.memberCode,
      status: members.status,
      rankName: members.rankName,
    })
    .from(members)
    .where(
      and(eq(members.clientId, scope.clientId), eq(members.storeId, scope.storeId), eq(members.id, memberId)),
    )
    .for('update');
  return row;
}

export async function findMemberIdByCode(db: Db, scope: MemberScope, memberCode: string) {
  const [row] = await db
    .select({ id: members.id })
    .from(members)
    .where(
      and(
        eq(members.clientId, scope.clientId),
        eq(members.storeId, scope.storeId),
        eq(members.memberCode, memberCode),
      ),
    )
    .limit(1);
  return row?.id;
}

export async function setRankName(db: Db, memberId: number, rankName: string | null) {
  await db.update(members).set({ rankName }).where(eq(members.id, memberId));
}

// ---- ledger ----

export async function insertLedgerRow(db: Db, values: NewLedgerRow): Promise<LedgerRow> {
  const [row] = await db.insert(memberLedger).values(values).returning();
  return row!;
}

export async function findLedgerRow(db: Db, scope: MemberScope, memberId: number, id: number) {
  const [row] = await db
    .select()
    .from(memberLedger)
    .where(
      and(
        eq(memberLedger.clientId, scope.clientId),
        eq(memberLedger.storeId, scope.storeId),
        eq(memberLedger.memberId, memberId),
        eq(memberLedger.id, id),
      ),
    )
    .limit(1);
  return row;
}

export async function findReversalOf(db: Db, id: number) {
  const [row] = await db
    .select({ id: memberLedger.id })
    .from(memberLedger)
    .where(eq(memberLedger.reversesId, id))
    .limit(1);
  return row;
}

/** The member's newest rows, with the id of the row reversing each (if any). */
export async function listLedger(db: Db, scope: MemberScope, memberId: number, limit: number) {
  const reversal = alias(memberLedger, 'reversal');
  return db
    .select({ row: memberLedger, reversedById: reversal.id })
    .from(memberLedger)
    .leftJoin(reversal, eq(reversal.reversesId, memberLedger.id))
    .where(
      and(
        eq(memberLedger.clientId, scope.clientId),
        eq(memberLedger.storeId, scope.storeId),
        eq(memberLedger.memberId, memberId),
      ),
    )
    .orderBy(desc(memberLedger.createdAt), desc(memberLedger.id))
    .limit(limit);
}

export async function lastStampAt(db: Db, memberId: number): Promise<Date | undefined> {
  const reversal = alias(memberLedger, 'reversal');
  const [row] = await db
    .select({ at: memberLedger.createdAt })
    .from(memberLedger)
    .leftJoin(reversal, eq(reversal.reversesId, memberLedger.id))
    .where(and(eq(memberLedger.memberId, memberId), gt(memberLedger.stamps, 0), isNull(reversal.id)))
    .orderBy(desc(memberLedger.createdAt))
    .limit(1);
  return row?.at;
}

/**
 * A member's sums. balance and stamps: every row. earned and visits (what ranks count): the live
 * (never reversed) earning rows since `windowStart`. consumed: points spent by live redemptions and
 * expiries. earning: live rows that earned points, by the instant they expire (for the FIFO expiry).
 */
export async function ledgerSums(db: Db, memberId: number, windowStart: Date) {
  const l = memberLedger;
  const reversal = alias(memberLedger, 'reversal');
  const live = sql`${reversal.id} is null and ${l.kind} <> 'REVERSAL'`;
  const [sums] = await db
    .select({
      balance: sql<number>`coalesce(sum(${l.points}), 0)::int`,
      stamps: sql<number>`coalesce(sum(${l.stamps}), 0)::int`,
      earned: sql<number>`coalesce(sum(${l.points}) filter (where ${live} and ${l.kind} in ('VISIT', 'PURCHASE') and ${l.createdAt} >= ${windowStart}), 0)::int`,
      visits: sql<number>`coalesce(sum(${l.visits}) filter (where ${live} and ${l.createdAt} >= ${windowStart}), 0)::int`,
      consumed: sql<number>`coalesce(-sum(${l.points}) filter (where ${live} and ${l.points} < 0), 0)::int`,
    })
    .from(l)
    .leftJoin(reversal, eq(reversal.reversesId, l.id))
    .where(eq(l.memberId, memberId));
  const earning = await db
    .select({ expiresAt: l.expiresAt, points: sql<number>`sum(${l.points})::int` })
    .from(l)
    .leftJoin(reversal, eq(reversal.reversesId, l.id))
    .where(and(eq(l.memberId, memberId), gt(l.points, 0), sql`${live}`))
    .groupBy(l.expiresAt)
    .orderBy(l.expiresAt);
  return { ...sums!, earning };
}

/** Members with earned points past their expiry that no redemption or expiry has used up yet. */
export async function membersWithDuePoints(db: Db, storeId: number, now: Date, dueSince: Date) {
  const l = memberLedger;
  const reversal = alias(memberLedger, 'reversal');
  const live = sql`${reversal.id} is null and ${l.kind} <> 'REVERSAL'`;
  // only the members with points that fell due since `dueSince`: the others have nothing new to expire
  const candidates = db
    .selectDistinct({ memberId: l.memberId })
    .from(l)
    .where(and(eq(l.storeId, storeId), lte(l.expiresAt, now), gte(l.expiresAt, dueSince), gt(l.points, 0)));
  return db
    .select({ memberId: l.memberId, clientId: l.clientId, storeId: l.storeId })
    .from(l)
    .leftJoin(reversal, eq(reversal.reversesId, l.id))
    .where(inArray(l.memberId, candidates))
    .groupBy(l.memberId, l.clientId, l.storeId)
    .having(
      sql`coalesce(sum(${l.points}) filter (where ${live} and ${l.points} > 0 and ${l.expiresAt} <= ${now}), 0)
        + coalesce(sum(${l.points}) filter (where ${live} and ${l.points} < 0), 0) > 0`,
    );
}

/**
 * Each member of a store with the rank they hold and what ranks count (earned points, visits); with
 * `leaving`, only the members with ledger rows created in that span (the rows that just left the window).
 */
export async function rankFiguresOfStore(
  db: Db,
  scope: MemberScope,
  windowStart: Date,
  leaving?: { from: Date; to: Date },
) {
  const l = memberLedger;
  const reversal = alias(memberLedger, 'reversal');
  const live = sql`${reversal.id} is null and ${l.kind} <> 'REVERSAL'`;
  return db
    .select({
      memberId: members.id,
      friendId: members.friendId,
      memberCode: members.memberCode,
      rankName: members.rankName,
      earned: sql<number>`coalesce(sum(${l.points}) filter (where ${live} and ${l.kind} in ('VISIT', 'PURCHASE') and ${l.createdAt} >= ${windowStart}), 0)::int`,
      visits: sql<number>`coalesce(sum(${l.visits}) filter (where ${live} and ${l.createdAt} >= ${windowStart}), 0)::int`,
    })
    .from(members)
    .leftJoin(l, eq(l.memberId, members.id))
    .leftJoin(reversal, eq(reversal.reversesId, l.id))
    .where(
      and(
        eq(members.clientId, scope.clientId),
        eq(members.storeId, scope.storeId),
        leaving
          ? inArray(
              members.id,
              db
                .selectDistinct({ memberId: memberLedger.memberId })
                .from(memberLedger)
                .where(
                  and(
                    eq(memberLedger.storeId, scope.storeId),
                    gte(memberLedger.createdAt, leaving.from),
                    lt(memberLedger.createdAt, leaving.to),
                  ),
                ),
            )
          : undefined,
      ),
    )
    .groupBy(members.id);
}
