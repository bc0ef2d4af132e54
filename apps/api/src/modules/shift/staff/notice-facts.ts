import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { shiftStaff } from '../../../db/schema/shift.ts';

export type StaffFacts = { staffId: number; friendId: number | null; helperName: string | null };

/** Some staff of a client (for notices: who they are on LINE, a helper's name). */
export async function staffFactsOf(db: Db, clientId: number, staffIds: number[]): Promise<StaffFacts[]> {
  if (staffIds.length === 0) return [];
  return db
    .select({ staffId: shiftStaff.id, friendId: shiftStaff.friendId, helperName: shiftStaff.helperName })
    .from(shiftStaff)
    .where(and(eq(shiftStaff.clientId, clientId), inArray(shiftStaff.id, staffIds)))
    .orderBy(asc(shiftStaff.id));
}
