import type { User } from '@app/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { notFound } from '../../platform/errors.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

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

/** The API's view of a user: never the password hash. */
export function toUserView(row: UserRow): User {
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
    createdAt: row.createdAt.toISOString(),
  };
}
