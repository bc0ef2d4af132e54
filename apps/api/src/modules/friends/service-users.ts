import type { MemberCondition, MemberValue, memberStatuses, staffStatuses } from '@app/contracts';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { friends } from '../../db/schema/friends.ts';

/**
 * Which friends use a service (shift staff, members) is the service's knowledge, not the friends table's.
 * Each service module offers a directory through its door; src/composition.ts hands them to the friends
 * routes (`FriendDirectories`), so friends reads no other module's table and imports no service module.
 */
export type StaffOfFriend = {
  id: number;
  friendId: number | null;
  status: (typeof staffStatuses)[number];
  managerNotes: string | null;
};

export type StaffDirectory = {
  /** SQL condition over the friends table: the friend is staff of a store of its client. */
  isStaff: (friend: { id: typeof friends.id; clientId: typeof friends.clientId }) => SQL;
  /** The staff records of some friends of a client. */
  listStaffOfFriends: (db: Db, clientId: number, friendIds: number[]) => Promise<StaffOfFriend[]>;
};

// ---- members (the member service provides them) ----

export type MemberOfFriend = {
  id: number;
  friendId: number;
  status: (typeof memberStatuses)[number];
  memberCode: string;
  values: MemberValue[];
};

type FriendColumns = { id: typeof friends.id; clientId: typeof friends.clientId };

export type MemberDirectory = {
  /** SQL condition over the friends table: the friend is a member of its account's member store. */
  isMember: (friend: FriendColumns) => SQL;
  /** The member code lies in [from, to] (codes compare as strings of equal length). */
  memberCodeBetween: (friend: FriendColumns, from: string, to: string) => SQL;
  /**
   * One set of friends (`select friend_id ...`) per member-attribute condition of the friend search, for
   * one LINE account: the friends of that account who are members and pass the condition. Throws the
   * typed error of a condition naming no attribute or choice of that account's store.
   */
  attributeSets: (
    db: Db,
    scope: { clientId: number; lineAccountId: number },
    conditions: MemberCondition[],
  ) => Promise<SQL[]>;
  /** The member records (with values) of some friends of a client. */
  listMembersOfFriends: (db: Db, clientId: number, friendIds: number[]) => Promise<MemberOfFriend[]>;
};

/** The directories of the services whose users are friends, as the friends module's services take them. */
export type FriendDirectories = { staff: StaffDirectory; members: MemberDirectory };

const friendColumns = (): FriendColumns => ({ id: friends.id, clientId: friends.clientId });

/** What the friends services ask of the directories, over the friends table's own columns. */
export const serviceUsersOf = ({ staff, members }: FriendDirectories) => ({
  isShiftStaff: (): SQL => staff.isStaff(friendColumns()),
  listStaffOfFriends: (db: Db, clientId: number, friendIds: number[]) =>
    friendIds.length === 0 ? Promise.resolve([]) : staff.listStaffOfFriends(db, clientId, friendIds),
  isMember: (): SQL => members.isMember(friendColumns()),
  memberCodeBetween: (from: string, to: string): SQL => members.memberCodeBetween(friendColumns(), from, to),
  memberAttributeSets: (
    db: Db,
    scope: { clientId: number; lineAccountId: number },
    conditions: MemberCondition[],
  ): Promise<SQL[]> =>
    conditions.length === 0 ? Promise.resolve([]) : members.attributeSets(db, scope, conditions),
  listMembersOfFriends: (db: Db, clientId: number, friendIds: number[]) =>
    friendIds.length === 0 ? Promise.resolve([]) : members.listMembersOfFriends(db, clientId, friendIds),
});
