import { friendMessages } from '@app/contracts';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { memberCouponClaims, memberCoupons, memberLedger, members } from '../../db/schema/members.ts';
import { badRequest } from '../../platform/errors.ts';
import type { MemberDirectory } from '../friends/index.ts';
import { findProgram } from './member-card.repository.ts';
import { findMemberStoreOfAccount, type MemberScope } from './member-store.ts';
import { noFriends } from './member-search.repository.ts';
import { localDay, TOKYO } from '../../platform/dates.ts';

/**
 * The member card's conditions of the friend search (issue 33: 会員ランク, ポイント残高, 来店回数, クーポン保有),
 * each one a set of friends (`select friend_id ...`) holding members of the account's member store only.
 * Balance and visits are the sums of the card's ledger (reversals included, as the card shows them); a
 * member without a row has 0 of each.
 */

type Range = { min?: number | undefined; max?: number | undefined };

const membersOfStore = (scope: MemberScope, test: SQL) =>
  sql`select ${members.friendId} as friend_id from ${members} where ${members.storeId} = ${scope.storeId} and ${members.clientId} = ${scope.clientId} and ${test}`;

const inRange = (value: SQL, r: Range): SQL =>
  and(
    r.min === undefined ? undefined : sql`${value} >= ${r.min}`,
    r.max === undefined ? undefined : sql`${value} <= ${r.max}`,
  ) ?? sql`true`;

const ledgerSum = (column: typeof memberLedger.points | typeof memberLedger.visits) =>
  sql`(select coalesce(sum(${column}), 0) from ${memberLedger} where ${memberLedger.memberId} = ${members.id})`;

/** The members holding a usable claim of a coupon: unused, the coupon on and valid on `today` (Japan). */
const holdersOf = (scope: MemberScope, couponId: number, today: string) =>
  sql`select distinct ${members.friendId} as friend_id from ${memberCouponClaims} inner join ${members} on ${members.id} = ${memberCouponClaims.memberId} inner join ${memberCoupons} on ${memberCoupons.id} = ${memberCouponClaims.couponId} where ${memberCouponClaims.couponId} = ${couponId} and ${memberCouponClaims.storeId} = ${scope.storeId} and ${memberCouponClaims.clientId} = ${scope.clientId} and ${memberCouponClaims.usedAt} is null and ${memberCoupons.isEnabled} and ${memberCoupons.validFrom} <= ${today} and ${memberCoupons.validTo} >= ${today}`;

async function countCouponsOfStore(db: Db, scope: MemberScope, ids: number[]) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(memberCoupons)
    .where(
      and(
        eq(memberCoupons.clientId, scope.clientId),
        eq(memberCoupons.storeId, scope.storeId),
        inArray(memberCoupons.id, ids),
      ),
    );
  return row?.n ?? 0;
}

export const cardSets: MemberDirectory['cardSets'] = async (db, account, c, now) => {
  const store = await findMemberStoreOfAccount(db, account.clientId, account.lineAccountId);
  const scope = store ? { clientId: store.clientId, storeId: store.id } : undefined;
  const sets: SQL[] = [];
  if (c.memberRanks?.length) {
    // a rank is named by the account's programme; another store's (or no programme) is unknown
    const program = scope ? await findProgram(db, scope) : undefined;
    const names = new Set(program?.ranks.map((r) => r.name) ?? []);
    if (!scope || c.memberRanks.some((name) => !names.has(name)))
      throw badRequest(friendMessages.unknownRank);
    sets.push(membersOfStore(scope, inArray(members.rankName, c.memberRanks)));
  }
  if (c.pointsBalance)
    sets.push(
      scope ? membersOfStore(scope, inRange(ledgerSum(memberLedger.points), c.pointsBalance)) : noFriends,
    );
  if (c.visitCount)
    sets.push(
      scope ? membersOfStore(scope, inRange(ledgerSum(memberLedger.visits), c.visitCount)) : noFriends,
    );
  if (c.holdsCoupons?.length) {
    const ids = [...new Set(c.holdsCoupons)];
    if (!scope || (await countCouponsOfStore(db, scope, ids)) !== ids.length)
      throw badRequest(friendMessages.unknownCoupon);
    const today = localDay(now, TOKYO);
    sets.push(...c.holdsCoupons.map((id) => holdersOf(scope, id, today)));
  }
  return sets;
};
