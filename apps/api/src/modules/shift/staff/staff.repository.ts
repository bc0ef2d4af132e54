import { and, asc, count, desc, eq, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { shiftStaff, staffRemarks } from '../../../db/schema/shift.ts';
import { friendsForJoin, type StaffDirectory } from '../../friends/index.ts';
import type { StoreScope } from '../shift-store.ts';

export type StaffRow = typeof shiftStaff.$inferSelect & {
  friendName: string | null;
  friendPictureUrl: string | null;
  friendIsFriend: boolean | null;
};

const staffColumns = {
  id: shiftStaff.id,
  clientId: shiftStaff.clientId,
  storeId: shiftStaff.storeId,
  friendId: shiftStaff.friendId,
  helperName: shiftStaff.helperName,
  employeeNumber: shiftStaff.employeeNumber,
  status: shiftStaff.status,
  managerNotes: shiftStaff.managerNotes,
  approvedAt: shiftStaff.approvedAt,
  maxHoursPerDay: shiftStaff.maxHoursPerDay,
  maxHoursPerWeek: shiftStaff.maxHoursPerWeek,
  maxHoursPerMonth: shiftStaff.maxHoursPerMonth,
  targetHoursPerMonth: shiftStaff.targetHoursPerMonth,
  createdAt: shiftStaff.createdAt,
  updatedAt: shiftStaff.updatedAt,
  friendName: friendsForJoin.displayName,
  friendPictureUrl: friendsForJoin.pictureUrl,
  friendIsFriend: friendsForJoin.isFriend,
};

const inStore = (scope: StoreScope) =>
  and(eq(shiftStaff.clientId, scope.clientId), eq(shiftStaff.storeId, scope.storeId));

const staffQuery = (db: Db) =>
  db
    .select(staffColumns)
    .from(shiftStaff)
    .leftJoin(friendsForJoin, eq(friendsForJoin.id, shiftStaff.friendId));

export async function findStaff(db: Db, scope: StoreScope, staffId: number): Promise<StaffRow | undefined> {
  const [row] = await staffQuery(db)
    .where(and(inStore(scope), eq(shiftStaff.id, staffId)))
    .limit(1);
  return row;
}

export async function findStaffByFriend(
  db: Db,
  scope: StoreScope,
  friendId: number,
): Promise<StaffRow | undefined> {
  const [row] = await staffQuery(db)
    .where(and(inStore(scope), eq(shiftStaff.friendId, friendId)))
    .limit(1);
  return row;
}

export async function findStaffByIds(db: Db, scope: StoreScope, ids: number[]): Promise<StaffRow[]> {
  if (ids.length === 0) return [];
  return staffQuery(db).where(and(inStore(scope), inArray(shiftStaff.id, ids)));
}

/**
 * Every staff member of the store, approved first, then by id (the shift table's rows). Built once per
 * database and prepared: the monthly table reads it on every request (issue 31).
 */
export async function listAllStaff(db: Db, scope: StoreScope): Promise<StaffRow[]> {
  let statement = allStaffStatements.get(db);
  if (!statement) allStaffStatements.set(db, (statement = prepareAllStaff(db)));
  return statement.execute(scope);
}
const allStaffStatements = new WeakMap<Db, ReturnType<typeof prepareAllStaff>>();
const prepareAllStaff = (db: Db) =>
  staffQuery(db)
    .where(
      and(
        eq(shiftStaff.clientId, sql.placeholder('clientId')),
        eq(shiftStaff.storeId, sql.placeholder('storeId')),
      ),
    )
    .orderBy(desc(sql`${shiftStaff.status} = 'APPROVED'`), asc(shiftStaff.id))
    .prepare('shift_all_staff');

export async function listStaffPage(
  db: Db,
  scope: StoreScope,
  options: { page: number; limit: number; status?: StaffRow['status'] | undefined },
) {
  const where = and(inStore(scope), options.status ? eq(shiftStaff.status, options.status) : undefined);
  const rows = await staffQuery(db)
    .where(where)
    .orderBy(asc(shiftStaff.id))
    .limit(options.limit)
    .offset((options.page - 1) * options.limit);
  const [total] = await db.select({ n: count() }).from(shiftStaff).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** Approved staff reachable on LINE: a friend who still follows the account. */
export async function listApprovedLineStaff(db: Db, scope: StoreScope): Promise<StaffRow[]> {
  return staffQuery(db).where(
    and(
      inStore(scope),
      eq(shiftStaff.status, 'APPROVED'),
      isNotNull(shiftStaff.friendId),
      eq(friendsForJoin.isFriend, true),
    ),
  );
}

export async function insertStaff(
  db: Db,
  scope: StoreScope,
  values: Omit<typeof shiftStaff.$inferInsert, 'clientId' | 'storeId'>,
): Promise<number> {
  const [row] = await db
    .insert(shiftStaff)
    .values({ ...values, ...scope })
    .returning({ id: shiftStaff.id });
  return row!.id;
}

export async function updateStaffRows(
  db: Db,
  scope: StoreScope,
  ids: number[],
  values: Partial<
    Pick<
      typeof shiftStaff.$inferInsert,
      | 'status'
      | 'approvedAt'
      | 'employeeNumber'
      | 'managerNotes'
      | 'maxHoursPerDay'
      | 'maxHoursPerWeek'
      | 'maxHoursPerMonth'
      | 'targetHoursPerMonth'
    >
  >,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(shiftStaff)
    .set({ ...values, updatedAt: new Date() })
    .where(and(inStore(scope), inArray(shiftStaff.id, ids)));
}

/** Shifts and remarks go with the staff member (ON DELETE CASCADE). */
export async function deleteStaffRows(db: Db, scope: StoreScope, ids: number[]): Promise<void> {
  await db.delete(shiftStaff).where(and(inStore(scope), inArray(shiftStaff.id, ids)));
}

/** Take the staff member's row lock: shift writes for one person are serialised (overlap checks). */
export async function lockStaff(db: Db, scope: StoreScope, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .select({ id: shiftStaff.id })
    .from(shiftStaff)
    .where(and(inStore(scope), inArray(shiftStaff.id, ids)))
    .orderBy(asc(shiftStaff.id))
    .for('update');
}

// ---- remarks ----

export type RemarkRow = typeof staffRemarks.$inferSelect;

const remarksInStore = (scope: StoreScope) =>
  and(eq(staffRemarks.clientId, scope.clientId), eq(staffRemarks.storeId, scope.storeId));

export async function upsertRemark(
  db: Db,
  scope: StoreScope,
  values: { staffId: number; date: string; remark: string },
): Promise<RemarkRow> {
  const [row] = await db
    .insert(staffRemarks)
    .values({ ...scope, ...values })
    .onConflictDoUpdate({
      target: [staffRemarks.staffId, staffRemarks.date],
      set: { remark: values.remark, updatedAt: new Date() },
    })
    .returning();
  return row!;
}

export async function listRemarksOfDate(db: Db, scope: StoreScope, date: string): Promise<RemarkRow[]> {
  return db
    .select()
    .from(staffRemarks)
    .where(and(remarksInStore(scope), eq(staffRemarks.date, date)))
    .orderBy(asc(staffRemarks.staffId));
}

export async function listRemarksBetween(db: Db, scope: StoreScope, startDate: string, endDate: string) {
  return db
    .select()
    .from(staffRemarks)
    .where(and(remarksInStore(scope), gte(staffRemarks.date, startDate), lte(staffRemarks.date, endDate)))
    .orderBy(asc(staffRemarks.date), asc(staffRemarks.staffId));
}

export async function findRemark(db: Db, scope: StoreScope, staffId: number, date: string) {
  const [row] = await db
    .select()
    .from(staffRemarks)
    .where(and(remarksInStore(scope), eq(staffRemarks.staffId, staffId), eq(staffRemarks.date, date)))
    .limit(1);
  return row;
}

export async function listRemarksOfStaff(db: Db, scope: StoreScope, staffId: number, limit = 100) {
  return db
    .select()
    .from(staffRemarks)
    .where(and(remarksInStore(scope), eq(staffRemarks.staffId, staffId)))
    .orderBy(desc(staffRemarks.date))
    .limit(limit);
}

// ---- the friends module's view of staff (friends/service-users.ts) ----

/** Which friends are staff, for the friend list and the friend search. */
export const shiftStaffDirectory: StaffDirectory = {
  isStaff: (friend) =>
    sql`exists (select 1 from ${shiftStaff} where ${shiftStaff.friendId} = ${friend.id} and ${shiftStaff.clientId} = ${friend.clientId})`,
  listStaffOfFriends: async (db, clientId, friendIds) =>
    db
      .select({
        id: shiftStaff.id,
        friendId: shiftStaff.friendId,
        status: shiftStaff.status,
        managerNotes: shiftStaff.managerNotes,
      })
      .from(shiftStaff)
      .where(and(eq(shiftStaff.clientId, clientId), inArray(shiftStaff.friendId, friendIds)))
      .orderBy(asc(shiftStaff.id)),
};
