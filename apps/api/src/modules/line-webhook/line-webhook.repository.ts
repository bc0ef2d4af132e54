import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { webhookEvents } from '../../db/schema/index.ts';

export type WebhookEventRow = typeof webhookEvents.$inferSelect;

/** Stores an event once per (account, webhookEventId); answers its row id, or undefined for a repeat. */
export async function insertWebhookEvent(
  db: Db,
  values: { lineAccountId: number; webhookEventId: string; type: string; payload: unknown; receivedAt: Date },
): Promise<number | undefined> {
  const [row] = await db
    .insert(webhookEvents)
    .values(values)
    .onConflictDoNothing({ target: [webhookEvents.lineAccountId, webhookEvents.webhookEventId] })
    .returning({ id: webhookEvents.id });
  return row?.id;
}

/** The job's event, locked for the transaction that processes it (a second runner waits, then skips). */
export async function lockWebhookEvent(db: Db, id: number): Promise<WebhookEventRow | undefined> {
  const [row] = await db.select().from(webhookEvents).where(eq(webhookEvents.id, id)).limit(1).for('update');
  return row;
}

export async function findWebhookEvent(db: Db, id: number): Promise<WebhookEventRow | undefined> {
  const [row] = await db.select().from(webhookEvents).where(eq(webhookEvents.id, id)).limit(1);
  return row;
}

export async function markWebhookEventProcessed(db: Db, lineAccountId: number, id: number, at: Date) {
  await db
    .update(webhookEvents)
    .set({ processedAt: at })
    .where(and(eq(webhookEvents.lineAccountId, lineAccountId), eq(webhookEvents.id, id)));
}
