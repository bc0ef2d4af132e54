import type { DeliveryMessage } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { greetings } from '../../db/schema/automation.ts';

export type AccountScope = { clientId: number; lineAccountId: number };
export type GreetingRow = typeof greetings.$inferSelect;

export async function findGreeting(db: Db, scope: AccountScope): Promise<GreetingRow | undefined> {
  const [row] = await db
    .select()
    .from(greetings)
    .where(and(eq(greetings.clientId, scope.clientId), eq(greetings.lineAccountId, scope.lineAccountId)));
  return row;
}

/** One row per account: the first save inserts it, later ones replace its messages. */
export async function upsertGreeting(
  db: Db,
  scope: AccountScope,
  values: { newFriendMessages: DeliveryMessage[]; unblockMessages: DeliveryMessage[]; updatedAt: Date },
): Promise<GreetingRow> {
  const [row] = await db
    .insert(greetings)
    .values({ ...scope, ...values })
    .onConflictDoUpdate({ target: greetings.lineAccountId, set: values })
    .returning();
  return row!;
}
