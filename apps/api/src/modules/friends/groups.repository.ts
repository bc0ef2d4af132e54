import { and, desc, eq, inArray, isNotNull, isNull, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chatGroupMembers, chatGroupMessages, chatGroups } from '../../db/schema/chat-groups.ts';
import { friends } from '../../db/schema/friends.ts';
import type { AccountScope } from './friends.repository.ts';
import { previewOf } from './inbox.repository.ts';

export type ChatGroupRow = typeof chatGroups.$inferSelect;
export type ChatGroupMemberRow = typeof chatGroupMembers.$inferSelect;
export type ChatGroupMessageRow = typeof chatGroupMessages.$inferSelect;
export type GroupKey = { kind: 'group' | 'room'; lineGroupId: string };

const inAccount = (scope: AccountScope) =>
  and(eq(chatGroups.clientId, scope.clientId), eq(chatGroups.lineAccountId, scope.lineAccountId));

export async function findGroupByLineId(
  db: Db,
  scope: AccountScope,
  lineGroupId: string,
): Promise<ChatGroupRow | undefined> {
  const [row] = await db
    .select()
    .from(chatGroups)
    .where(and(inAccount(scope), eq(chatGroups.lineGroupId, lineGroupId)))
    .limit(1);
  return row;
}

export async function findGroup(db: Db, scope: AccountScope, id: number): Promise<ChatGroupRow | undefined> {
  const [row] = await db
    .select()
    .from(chatGroups)
    .where(and(inAccount(scope), eq(chatGroups.id, id)))
    .limit(1);
  return row;
}

/**
 * The group of an event, created on its first event (any kind: the account may have joined before the
 * webhook was connected); name and picture are set when LINE's summary is given.
 */
export async function upsertGroup(
  db: Db,
  scope: AccountScope,
  key: GroupKey,
  values: { at: Date; summary?: { name: string; pictureUrl: string | null } | null },
): Promise<ChatGroupRow> {
  const summary = values.summary
    ? { name: values.summary.name.slice(0, 100), pictureUrl: values.summary.pictureUrl }
    : {};
  const [row] = await db
    .insert(chatGroups)
    .values({
      ...scope,
      kind: key.kind,
      lineGroupId: key.lineGroupId,
      lastMessageAt: values.at,
      unreadCount: 0,
      status: 'DONE',
      ...summary,
    })
    .onConflictDoUpdate({
      target: [chatGroups.lineAccountId, chatGroups.lineGroupId],
      set: { ...summary, updatedAt: sql`now()` },
    })
    .returning();
  return row!;
}

export async function updateGroup(
  db: Db,
  scope: AccountScope,
  id: number,
  values: Partial<Pick<ChatGroupRow, 'joinedAt' | 'leftAt' | 'unreadCount' | 'status' | 'assigneeUserId'>>,
): Promise<boolean> {
  const rows = await db
    .update(chatGroups)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(inAccount(scope), eq(chatGroups.id, id)))
    .returning({ id: chatGroups.id });
  return rows.length > 0;
}

/** A member joined or wrote (joinedAt kept from the first time; a member who comes back is in again). */
export async function upsertMember(
  db: Db,
  groupId: number,
  lineUserId: string,
  values: { joinedAt?: Date; profile?: { displayName: string; pictureUrl: string | null } | null },
): Promise<void> {
  const profile = values.profile
    ? { displayName: values.profile.displayName.slice(0, 100), pictureUrl: values.profile.pictureUrl }
    : {};
  await db
    .insert(chatGroupMembers)
    .values({ groupId, lineUserId, joinedAt: values.joinedAt ?? null, ...profile })
    .onConflictDoUpdate({
      target: [chatGroupMembers.groupId, chatGroupMembers.lineUserId],
      set: {
        ...profile,
        ...(values.joinedAt ? { joinedAt: values.joinedAt, leftAt: null } : {}),
        updatedAt: sql`now()`,
      },
    });
}

export async function markMemberLeft(db: Db, groupId: number, lineUserId: string, at: Date) {
  await db
    .insert(chatGroupMembers)
    .values({ groupId, lineUserId, leftAt: at })
    .onConflictDoUpdate({
      target: [chatGroupMembers.groupId, chatGroupMembers.lineUserId],
      set: { leftAt: at, updatedAt: sql`now()` },
    });
}

