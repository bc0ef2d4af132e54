import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { deliveryChunks, messageDeliveries, savedSegments } from '../../db/schema/deliveries.ts';

export type AccountScope = { clientId: number; lineAccountId: number };
export type DeliveryRow = typeof messageDeliveries.$inferSelect;
export type NewDeliveryRow = typeof messageDeliveries.$inferInsert;
export type ChunkRow = typeof deliveryChunks.$inferSelect;
export type SegmentRow = typeof savedSegments.$inferSelect;

const deliveryOfAccount = (scope: AccountScope, id: number) =>
  and(
    eq(messageDeliveries.id, id),
    eq(messageDeliveries.clientId, scope.clientId),
    eq(messageDeliveries.lineAccountId, scope.lineAccountId),
  );

export async function insertDelivery(db: Db, values: NewDeliveryRow): Promise<DeliveryRow> {
  const [row] = await db.insert(messageDeliveries).values(values).returning();
  return row!;
}

export async function findDelivery(
  db: Db,
  scope: AccountScope,
  id: number,
): Promise<DeliveryRow | undefined> {
  const [row] = await db.select().from(messageDeliveries).where(deliveryOfAccount(scope, id));
  return row;
}

/** A delivery by id alone, for the sending job whose payload this server wrote. */
export async function findDeliveryById(db: Db, id: number): Promise<DeliveryRow | undefined> {
  const [row] = await db.select().from(messageDeliveries).where(eq(messageDeliveries.id, id));
  return row;
}

/** The delivery row locked for the rest of the transaction (one sender at a time makes its chunks). */
export async function lockDelivery(db: Db, id: number): Promise<DeliveryRow | undefined> {
  const [row] = await db.select().from(messageDeliveries).where(eq(messageDeliveries.id, id)).for('update');
  return row;
}

export async function updateDelivery(
  db: Db,
  id: number,
  values: Partial<NewDeliveryRow>,
  onlyIfStatus?: DeliveryRow['status'],
): Promise<DeliveryRow | undefined> {
  const [row] = await db
    .update(messageDeliveries)
    .set(values)
    .where(
      and(
        eq(messageDeliveries.id, id),
        onlyIfStatus ? eq(messageDeliveries.status, onlyIfStatus) : undefined,
      ),
    )
    .returning();
  return row;
}

export async function deleteDelivery(db: Db, id: number): Promise<void> {
  await db.delete(messageDeliveries).where(eq(messageDeliveries.id, id));
}

export async function listDeliveryRows(
  db: Db,
  scope: AccountScope,
  page: { limit: number; offset: number },
): Promise<{ rows: DeliveryRow[]; total: number }> {
  const where = and(
    eq(messageDeliveries.clientId, scope.clientId),
    eq(messageDeliveries.lineAccountId, scope.lineAccountId),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(messageDeliveries)
      .where(where)
      .orderBy(desc(messageDeliveries.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(messageDeliveries).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Counts moved by a chunk's outcome (added, so that two outcomes never overwrite each other). */
export async function addToCounts(
  db: Db,
  id: number,
  counts: { sent?: number; failed?: number; failureReason?: string | null },
  now: Date,
): Promise<void> {
  await db
    .update(messageDeliveries)
    .set({
      sentCount: sql`${messageDeliveries.sentCount} + ${counts.sent ?? 0}`,
      failedCount: sql`${messageDeliveries.failedCount} + ${counts.failed ?? 0}`,
      ...(counts.failureReason ? { failureReason: counts.failureReason } : {}),
      updatedAt: now,
    })
    .where(eq(messageDeliveries.id, id));
}

// ---- chunks ----

export async function insertChunk(db: Db, values: typeof deliveryChunks.$inferInsert): Promise<ChunkRow> {
  const [row] = await db.insert(deliveryChunks).values(values).returning();
  return row!;
}

/** The first chunk of a delivery whose LINE call has not been settled (sent or refused). */
export async function findPendingChunk(db: Db, deliveryId: number): Promise<ChunkRow | undefined> {
  const [row] = await db
    .select()
    .from(deliveryChunks)
    .where(and(eq(deliveryChunks.deliveryId, deliveryId), eq(deliveryChunks.status, 'PENDING')))
    .orderBy(asc(deliveryChunks.seq))
    .limit(1);
  return row;
}

export async function countChunks(db: Db, deliveryId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(deliveryChunks)
    .where(eq(deliveryChunks.deliveryId, deliveryId));
  return row?.n ?? 0;
}

/** Settle a chunk once: answers false when another run already did (its counts are not added twice). */
export async function settleChunk(
  db: Db,
  id: number,
  values: { status: 'SENT' | 'FAILED'; error: string | null; sentAt: Date | null },
): Promise<boolean> {
  const rows = await db
    .update(deliveryChunks)
    .set(values)
    .where(and(eq(deliveryChunks.id, id), eq(deliveryChunks.status, 'PENDING')))
    .returning({ id: deliveryChunks.id });
  return rows.length > 0;
}

export async function setChunkError(db: Db, id: number, error: string): Promise<void> {
  await db.update(deliveryChunks).set({ error }).where(eq(deliveryChunks.id, id));
}

// ---- saved segments ----

const segmentOfAccount = (scope: AccountScope, id: number) =>
  and(
    eq(savedSegments.id, id),
    eq(savedSegments.clientId, scope.clientId),
    eq(savedSegments.lineAccountId, scope.lineAccountId),
  );

export async function listSegmentRows(db: Db, scope: AccountScope): Promise<SegmentRow[]> {
  return db
    .select()
    .from(savedSegments)
    .where(
      and(eq(savedSegments.clientId, scope.clientId), eq(savedSegments.lineAccountId, scope.lineAccountId)),
    )
    .orderBy(asc(savedSegments.name), asc(savedSegments.id));
}

export async function findSegment(db: Db, scope: AccountScope, id: number): Promise<SegmentRow | undefined> {
  const [row] = await db.select().from(savedSegments).where(segmentOfAccount(scope, id));
  return row;
}

export async function insertSegment(db: Db, values: typeof savedSegments.$inferInsert): Promise<SegmentRow> {
  const [row] = await db.insert(savedSegments).values(values).returning();
  return row!;
}

export async function updateSegment(
  db: Db,
  scope: AccountScope,
  id: number,
  values: Partial<typeof savedSegments.$inferInsert>,
): Promise<SegmentRow | undefined> {
  const [row] = await db.update(savedSegments).set(values).where(segmentOfAccount(scope, id)).returning();
  return row;
}

export async function deleteSegment(db: Db, scope: AccountScope, id: number): Promise<boolean> {
  const rows = await db
    .delete(savedSegments)
    .where(segmentOfAccount(scope, id))
    .returning({ id: savedSegments.id });
  return rows.length > 0;
}

/** Segment names by id (a list shows the segment each delivery went to). */
export async function segmentNamesOf(
  db: Db,
  scope: AccountScope,
  ids: number[],
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await listSegmentRows(db, scope);
  return new Map(rows.filter((r) => ids.includes(r.id)).map((r) => [r.id, r.name]));
}
