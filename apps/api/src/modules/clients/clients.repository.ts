import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { agencies, clients, contactPersons } from '../../db/schema/index.ts';

export type ClientRow = typeof clients.$inferSelect;
export type NewClientRow = typeof clients.$inferInsert;
export type NewContactPersonRow = typeof contactPersons.$inferInsert;

export async function findClient(db: Db, id: number): Promise<ClientRow | undefined> {
  const [row] = await db.select().from(clients).where(eq(clients.id, id)).limit(1);
  return row;
}

export async function insertClient(db: Db, values: NewClientRow): Promise<ClientRow> {
  const [row] = await db.insert(clients).values(values).returning();
  return row!;
}

export async function insertContactPerson(db: Db, values: NewContactPersonRow): Promise<void> {
  await db.insert(contactPersons).values(values);
}

export async function findAgency(db: Db, id: number) {
  const [row] = await db.select().from(agencies).where(eq(agencies.id, id)).limit(1);
  return row;
}

export async function findContactPerson(db: Db, clientId: number) {
  const [row] = await db.select().from(contactPersons).where(eq(contactPersons.clientId, clientId)).limit(1);
  return row;
}