export async function knownMemberIds(db: Db, groupId: number, lineUserIds: string[]): Promise<Set<string>> {
  if (lineUserIds.length === 0) return new Set();
  const rows = await db
    .select({ id: chatGroupMembers.lineUserId })
    .from(chatGroupMembers)
    .where(
      and(
        eq(chatGroupMembers.groupId, groupId),
        inArray(chatGroupMembers.lineUserId, lineUserIds),
        // a member whose name LINE did not give is asked again
        sql`${chatGroupMembers.displayName} <> ''`,
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** The members with, for those who are also friends of the account, the friend's id. */
export async function listMembers(db: Db, scope: AccountScope, groupId: number) {
  return db
    .select({ member: chatGroupMembers, friendId: friends.id })
    .from(chatGroupMembers)
    .leftJoin(
      friends,
      and(
        eq(friends.lineAccountId, scope.lineAccountId),
        eq(friends.lineUserId, chatGroupMembers.lineUserId),
      ),
    )
    .where(eq(chatGroupMembers.groupId, groupId))
    .orderBy(
      sql`${chatGroupMembers.leftAt} is not null`,
      chatGroupMembers.joinedAt,
      chatGroupMembers.lineUserId,
    );
}

export async function countMembers(db: Db, groupIds: number[]): Promise<Map<number, number>> {
  if (groupIds.length === 0) return new Map();
  const rows = await db
    .select({ groupId: chatGroupMembers.groupId, n: sql<number>`count(*)::int` })
    .from(chatGroupMembers)
    .where(and(inArray(chatGroupMembers.groupId, groupIds), isNull(chatGroupMembers.leftAt)))
    .groupBy(chatGroupMembers.groupId);
  return new Map(rows.map((r) => [r.groupId, r.n]));
}

export async function insertGroupMessage(
  db: Db,
  values: typeof chatGroupMessages.$inferInsert,
): Promise<ChatGroupMessageRow> {
  const [row] = await db.insert(chatGroupMessages).values(values).returning();
  return row!;
}

export async function updateGroupMessage(
  db: Db,
  id: number,
  values: Partial<typeof chatGroupMessages.$inferInsert>,
): Promise<void> {
  await db.update(chatGroupMessages).set(values).where(eq(chatGroupMessages.id, id));
}

export async function findGroupMessage(db: Db, id: number): Promise<ChatGroupMessageRow | undefined> {
  const [row] = await db.select().from(chatGroupMessages).where(eq(chatGroupMessages.id, id)).limit(1);
  return row;
}

export async function findGroupMessageByLineId(db: Db, scope: AccountScope, lineMessageId: string) {
  const [row] = await db
    .select()
    .from(chatGroupMessages)
    .where(
      and(
        eq(chatGroupMessages.lineAccountId, scope.lineAccountId),
        eq(chatGroupMessages.lineMessageId, lineMessageId),
      ),
    )
    .limit(1);
  return row;
}

/** The newest messages of a group, newest first, with each sender's name as the members list has it. */
export async function listGroupMessages(db: Db, groupId: number, limit: number) {
  return db
    .select({ message: chatGroupMessages, senderName: chatGroupMembers.displayName })
    .from(chatGroupMessages)
    .leftJoin(
      chatGroupMembers,
      and(
        eq(chatGroupMembers.groupId, chatGroupMessages.groupId),
        eq(chatGroupMembers.lineUserId, chatGroupMessages.senderLineUserId),
      ),
    )
    .where(eq(chatGroupMessages.groupId, groupId))
    .orderBy(desc(chatGroupMessages.lineTimestamp), desc(chatGroupMessages.id))
    .limit(limit);
}

/** As claimReplyToken (decision 0045): the newest member message's token within the window, taken once. */
export async function claimGroupReplyToken(
  db: Db,
  groupId: number,
  now: Date,
  windowMs: number,
): Promise<string | undefined> {
  const [row] = await db
    .select({ id: chatGroupMessages.id, replyToken: chatGroupMessages.replyToken })
    .from(chatGroupMessages)
    .where(
      and(
        eq(chatGroupMessages.groupId, groupId),
        eq(chatGroupMessages.source, 'user'),
        isNotNull(chatGroupMessages.replyToken),
        gte(chatGroupMessages.lineTimestamp, new Date(now.getTime() - windowMs)),
        lte(chatGroupMessages.lineTimestamp, new Date(now.getTime() + windowMs)),
      ),
    )
    .orderBy(desc(chatGroupMessages.lineTimestamp), desc(chatGroupMessages.id))
    .limit(1)
    .for('update');
  if (!row?.replyToken) return undefined;
  await db.update(chatGroupMessages).set({ replyToken: null }).where(eq(chatGroupMessages.id, row.id));
  return row.replyToken;
}

/** A message joins its group's conversation, as touchConversation does for a friend's. */
export async function touchGroup(db: Db, message: ChatGroupMessageRow): Promise<void> {
  const at = message.lineTimestamp ?? message.createdAt;
  const isIncoming = message.source === 'user';
  const newer = sql`(${at.toISOString()}::timestamptz, ${message.id}::int) >= (${chatGroups.lastMessageAt}, ${chatGroups.lastMessageId})`;
  const pick = (value: unknown, column: unknown) => sql`case when ${newer} then ${value} else ${column} end`;
  await db
    .update(chatGroups)
    .set({
      lastMessageAt: pick(sql`${at.toISOString()}::timestamptz`, chatGroups.lastMessageAt),
      lastMessageId: pick(sql`${message.id}::int`, chatGroups.lastMessageId),
      lastMessagePreview: pick(previewOf(message), chatGroups.lastMessagePreview),
      lastMessageSource: pick(sql`${message.source}::message_source`, chatGroups.lastMessageSource),
      unreadCount: isIncoming ? sql`${chatGroups.unreadCount} + 1` : sql`${chatGroups.unreadCount}`,
      status: isIncoming ? sql`'NEEDS_REPLY'` : sql`${chatGroups.status}`,
      updatedAt: sql`now()`,
    })
    .where(eq(chatGroups.id, message.groupId));
}

/**
 * The inbox's groups, newest first, by keyset (last_message_at, id): all on chat_groups_inbox_idx, 要対応
 * and 未読 on their partial indexes (as the 1:1 inbox's filters), 自分の担当 on chat_groups_assignee_idx.
 */
export async function readGroupPage(
  db: Db,
  scope: AccountScope,
  q: {
    filter?: 'all' | 'needsReply' | 'unread' | 'mine';
    userId?: number;
    after?: { at: Date; id: number } | undefined;
    limit: number;
  },
): Promise<ChatGroupRow[]> {
  const filter =
    q.filter === 'needsReply'
      ? sql`${chatGroups.status} = 'NEEDS_REPLY'`
      : q.filter === 'unread'
        ? sql`${chatGroups.unreadCount} > 0`
        : q.filter === 'mine'
          ? eq(chatGroups.assigneeUserId, q.userId ?? 0)
          : undefined;
  return db
    .select()
    .from(chatGroups)
    .where(
      and(
        inAccount(scope),
        filter,
        q.after
          ? sql`(${chatGroups.lastMessageAt}, ${chatGroups.id}) < (${q.after.at.toISOString()}::timestamptz, ${q.after.id})`
          : undefined,
      ),
    )
    .orderBy(desc(chatGroups.lastMessageAt), desc(chatGroups.id))
    .limit(q.limit);
}

/** The group's last message was taken back: the list shows that instead of its text. */
export async function setGroupPreviewIfLast(db: Db, groupId: number, messageId: number, preview: string) {
  await db
    .update(chatGroups)
    .set({ lastMessagePreview: preview })
    .where(and(eq(chatGroups.id, groupId), eq(chatGroups.lastMessageId, messageId)));
}

/** Unread messages of a client's groups and rooms (one account's when named): part of the menu's badge. */
export async function countGroupUnread(db: Db, clientId: number, lineAccountId?: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${chatGroups.unreadCount}), 0)::int` })
    .from(chatGroups)
    .where(
      and(
        eq(chatGroups.clientId, clientId),
        sql`${chatGroups.unreadCount} > 0`,
        lineAccountId === undefined ? undefined : eq(chatGroups.lineAccountId, lineAccountId),
      ),
    );
  return row?.n ?? 0;
}
