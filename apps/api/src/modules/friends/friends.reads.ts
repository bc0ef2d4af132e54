import { QueryBuilder } from 'drizzle-orm/pg-core';
import { friends } from '../../db/schema/friends.ts';

/**
 * What other modules may join of the friends table, handed out at the door (decision 0025): a read-only
 * subquery of chosen columns that PostgreSQL flattens into the caller's statement, so a join on a hot path
 * (the member list, the shift table's staff) stays one statement while the table stays the friends
 * module's. Join it as a table: `.innerJoin(friendsForJoin, eq(friendsForJoin.id, members.friendId))`.
 */
export const friendsForJoin = new QueryBuilder()
  .select({
    id: friends.id,
    clientId: friends.clientId,
    lineAccountId: friends.lineAccountId,
    lineUserId: friends.lineUserId,
    displayName: friends.displayName,
    pictureUrl: friends.pictureUrl,
    isFriend: friends.isFriend,
  })
  .from(friends)
  .as('friend');
