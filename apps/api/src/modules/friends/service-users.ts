import type { MemberCondition, MemberValue, memberStatuses, staffStatuses } from '@app/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { friends } from '../../db/schema/index.ts';

/**
 * Which friends use a service (shift staff now, members later) is the service's knowledge, not the
 * friends table's. A service module provides its directory here (app.ts wires it), so friends reads
 * no other module's table and imports no service module.
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

/** Until a shift module provides one, no friend is staff. */
const noStaff: StaffDirectory = {
  isStaff: () => sql`false`,
  listStaffOfFriends: async () => [],
};

let staffDirectory: StaffDirectory = noStaff;

/** Called once while the app is built; providing the same directory again is harmless. */
export function provideStaffDirectory(directory: StaffDirectory): void {
  staffDirectory = directory;
}

export const isShiftStaff = (): SQL => staffDirectory.isStaff({ id: friends.id, clientId: friends.clientId });

export const listStaffOfFriends = (db: Db, clientId: number, friendIds: number[]) =>
  friendIds.length === 0 ? Promise.resolve([]) : staffDirectory.listStaffOfFriends(db, clientId, friendIds);

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

/** Until the member service provides one, no friend is a member. */
const noMembers: MemberDirectory = {
  isMember: () => sql`false`,
  memberCodeBetween: () => sql`false`,
  attributeSets: async (_db, _scope, conditions) =>
    conditions.map(() => sql`select null::integer as friend_id where false`),
  listMembersOfFriends: async () => [],
};

let memberDirectory: MemberDirectory = noMembers;

/** Called once while the app is built; providing the same directory again is harmless. */
export function provideMemberDirectory(directory: MemberDirectory): void {
  memberDirectory = directory;
}

const friendColumns = (): FriendColumns => ({ id: friends.id, clientId: friends.clientId });
export const isMember = (): SQL => memberDirectory.isMember(friendColumns());
export const memberCodeBetween = (from: string, to: string): SQL =>
  memberDirectory.memberCodeBetween(friendColumns(), from, to);
export const memberAttributeSets = (
  db: Db,
  scope: { clientId: number; lineAccountId: number },
  conditions: MemberCondition[],
): Promise<SQL[]> =>
  conditions.length === 0 ? Promise.resolve([]) : memberDirectory.attributeSets(db, scope, conditions);
export const listMembersOfFriends = (db: Db, clientId: number, friendIds: number[]) =>
  friendIds.length === 0
    ? Promise.resolve([])
    : memberDirectory.listMembersOfFriends(db, clientId, friendIds);
