import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { friends } from '../../db/schema/friends.ts';

type AccountScope = { clientId: number; lineAccountId: number };

export type FriendCard = {
  id: number;
  lineUserId: string;
  displayName: string;
  pictureUrl: string | null;
  isFriend: boolean;
};

const card = {
  id: friends.id,
  lineUserId: friends.lineUserId,
  displayName: friends.displayName,
  pictureUrl: friends.pictureUrl,
  isFriend: friends.isFriend,
};

const inAccount = (scope: AccountScope) =>
  and(eq(friends.clientId, scope.clientId), eq(friends.lineAccountId, scope.lineAccountId));

/** Some friends of one LINE account (ids of another account are left out). */
export async function listFriendCards(db: Db, scope: AccountScope, ids: number[]): Promise<FriendCard[]> {
  if (ids.length === 0) return [];
  return db
    .select(card)
    .from(friends)
    .where(and(inAccount(scope), inArray(friends.id, ids)))
    .orderBy(asc(friends.id));
}

/** The friends of one LINE account still following it, by name (at most `limit`). */
export async function listFollowingFriendCards(
  db: Db,
  scope: AccountScope,
  limit: number,
): Promise<FriendCard[]> {
  return db
    .select(card)
    .from(friends)
    .where(and(inAccount(scope), eq(friends.isFriend, true)))
    .orderBy(asc(friends.displayName), asc(friends.id))
    .limit(limit);
}

/** Every friend of one LINE account who ever followed it, blocked ones too, in id order (at most `limit`). */
export async function listFriendCardsOfAccount(
  db: Db,
  scope: AccountScope,
  limit: number,
): Promise<FriendCard[]> {
  return db.select(card).from(friends).where(inAccount(scope)).orderBy(asc(friends.id)).limit(limit);
}
