import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { friendsForJoin } from '../friends/index.ts';
import {
  deliveryChunks,
  deliveryClickFriends,
  deliveryClicks,
  deliveryLinkClickCounts,
  deliveryLinks,
  deliveryRecipientTokens,
  deliveryTestRecipients,
  messageDeliveries,
  savedSegments,
} from '../../db/schema/deliveries.ts';

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

/** Recipients already put in a delivery's chunks (sending up to the quota stops at its limit). */
export async function countChunkedRecipients(db: Db, deliveryId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${deliveryChunks.recipientCount}), 0)::int` })
    .from(deliveryChunks)
    .where(eq(deliveryChunks.deliveryId, deliveryId));
  return Number(row?.n ?? 0);
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

/**
 * The saved segments of the account among these ids, each held (FOR KEY SHARE) until the caller's
 * transaction ends: a segment's delete waits for the save that named it, then finds its use (409).
 */
export async function holdSegmentRows(db: Db, scope: AccountScope, ids: number[]): Promise<SegmentRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(savedSegments)
    .where(
      and(
        eq(savedSegments.clientId, scope.clientId),
        eq(savedSegments.lineAccountId, scope.lineAccountId),
        inArray(savedSegments.id, ids),
      ),
    )
    .orderBy(asc(savedSegments.id))
    .for('key share');
}

/** The segment, locked for its delete (FOR UPDATE): saves naming it wait, or find it gone. */
export async function lockSegmentForDelete(db: Db, scope: AccountScope, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: savedSegments.id })
    .from(savedSegments)
    .where(segmentOfAccount(scope, id))
    .for('update');
  return rows.length > 0;
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

// ---- links and clicks ----

/** The delivery's token per link, made once: two runs making them together end with the same tokens. */
export async function ensureLinks(
  db: Db,
  deliveryId: number,
  urls: string[],
  newToken: () => string,
): Promise<Map<string, string>> {
  await db
    .insert(deliveryLinks)
    .values(urls.map((url) => ({ deliveryId, url, token: newToken() })))
    .onConflictDoNothing({ target: [deliveryLinks.deliveryId, deliveryLinks.url] });
  const rows = await db
    .select({ url: deliveryLinks.url, token: deliveryLinks.token })
    .from(deliveryLinks)
    .where(and(eq(deliveryLinks.deliveryId, deliveryId), inArray(deliveryLinks.url, urls)));
  return new Map(rows.map((r) => [r.url, r.token]));
}

export async function insertRecipientToken(
  db: Db,
  values: typeof deliveryRecipientTokens.$inferInsert,
): Promise<void> {
  await db.insert(deliveryRecipientTokens).values(values);
}

/** Many friends' tokens at once (a personalised chunk's, made with the chunk); a repeat changes nothing. */
export async function insertRecipientTokens(
  db: Db,
  rows: (typeof deliveryRecipientTokens.$inferInsert)[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(deliveryRecipientTokens).values(rows).onConflictDoNothing();
}

/**
 * The named friends who tapped a delivery's links, the latest tap first (names through the friends door):
 * from the per-friend roll-up rows (decision 0058), read in the order of their index. The order says NULLS
 * LAST as the index does: the column is never null, but PostgreSQL matches an index to the ORDER BY as
 * written, and a plain DESC is NULLS FIRST, so the read sorted all the delivery's clicked friends to show
 * 100 (the bench's 100,000: 122 ms in EXPLAIN ANALYZE at load 23, 2.4 ms through the index).
 */
export async function clickedFriendsOf(db: Db, scope: AccountScope, deliveryId: number, limit: number) {
  return clickedFriendsQuery(db, scope, deliveryId, limit);
}

/** The statement of `clickedFriendsOf` (its test reads the plan). */
export const clickedFriendsQuery = (db: Db, scope: AccountScope, deliveryId: number, limit: number) =>
  db
    .select({
      id: friendsForJoin.id,
      displayName: friendsForJoin.displayName,
      links: deliveryClickFriends.links,
      lastClickedAt: deliveryClickFriends.lastClickedAt,
    })
    .from(deliveryClickFriends)
    .innerJoin(friendsForJoin, eq(friendsForJoin.id, deliveryClickFriends.friendId))
    .where(
      and(
        eq(deliveryClickFriends.deliveryId, deliveryId),
        eq(friendsForJoin.clientId, scope.clientId),
        eq(friendsForJoin.lineAccountId, scope.lineAccountId),
      ),
    )
    .orderBy(sql`${deliveryClickFriends.lastClickedAt} desc nulls last`, asc(deliveryClickFriends.friendId))
    .limit(limit);

/**
 * The redirect's tap on a delivery's link, in one statement (one round trip, its own transaction): the
 * link found by its token, the friend named when the recipient token is one of this delivery's, the tap
 * inserted (not a test send's; a named friend once per link, the unique index; the roll-up trigger keeps
 * the report's rows in the same transaction), and the target answered. Undefined: no delivery link has the
 * token. The transaction commits without waiting for the WAL flush (`synchronous_commit` off, for this
 * transaction only: `set_config(..., true)`), so neither the answer nor the roll-up row's lock waits for
 * the disk; a crash of the database may lose the last fraction of a second of taps, with their roll-up
 * (decision 0058, addendum "the redirect").
 */
export async function recordClickByToken(
  db: Db,
  input: { linkToken: string; recipientToken: string | undefined; clickedAt: Date },
): Promise<{ url: string } | undefined> {
  const result = await db.execute(sql`
    with link as (
      select ${deliveryLinks.id} as id, ${deliveryLinks.deliveryId} as delivery_id, ${deliveryLinks.url} as url
      from ${deliveryLinks} where ${deliveryLinks.token} = ${input.linkToken}
    ), recipient as (
      select r.friend_id, r.is_test from ${deliveryRecipientTokens} r join link on link.delivery_id = r.delivery_id
      where r.token = ${input.recipientToken ?? null}
    ), tapped as (
      insert into ${deliveryClicks} (link_id, delivery_id, friend_id, clicked_at)
      select link.id, link.delivery_id, (select friend_id from recipient), ${input.clickedAt.toISOString()}::timestamptz
      from link where not coalesce((select is_test from recipient), false)
      on conflict do nothing
    )
    select url, set_config('synchronous_commit', 'off', true) as async_commit from link`);
  const [row] = (result as { rows: { url: string }[] }).rows;
  return row ? { url: row.url } : undefined;
}

/** A tap: every anonymous one counts, a named friend's once per link (the unique index). */
export async function insertClick(
  db: Db,
  values: { linkId: number; deliveryId: number; friendId: number | null; clickedAt: Date },
): Promise<void> {
  await db.insert(deliveryClicks).values(values).onConflictDoNothing();
}

export type ClickFigures = { clicks: number; friends: number };

/** Taps and distinct named friends per delivery: the links' roll-up rows summed (decision 0058). */
export async function clickFiguresOf(db: Db, deliveryIds: number[]): Promise<Map<number, ClickFigures>> {
  if (deliveryIds.length === 0) return new Map();
  const rows = await db
    .select({
      deliveryId: deliveryLinkClickCounts.deliveryId,
      clicks: sql<number>`sum(${deliveryLinkClickCounts.clicks})::int`,
      friends: sql<number>`sum(${deliveryLinkClickCounts.deliveryFriends})::int`,
    })
    .from(deliveryLinkClickCounts)
    .where(inArray(deliveryLinkClickCounts.deliveryId, deliveryIds))
    .groupBy(deliveryLinkClickCounts.deliveryId);
  return new Map(rows.map((r) => [r.deliveryId, { clicks: Number(r.clicks), friends: Number(r.friends) }]));
}

/**
 * The deliveries' links with their taps and distinct named friends, in the order they were made (a
 * friend's tap counts once per link, so the link's named taps are its distinct friends).
 */
export async function linkFiguresOf(db: Db, deliveryIds: number[]) {
  if (deliveryIds.length === 0) return [];
  const [links, counts] = await Promise.all([
    db
      .select({ id: deliveryLinks.id, deliveryId: deliveryLinks.deliveryId, url: deliveryLinks.url })
      .from(deliveryLinks)
      .where(inArray(deliveryLinks.deliveryId, deliveryIds))
      .orderBy(asc(deliveryLinks.id)),
    db
      .select({
        linkId: deliveryLinkClickCounts.linkId,
        clicks: sql<number>`sum(${deliveryLinkClickCounts.clicks})::int`,
        friends: sql<number>`sum(${deliveryLinkClickCounts.friends})::int`,
      })
      .from(deliveryLinkClickCounts)
      .where(inArray(deliveryLinkClickCounts.deliveryId, deliveryIds))
      .groupBy(deliveryLinkClickCounts.linkId),
  ]);
  const byLink = new Map(counts.map((c) => [c.linkId, c]));
  return links.map((l) => ({
    deliveryId: l.deliveryId,
    url: l.url,
    clicks: Number(byLink.get(l.id)?.clicks ?? 0),
    friends: Number(byLink.get(l.id)?.friends ?? 0),
  }));
}

// ---- "me": the friend a user test-sends to ----

export async function findTestRecipient(db: Db, scope: AccountScope, userId: number) {
  const [row] = await db
    .select()
    .from(deliveryTestRecipients)
    .where(
      and(
        eq(deliveryTestRecipients.userId, userId),
        eq(deliveryTestRecipients.clientId, scope.clientId),
        eq(deliveryTestRecipients.lineAccountId, scope.lineAccountId),
      ),
    );
  return row;
}

export async function setTestRecipient(
  db: Db,
  scope: AccountScope,
  userId: number,
  friendId: number,
  now: Date,
): Promise<void> {
  await db
    .insert(deliveryTestRecipients)
    .values({ ...scope, userId, friendId, createdAt: now })
    .onConflictDoUpdate({
      target: [deliveryTestRecipients.userId, deliveryTestRecipients.lineAccountId],
      set: { friendId, createdAt: now },
    });
}

export async function deleteTestRecipient(db: Db, scope: AccountScope, userId: number): Promise<void> {
  await db
    .delete(deliveryTestRecipients)
    .where(
      and(
        eq(deliveryTestRecipients.userId, userId),
        eq(deliveryTestRecipients.clientId, scope.clientId),
        eq(deliveryTestRecipients.lineAccountId, scope.lineAccountId),
      ),
    );
}
