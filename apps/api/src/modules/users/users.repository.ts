import type { BackOfficeUser, Position, Role, User } from '@app/contracts';
import { and, asc, count, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { notFound } from '../../platform/errors.ts';
import { isoStringOf } from '../../platform/dates.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

/** Whose users a call may see: one client's, one agency's, or (master) everyone's. */
export type UserScope = { clientId: number } | { agencyId: number } | { all: true };

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function getUserOrThrow(db: Db, id: number): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw notFound('User not found');
  return row;
}

export async function insertUser(db: Db, values: NewUserRow): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateUser(db: Db, id: number, values: Partial<NewUserRow>): Promise<void> {
  await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id));
}

function scopeFilter(scope: UserScope): SQL | undefined {
  if ('clientId' in scope) return and(eq(users.role, 'CLIENT'), eq(users.clientId, scope.clientId));
  if ('agencyId' in scope) return and(eq(users.role, 'AGENCY'), eq(users.agencyId, scope.agencyId));
  return undefined;
}

/** A user inside the scope, locked for the rest of the transaction; undefined for any other. */
export async function findScopedUserForUpdate(
  db: Db,
  scope: UserScope,
  id: number,
): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), scopeFilter(scope)))
    .limit(1)
    .for('update');
  return row;
}

export async function findScopedUser(db: Db, scope: UserScope, id: number): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), scopeFilter(scope)))
    .limit(1);
  return row;
}

export type UserListFilter = {
  search?: string | undefined;
  role?: Role | undefined;
  position?: Position | undefined;
  clientId?: number | undefined;
  agencyId?: number | undefined;
  page: number;
  limit: number;
};

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listUsers(db: Db, scope: UserScope, filter: UserListFilter) {
  const pattern = filter.search ? `%${escapeLike(filter.search)}%` : undefined;
  const where = and(
    scopeFilter(scope),
    filter.role ? eq(users.role, filter.role) : undefined,
    filter.position ? eq(users.position, filter.position) : undefined,
    filter.clientId !== undefined ? eq(users.clientId, filter.clientId) : undefined,
    filter.agencyId !== undefined ? eq(users.agencyId, filter.agencyId) : undefined,
    pattern
      ? or(
          ilike(users.email, pattern),
          ilike(users.lastName, pattern),
          ilike(users.firstName, pattern),
          ilike(users.lastNameKana, pattern),
          ilike(users.firstNameKana, pattern),
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(asc(users.id))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** OWNERs of the tenant a user belongs to, other than that user (for the last-owner rule). */
/** Whether the platform has any MASTER user (the first one is made by `npm run create-master`). */
export async function hasMasterUser(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'MASTER')).limit(1);
  return !!row;
}

export async function countOtherOwners(db: Db, user: UserRow): Promise<number> {
  const tenant =
    user.role === 'CLIENT' && user.clientId !== null
      ? eq(users.clientId, user.clientId)
      : user.role === 'AGENCY' && user.agencyId !== null
        ? eq(users.agencyId, user.agencyId)
        : eq(users.role, 'MASTER');
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(tenant, eq(users.role, user.role), eq(users.position, 'OWNER'), ne(users.id, user.id)));
  return row?.n ?? 0;
}

export async function isEmailInUse(db: Db, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return row !== undefined;
}

export async function deleteUserRow(db: Db, id: number): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
}

export function toUserView(row: Omit<UserRow, 'passwordHash'>): User {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    position: row.position,
    firstName: row.firstName,
    lastName: row.lastName,
    firstNameKana: row.firstNameKana,
    lastNameKana: row.lastNameKana,
    phoneNumber: row.phoneNumber,
    clientId: row.clientId,
    agencyId: row.agencyId,
    masterId: row.masterId,
    emailVerified: row.emailVerifiedAt !== null,
    createdAt: isoStringOf(row.createdAt), // a cached session's row: platform/dates.ts
  };
}

export function toBackOfficeUserView(row: UserRow): BackOfficeUser {
  return { ...toUserView(row), pendingEmail: row.pendingEmail };
}

/**
 * The display names ("姓 名", null when both are empty) of some users, for lists of other modules that show
 * who changed a row: one batch read.
 */
export async function userNamesOf(db: Db, ids: readonly number[]): Promise<Map<number, string | null>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      name: sql<string | null>`nullif(trim(concat(${users.lastName}, ' ', ${users.firstName})), '')`,
    })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The back-office users of a client (id and name, by name): whom the client's work may be assigned to. */
export async function clientUserChoices(db: Db, clientId: number): Promise<{ id: number; name: string }[]> {
  const rows = await db
    .select({
      id: users.id,
      name: sql<string>`trim(concat(${users.lastName}, ' ', ${users.firstName}))`,
    })
    .from(users)
    .where(and(eq(users.clientId, clientId), eq(users.role, 'CLIENT')))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
  return rows;
}
