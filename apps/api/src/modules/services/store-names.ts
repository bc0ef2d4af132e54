import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { stores } from '../../db/schema/stores.ts';

/** The name of a store (of any service) of a client, or null. */
export async function storeNameOf(db: Db, clientId: number, storeId: number): Promise<string | null> {
  const [row] = await db
    .select({ name: stores.name })
    .from(stores)
    .where(and(eq(stores.id, storeId), eq(stores.clientId, clientId)))
    .limit(1);
  return row?.name ?? null;
}
