import {
  memberCardMessages as m,
  memberMessages,
  type LiffMemberCard,
  type MemberCounterCard,
  type MemberLedgerEntry,
  type MemberProgram,
  type MemberRank,
  type MemberStanding,
  type memberCounterActionBodySchema,
  type memberProgramBodySchema,
  type memberReversalBodySchema,
} from '@app/contracts';
import type { z } from 'zod';
import { inTransaction, type Db } from '../../db/client.ts';
import { requireActor, type ServiceContext } from '../../platform/context.ts';
import { addMonths, formatDay, localDay, parseDay, TOKYO, zonedInstant } from '../../platform/dates.ts';
import { recordDomainEvent } from '../../platform/domain-events.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { findServiceStore } from '../services/index.ts';
import { userNamesOf } from '../users/index.ts';
import { releaseCouponClaim } from './coupons.repository.ts';
import { identifyFriend } from './member-app.service.ts';
import { loadMemberStore, MEMBER_SERVICE_CODE, scopeOf, type MemberScope } from './member-store.ts';
import {
  findLedgerRow,
  findMemberIdByCode,
  findProgram,
  findReversalOf,
  insertLedgerRow,
  lastStampAt,
  ledgerSums,
  listLedger,
  listProgramsToSweep,
  lockMember,
  membersWithDuePoints,
  rankFiguresOfStore,
  setRankName,
  setSweepMark,
  upsertProgram,
  type LedgerRow,
  type ProgramRow,
} from './member-card.repository.ts';
import { findMember, findMemberByFriend } from './members.repository.ts';

type Ctx = { ctx: ServiceContext };
type AccountInput = { lineAccountId: number };
type MemberInput = AccountInput & { memberId: number };

const HISTORY = 30;

// ---- Japan-time months ----

/** The first instant (Japan time) of the month `n` months after the month of `instant`. */
export function monthStartJst(instant: Date, n: number): Date {
  const { y, m: month } = parseDay(localDay(instant, TOKYO));
  const target = addMonths(y, month, n);
  return zonedInstant(formatDay(target.y, target.m, 1), 0, TOKYO);
}

/** Ranks count this month and the 11 before it (Japan time): a month's points drop out at its anniversary month's end. */
export const rankWindowStart = (now: Date) => monthStartJst(now, -11);

/** Points earned in a month expire at the end of the month `expiryMonths` later (Japan time). */
export const expiryOf = (now: Date, expiryMonths: number | null) =>
  expiryMonths === null ? null : monthStartJst(now, expiryMonths + 1);

// ---- rules ----

/** Points for an amount: amount x rate, rounded as the programme says (a little slack for binary fractions). */
export function pointsForAmount(program: Pick<ProgramRow, 'pointsPerYen' | 'rounding'>, amountYen: number) {
  const exact = amountYen * program.pointsPerYen;
  if (program.rounding === 'CEIL') return Math.ceil(exact - 1e-9);
  if (program.rounding === 'ROUND') return Math.round(exact + 1e-9);
  return Math.floor(exact + 1e-9);
}

/** The highest rank whose threshold the figure reaches (ranks are lowest first, the first at 0). */
export function rankIndexOf(ranks: readonly MemberRank[], value: number): number {
  let index = -1;
  ranks.forEach((r, i) => {
    if (value >= r.threshold) index = i;
  });
  return index;
}

const rankValueOf = (program: ProgramRow, figures: { earned: number; visits: number }) =>
  program.rankBasis === 'VISITS_12M' ? figures.visits : figures.earned;

/**
 * First in, first out: the points of the earliest-expiring earnings are the first used by redemptions and
 * expiries. Answers what is due by `now` (not yet used) and the next expiry after it.
 */
export function expiryPlan(
  earning: readonly { expiresAt: Date | null; points: number }[],
  consumed: number,
  now: Date,
) {
  let left = consumed;
  let due = 0;
  let next: { points: number; at: Date } | null = null;
  const dated = earning.filter((e) => e.expiresAt !== null).sort((a, b) => +a.expiresAt! - +b.expiresAt!);
  const undated = earning.filter((e) => e.expiresAt === null).reduce((s, e) => s + e.points, 0);
  for (const e of dated) {
    const used = Math.min(left, e.points);
    left -= used;
    const remaining = e.points - used;
    if (remaining <= 0) continue;
    if (e.expiresAt! <= now) due += remaining;
    else if (!next) next = { points: remaining, at: e.expiresAt! };
    else if (+next.at === +e.expiresAt!) next.points += remaining;
  }
  void undated;
  return { due, next };
}

