import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { friends, messages } from '../../db/schema/index.ts';

export type FriendRow = typeof friends.$inferSelect;
export type NewFriendRow = typeof friends.$inferInsert;
export type MessageRow = typeof messages.$inferSelect;
export type NewMessageRow = typeof messages.$inferInsert;

type AccountScope = { clientId: number; lineAccountId: number };

const inAccount = (scope: AccountScope) =>
  and(eq(friends.clientId, scope.clientId), eq(friends.lineAccountId, scope.lineAccountId));

const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function findFriend(db: Db, scope: AccountScope, id: number): Promise<FriendRow | undefined> {
  const [row] = await db
    .select()
    .from(friends)
    .where(and(inAccount(scope), eq(friends.id, id)))
    .limit(1);
  return row;
}

export async function findFriendByLineUserId(
  db: Db,
  scope: AccountScope,
  lineUserId: string,
): Promise<FriendRow | undefined> {
  const [row] = await db
    .select()
    .from(friends)
    .where(and(inAccount(scope), eq(friends.lineUserId, lineUserId)))
    .limit(1);
  return row;
}

export async function insertFriend(db: Db, values: NewFriendRow): Promise<FriendRow> {
  const [row] = await db.insert(friends).values(values).returning();
  return row!;
}

export async function updateFriend(
  db: Db,
  scope: AccountScope,
  id: number,
  values: Partial<NewFriendRow>,
): Promise<FriendRow | undefined> {
  const [row] = await db
    .update(friends)
    .set(values)
    .where(and(inAccount(scope), eq(friends.id, id)))
    .returning();
  return row;
}

export type FriendFilter = {
  search?: string | undefined;
  isFriend?: boolean | undefined;
  /** Who may be listed at all (service users / non-members); undefined: everyone. */
  audience?: SQL | undefined;
  /** Extra conditions combined with AND or OR. */
  conditions?: SQL[];
  combine?: 'AND' | 'OR';
};

export async function listFriends(
  db: Db,
  scope: AccountScope,
  filter: FriendFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: FriendRow[]; total: number }> {
  const conditions = [...(filter.conditions ?? [])];
  if (filter.search) conditions.push(ilike(friends.displayName, likePattern(filter.search)));
  const combined =
    conditions.length === 0 ? undefined : filter.combine === 'OR' ? or(...conditions) : and(...conditions);
  const where = and(
    inAccount(scope),
    filter.isFriend !== undefined ? eq(friends.isFriend, filter.isFriend) : undefined,
    filter.audience,
    combined,
  );
  const [total] = await db.select({ n: count() }).from(friends).where(where);
  const rows = await db
    .select()
    .from(friends)
    .where(where)
    .orderBy(desc(friends.createdAt), desc(friends.id))
    .limit(page.limit)
    .offset(page.offset);
  return { rows, total: total?.n ?? 0 };
}

/** A SQL condition that is never true: for filters on data no service has recorded yet. */
export const never = sql`false`;

// ---- messages ----

export async function insertMessage(db: Db, values: NewMessageRow): Promise<MessageRow> {
  const [row] = await db.insert(messages).values(values).returning();
  return row!;
}

/** The outbox job reads its message by id alone: the job payload was written by this server. */
export async function findMessageForDelivery(db: Db, id: number): Promise<MessageRow | undefined> {
  const [row] = await db.select().from(messages).where(eq(messages.id, id)).limit(1);
  return row;
}

export async function updateMessage(
  db: Db,
  scope: AccountScope,
  id: number,
  values: Partial<NewMessageRow>,
): Promise<void> {
  await db
    .update(messages)
    .set(values)
    .where(
      and(
        eq(messages.clientId, scope.clientId),
        eq(messages.lineAccountId, scope.lineAccountId),
        eq(messages.id, id),
      ),
    );
}

export async function listMessages(
  db: Db,
  scope: AccountScope & { friendId: number },
  page: { limit: number; offset: number },
): Promise<{ rows: MessageRow[]; total: number }> {
  const where = and(
    eq(messages.clientId, scope.clientId),
    eq(messages.lineAccountId, scope.lineAccountId),
    eq(messages.friendId, scope.friendId),
  );
  const [total] = await db.select({ n: count() }).from(messages).where(where);
  const rows = await db
    .select()
    .from(messages)
    .where(where)
    .orderBy(desc(messages.id))
    .limit(page.limit)
    .offset(page.offset);
  return { rows, total: total?.n ?? 0 };
}
