import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { insertWithJobs } from '../../platform/jobs.ts';
import { webhookEvents } from '../../db/schema/line-webhook.ts';

export type WebhookEventRow = typeof webhookEvents.$inferSelect;

type NewWebhookEvent = { webhookEventId: string; type: string; payload: unknown };

/**
 * Stores a call's events once per (account, webhookEventId) with one processing job each, in one
 * statement (LINE's redeliveries insert nothing and queue nothing); answers how many were new.
 */
export async function insertWebhookEventsWithJobs(
  db: Db,
  lineAccountId: number,
  events: NewWebhookEvent[],
  options: { queue: string; receivedAt: Date },
): Promise<number> {
  if (events.length === 0) return 0;
  const at = options.receivedAt.toISOString();
  const rows = sql.join(
    events.map(
      (e) =>
        sql`(${lineAccountId}, ${e.webhookEventId}, ${e.type}, ${JSON.stringify(e.payload)}::jsonb, ${at}::timestamptz)`,
    ),
    sql`, `,
  );
  const ids = await insertWithJobs(
    db,
    sql`insert into ${webhookEvents} (line_account_id, webhook_event_id, type, payload, received_at)
      values ${rows}
      on conflict (line_account_id, webhook_event_id) do nothing
      returning id`,
    { queue: options.queue, runAt: options.receivedAt, payloadKey: 'webhookEventId' },
  );
  return ids.length;
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