// ---- views ----

export function toProgramView(row: ProgramRow): MemberProgram {
  return {
    storeId: row.storeId,
    kind: row.kind,
    pointsPerVisit: row.pointsPerVisit,
    pointsPerYen: row.pointsPerYen,
    rounding: row.rounding,
    expiryMonths: row.expiryMonths,
    rewardPoints: row.rewardPoints,
    stampsForReward: row.stampsForReward,
    stampIntervalMinutes: row.stampIntervalMinutes,
    rewardName: row.rewardName,
    rankBasis: row.rankBasis,
    // ranks saved before a rank had a message (decision 0050) read as without one
    ranks: row.ranks.map((r) => ({ ...r, message: r.message ?? '' })),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function standingOf(db: Db, program: ProgramRow, memberId: number, now: Date): Promise<MemberStanding> {
  const sums = await ledgerSums(db, memberId, rankWindowStart(now));
  const value = rankValueOf(program, sums);
  const index = rankIndexOf(program.ranks, value);
  const next = program.ranks[index + 1] ?? null;
  const { next: expiring } = expiryPlan(sums.earning, sums.consumed, now);
  return {
    kind: program.kind,
    points: sums.balance,
    stamps: sums.stamps,
    stampsForReward: program.stampsForReward,
    rewardName: program.rewardName,
    rewardPoints: program.rewardPoints,
    rankBasis: program.rankBasis,
    rankValue: value,
    rank: program.ranks[index] ?? null,
    nextRank: next,
    toNextRank: next ? next.threshold - value : null,
    expiring: expiring ? { points: expiring.points, at: expiring.at.toISOString() } : null,
  };
}

async function historyOf(db: Db, scope: MemberScope, memberId: number): Promise<MemberLedgerEntry[]> {
  const rows = await listLedger(db, scope, memberId, HISTORY);
  const staffIds = [...new Set(rows.flatMap((r) => (r.row.staffUserId ? [r.row.staffUserId] : [])))];
  const names = await userNamesOf(db, staffIds);
  return rows.map(({ row, reversedById }) => ({
    id: row.id,
    kind: row.kind,
    points: row.points,
    stamps: row.stamps,
    visits: row.visits,
    amountYen: row.amountYen,
    reason: row.reason,
    staffName: row.staffUserId ? (names.get(row.staffUserId) ?? null) : null,
    reversesId: row.reversesId,
    reversedById,
    createdAt: row.createdAt.toISOString(),
  }));
}

export async function counterCard(
  db: Db,
  scope: MemberScope,
  program: ProgramRow,
  memberId: number,
  now: Date,
): Promise<MemberCounterCard> {
  const member = await findMember(db, scope, memberId);
  if (!member) throw notFound(memberMessages.memberNotFound);
  const [standing, history] = await Promise.all([
    standingOf(db, program, memberId, now),
    historyOf(db, scope, memberId),
  ]);
  return {
    member: {
      id: member.id,
      memberCode: member.memberCode,
      status: member.status,
      displayName: member.displayName,
      pictureUrl: member.pictureUrl,
    },
    standing,
    history,
  };
}

export async function requireProgram(db: Db, scope: MemberScope): Promise<ProgramRow> {
  const program = await findProgram(db, scope);
  if (!program) throw conflict(m.programNotSet);
  return program;
}

// ---- rank ----

/**
 * Set the member's rank from their figures; a change records MEMBER_RANK_CHANGED in the caller's
 * transaction (notifications sends the member a LINE message on reaching a higher rank; automation
 * starts the scenarios of the ranks reached).
 */
async function applyRank(
  db: Db,
  scope: MemberScope,
  program: ProgramRow,
  member: { id: number; friendId: number; memberCode: string; rankName: string | null },
  figures: { earned: number; visits: number },
  lineAccountId: number | null,
) {
  const index = rankIndexOf(program.ranks, rankValueOf(program, figures));
  const toRank = program.ranks[index]?.name ?? null;
  if (toRank === member.rankName) return;
  await setRankName(db, member.id, toRank);
  const fromIndex = program.ranks.findIndex((r) => r.name === member.rankName);
  // The first rank given is no news (everyone starts at the lowest); a later change is.
  if (member.rankName === null && index <= 0) return;
  await recordDomainEvent(db, {
    topic: 'MEMBER_RANK_CHANGED',
    clientId: scope.clientId,
    lineAccountId,
    storeId: scope.storeId,
    payload: {
      memberId: member.id,
      friendId: member.friendId,
      memberCode: member.memberCode,
      fromRank: member.rankName,
      toRank,
      direction: index > fromIndex ? 'UP' : 'DOWN',
      message: index > fromIndex ? (program.ranks[index]?.message ?? '') : '',
      reachedRanks:
        index > fromIndex
          ? program.ranks.slice(Math.max(fromIndex + 1, 1), index + 1).map((r) => r.name)
          : [],
    },
  });
}

async function rerank(
  db: Db,
  scope: MemberScope,
  program: ProgramRow,
  member: Parameters<typeof applyRank>[3],
  now: Date,
  lineAccountId: number | null,
) {
  const sums = await ledgerSums(db, member.id, rankWindowStart(now));
  await applyRank(db, scope, program, member, sums, lineAccountId);
}

// ---- programme ----

export async function getMemberProgram({ ctx, input }: Ctx & { input: AccountInput }) {
  const store = await loadMemberStore(ctx, input.lineAccountId);
  const row = await findProgram(ctx.db, scopeOf(store));
  return row ? toProgramView(row) : null;
}

/** Set the programme; every member's rank is counted again at once under the new thresholds. */
export async function putMemberProgram({
  ctx,
  input,
}: Ctx & { input: AccountInput & z.output<typeof memberProgramBodySchema> }) {
  const store = await loadMemberStore(ctx, input.lineAccountId);
  const scope = scopeOf(store);
  const { lineAccountId, ...values } = input;
  return inTransaction(ctx.db, async (tx) => {
    const row = await upsertProgram(tx, scope, { ...values, updatedAt: ctx.clock.now() });
    await recountStoreRanks(tx, scope, row, ctx.clock.now(), lineAccountId);
    return toProgramView(row);
  });
}

// ---- the counter ----

export async function scanMemberCard({
  ctx,
  input,
}: Ctx & { input: AccountInput & { memberCode: string } }): Promise<MemberCounterCard> {
  const store = await loadMemberStore(ctx, input.lineAccountId);
  const scope = scopeOf(store);
  const program = await requireProgram(ctx.db, scope);
  const memberId = await findMemberIdByCode(ctx.db, scope, input.memberCode);
  if (!memberId) throw notFound(m.cardNotFound);
  return counterCard(ctx.db, scope, program, memberId, ctx.clock.now());
}

export async function getMemberCard({ ctx, input }: Ctx & { input: MemberInput }) {
  const store = await loadMemberStore(ctx, input.lineAccountId);
  const scope = scopeOf(store);
  const program = await requireProgram(ctx.db, scope);
  return counterCard(ctx.db, scope, program, input.memberId, ctx.clock.now());
}

type ActionInput = MemberInput & z.output<typeof memberCounterActionBodySchema>;

/** The ledger row of a counter action, checked against the balance under the member's lock. */
async function rowOfAction(
  db: Db,
  program: ProgramRow,
  input: ActionInput,
  memberId: number,
  now: Date,
): Promise<Pick<LedgerRow, 'kind' | 'points' | 'stamps' | 'visits' | 'amountYen' | 'expiresAt'>> {
  const expiresAt = expiryOf(now, program.expiryMonths);
  const none = { points: 0, stamps: 0, visits: 0, amountYen: null, expiresAt: null };
  if (input.action === 'VISIT') {
    if (program.kind === 'STAMPS') {
      const last = await lastStampAt(db, memberId);
      if (last && now.getTime() - last.getTime() < program.stampIntervalMinutes * 60_000)
        throw conflict(m.stampTooSoon);
      return { ...none, kind: 'VISIT', stamps: 1, visits: 1 };
    }
    const points = program.pointsPerVisit;
    return { ...none, kind: 'VISIT', visits: 1, points, expiresAt: points > 0 ? expiresAt : null };
  }
  if (input.action === 'PURCHASE') {
    if (program.kind === 'STAMPS') throw conflict(m.purchaseOnStamps);
    const points = pointsForAmount(program, input.amountYen!);
    return {
      ...none,
      kind: 'PURCHASE',
      points,
      amountYen: input.amountYen!,
      expiresAt: points > 0 ? expiresAt : null,
    };
  }
  const sums = await ledgerSums(db, memberId, rankWindowStart(now));
  if (program.kind === 'STAMPS') {
    if (sums.stamps < program.stampsForReward) throw conflict(m.notEnoughStamps);
    return { ...none, kind: 'REDEEM', stamps: -program.stampsForReward };
  }
  if (sums.balance < program.rewardPoints || program.rewardPoints <= 0) throw conflict(m.notEnoughPoints);
  return { ...none, kind: 'REDEEM', points: -program.rewardPoints };
}

/**
 * One tap at the counter: a visit, points for an amount, or a reward. The member's row is locked for
 * the transaction, so two phones redeeming at once are served one after the other (the second finds the
 * balance spent: 409). The rank follows in the same transaction.
 */
export async function actOnMemberCard({ ctx, input }: Ctx & { input: ActionInput }) {
  const store = await loadMemberStore(ctx, input.lineAccountId);
  const scope = scopeOf(store);
  const actor = requireActor(ctx);
  const now = ctx.clock.now();
  return inTransaction(ctx.db, async (tx) => {
    const program = await requireProgram(tx, scope);
    const member = await lockMember(tx, scope, input.memberId);
    if (!member) throw notFound(memberMessages.memberNotFound);
    if (member.status !== 'ACTIVE') throw conflict(m.memberInactive);
    const row = await rowOfAction(tx, program, input, member.id, now);
    await insertLedgerRow(tx, {
      ...scope,
      memberId: member.id,
      ...row,
      reason: input.reason,
      staffUserId: actor.userId,
      createdAt: now,
    });
    await rerank(tx, scope, program, member, now, input.lineAccountId);
    return counterCard(tx, scope, program, member.id, now);
  });
}

/** A manager's reversal: a row with the opposite amounts naming the row, once; never below zero. */
export async function reverseLedgerEntry({
  ctx,
  input,
}: Ctx & { input: MemberInput & { entryId: number } & z.output<typeof memberReversalBodySchema> }) {
  const store = await loadMemberStore(ctx, input.lineAccountId);
  const scope = scopeOf(store);
  const actor = requireActor(ctx);
  const now = ctx.clock.now();
  return inTransaction(ctx.db, async (tx) => {
    const program = await requireProgram(tx, scope);
    const member = await lockMember(tx, scope, input.memberId);
    if (!member) throw notFound(memberMessages.memberNotFound);
    const entry = await findLedgerRow(tx, scope, member.id, input.entryId);
    if (!entry) throw notFound(m.entryNotFound);
    if (entry.kind === 'REVERSAL') throw conflict(m.reversalOfReversal);
    if (entry.kind === 'EXPIRE') throw conflict(m.reversalOfExpiry);
    if (await findReversalOf(tx, entry.id)) throw conflict(m.alreadyReversed);
    const sums = await ledgerSums(tx, member.id, rankWindowStart(now));
    if (sums.balance - entry.points < 0 || sums.stamps - entry.stamps < 0)
      throw conflict(m.reversalOverdraws);
    await insertLedgerRow(tx, {
      ...scope,
      memberId: member.id,
      kind: 'REVERSAL',
      points: -entry.points,
      stamps: -entry.stamps,
      visits: -entry.visits,
      amountYen: entry.amountYen === null ? null : -entry.amountYen,
      reason: input.reason,
      staffUserId: actor.userId,
      reversesId: entry.id,
      createdAt: now,
    });
    if (entry.couponClaimId !== null) await releaseCouponClaim(tx, entry.couponClaimId);
    await rerank(tx, scope, program, member, now, input.lineAccountId);
    return counterCard(tx, scope, program, member.id, now);
  });
}

// ---- the mini-app ----

/** The caller's own card: standing (null while the store has no programme) and history. */
export async function getOwnMemberCard({
  ctx,
}: Ctx & { input: { storeId: number } }): Promise<LiffMemberCard> {
  const { store, friend } = identifyFriend(ctx);
  const scope = scopeOf(store);
  const member = await findMemberByFriend(ctx.db, scope, friend.id);
  if (!member) throw notFound(memberMessages.memberNotFound);
  const program = await findProgram(ctx.db, scope);
  if (!program) return { standing: null, history: [] };
  const now = ctx.clock.now();
  const [standing, history] = await Promise.all([
    standingOf(ctx.db, program, member.id, now),
    historyOf(ctx.db, scope, member.id),
  ]);
  return { standing, history: history.map(({ staffName: _staff, ...entry }) => entry) };
}

// ---- the hourly sweep: expiry and ranks ----

/**
 * Count the store's ranks again: every member (a new programme), or with `onlyLeaving` only the members
 * with rows in the month that last left the 12 months (the hourly run: nothing else moves a rank
 * without a ledger row, and a ledger row reranks its member in its own transaction). Only a member
 * whose rank differs is locked and written.
 */
async function recountStoreRanks(
  db: Db,
  scope: MemberScope,
  program: ProgramRow,
  now: Date,
  lineAccountId: number | null,
  onlyLeaving = false,
) {
  if (program.ranks.length === 0) return { checked: 0, changed: 0 };
  const windowStart = rankWindowStart(now);
  const leaving = onlyLeaving ? { from: monthStartJst(now, -12), to: windowStart } : undefined;
  const figures = await rankFiguresOfStore(db, scope, windowStart, leaving);
  let changed = 0;
  for (const f of figures) {
    const index = rankIndexOf(program.ranks, rankValueOf(program, f));
    if ((program.ranks[index]?.name ?? null) === f.rankName) continue;
    const member = await lockMember(db, scope, f.memberId);
    if (!member) continue;
    await rerank(db, scope, program, member, now, lineAccountId);
    changed += 1;
  }
  return { checked: figures.length, changed };
}

const lineAccountOfStore = async (db: Db, scope: MemberScope) =>
  (await findServiceStore(db, { serviceCode: MEMBER_SERVICE_CODE, ...scope }))?.lineAccountId ?? null;

/**
 * The instants a sweep runs at, from the store's mark (the last instant it completed there) to `now`:
 * each Japan-time month start crossed since the mark before this month's, then `now` (which stands for
 * this month's start: expiries fall on month starts and the rank window moves at them). Without a mark
 * (a store never swept), `now` alone.
 */
export function sweepSteps(mark: Date | null, now: Date): Date[] {
  const steps: Date[] = [];
  if (mark && mark < now) {
    const thisMonth = monthStartJst(now, 0);
    for (let at = monthStartJst(mark, 1); at < thisMonth; at = monthStartJst(at, 1)) steps.push(at);
  }
  steps.push(now);
  return steps;
}

/**
 * The hourly run over every member store, from its mark (decision 0051-sweep-mark): at each step of
 * `sweepSteps`, points past their expiry become an EXPIRE row dated at the step (by query: the members
 * with points that fell due since a month before the mark, not used up yet), then the ranks of the
 * members whose rows left the 12 months at that step are counted again (a month's points drop out at
 * its anniversary month's end, Japan time), and the store's mark moves to the step in the same
 * transaction. Members with nothing due and no row leaving are not read or written. Each member in
 * their own transaction, under their lock (decision 0050). A run after an outage thus makes the missed
 * month ends' expiries and rank changes, each once: a step again finds nothing due and no rank differing.
 */
export async function sweepMemberCards(db: Db, now: Date) {
  let expired = 0;
  let reranked = 0;
  let checked = 0;
  for (const { program, sweptAt } of await listProgramsToSweep(db)) {
    const scope = { clientId: program.clientId, storeId: program.storeId };
    const lineAccountId = await lineAccountOfStore(db, scope);
    const dueSince = monthStartJst(sweptAt ?? now, -1);
    for (const step of sweepSteps(sweptAt, now)) {
      expired += await expireDuePoints(db, scope, program, step, dueSince, lineAccountId);
      const done = await inTransaction(db, async (tx) => {
        const counted = await recountStoreRanks(tx, scope, program, step, lineAccountId, true);
        await setSweepMark(tx, scope, step);
        return counted;
      });
      reranked += done.changed;
      checked += done.checked;
    }
  }
  return { expired, reranked, checked };
}

/** The store's members with points due by `at`: one EXPIRE row each, dated `at`, and their rank again. */
async function expireDuePoints(
  db: Db,
  scope: MemberScope,
  program: ProgramRow,
  at: Date,
  dueSince: Date,
  lineAccountId: number | null,
) {
  let expired = 0;
  for (const due of await membersWithDuePoints(db, scope.storeId, at, dueSince)) {
    await inTransaction(db, async (tx) => {
      const member = await lockMember(tx, scope, due.memberId);
      if (!member) return;
      const sums = await ledgerSums(tx, member.id, rankWindowStart(at));
      const points = Math.min(sums.balance, expiryPlan(sums.earning, sums.consumed, at).due);
      if (points <= 0) return;
      await insertLedgerRow(tx, {
        ...scope,
        memberId: member.id,
        kind: 'EXPIRE',
        points: -points,
        reason: '有効期限切れ',
        createdAt: at,
      });
      await rerank(tx, scope, program, member, at, lineAccountId);
      expired += 1;
    });
  }
  return expired;
}
