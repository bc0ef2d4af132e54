import type { staffStatuses } from '@app/contracts';
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
