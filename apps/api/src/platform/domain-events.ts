import type { notificationTopics } from '@app/contracts';
import { max } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { domainEvents } from '../db/schema/index.ts';

export type DomainTopic = (typeof notificationTopics)[number];

/**
 * Record a domain event (SPEC.md 4 notification topics) in the transaction of its cause, for the
 * notifications work to deliver. Recording never sends anything by itself.
 */
export async function recordDomainEvent(
  db: Db,
  event: {
    topic: DomainTopic;
    clientId: number;
    lineAccountId?: number | null;
    storeId?: number | null;
    payload: Record<string, unknown>;
  },
): Promise<void> {
  await db.insert(domainEvents).values({
    topic: event.topic,
    clientId: event.clientId,
    lineAccountId: event.lineAccountId ?? null,
    storeId: event.storeId ?? null,
    payload: event.payload,
  });
}

/** The id of the last recorded event (0 when none): a watermark for "events from now on". */
export async function latestDomainEventId(db: Db): Promise<number> {
  const [row] = await db.select({ id: max(domainEvents.id) }).from(domainEvents);
  return row?.id ?? 0;
}
