import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { conversations, friends, messages } from '../../db/schema/friends.ts';
import { likePattern, type AccountScope, type MessageRow } from './friends.repository.ts';

export type ConversationRow = typeof conversations.$inferSelect;

/** A conversation with the friend's name and follow state, as the inbox lists it. */
export type InboxRow = Omit<ConversationRow, 'markAsReadToken'> & {
  displayName: string;
  pictureUrl: string | null;
  isFriend: boolean;
  followedAt: Date | null;
};

const inboxColumns = {
  friendId: conversations.friendId,
  clientId: conversations.clientId,
  lineAccountId: conversations.lineAccountId,
  lastMessageAt: conversations.lastMessageAt,
  lastMessageId: conversations.lastMessageId,
  lastMessagePreview: conversations.lastMessagePreview,
  lastMessageSource: conversations.lastMessageSource,
  unreadCount: conversations.unreadCount,
  status: conversations.status,
  assigneeUserId: conversations.assigneeUserId,
  updatedAt: conversations.updatedAt,
  displayName: friends.displayName,
  pictureUrl: friends.pictureUrl,
  isFriend: friends.isFriend,
  followedAt: friends.followedAt,
};

const inAccount = (scope: AccountScope) =>
  and(eq(conversations.clientId, scope.clientId), eq(conversations.lineAccountId, scope.lineAccountId));

/** The short line the inbox shows for a message: its text, or its kind in brackets ([image]). */
export function previewOf(message: Pick<MessageRow, 'type' | 'contents'>): string {
  const text = (message.contents as { text?: unknown } | null)?.text;
  return (typeof text === 'string' ? text.replace(/\s+/g, ' ') : `[${message.type}]`).slice(0, 120);
}

/**
 * A message joins its friend's conversation (in the message's transaction): it becomes the last message
 * when it is the newest by LINE's time (a late job with an older message changes only the count); a
 * message from the friend counts as unread and sets the conversation 要対応.
 */
export async function touchConversation(
  db: Db,
  message: MessageRow,
  /** The message event's markAsReadToken: kept when the message is the newest (decision 0061). */
  markAsReadToken: string | null = null,
): Promise<void> {
  const at = message.lineTimestamp ?? message.createdAt;
  const isIncoming = message.source === 'user';
  const preview = previewOf(message);
  const newer = sql`(excluded.last_message_at, excluded.last_message_id) >= (${conversations.lastMessageAt}, ${conversations.lastMessageId})`;
  await db
    .insert(conversations)
    .values({
      friendId: message.friendId,
      clientId: message.clientId,
      lineAccountId: message.lineAccountId,
      lastMessageAt: at,
      lastMessageId: message.id,
      lastMessagePreview: preview,
      lastMessageSource: message.source,
      unreadCount: isIncoming ? 1 : 0,
      status: isIncoming ? 'NEEDS_REPLY' : 'DONE',
      markAsReadToken,
      updatedAt: new Date(),
    })
    .onConflictDoUpdate({
      target: conversations.friendId,
      set: {
        lastMessageAt: sql`case when ${newer} then excluded.last_message_at else ${conversations.lastMessageAt} end`,
        lastMessageId: sql`case when ${newer} then excluded.last_message_id else ${conversations.lastMessageId} end`,
        lastMessagePreview: sql`case when ${newer} then excluded.last_message_preview else ${conversations.lastMessagePreview} end`,
        lastMessageSource: sql`case when ${newer} then excluded.last_message_source else ${conversations.lastMessageSource} end`,
        unreadCount: isIncoming ? sql`${conversations.unreadCount} + 1` : sql`${conversations.unreadCount}`,
        status: isIncoming ? sql`'NEEDS_REPLY'` : sql`${conversations.status}`,
        // the newest message's token marks it and every earlier one read; an older one adds nothing
        markAsReadToken: sql`case when ${newer} and excluded.mark_as_read_token is not null then excluded.mark_as_read_token else ${conversations.markAsReadToken} end`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
}

/** The last message was taken back: the list shows that instead of its text. */
export async function setConversationPreviewIfLast(
  db: Db,
  scope: AccountScope,
  friendId: number,
  messageId: number,
  preview: string,
): Promise<void> {
  await db
    .update(conversations)
    .set({ lastMessagePreview: preview })
    .where(
      and(inAccount(scope), eq(conversations.friendId, friendId), eq(conversations.lastMessageId, messageId)),
    );
}

export type InboxPageQuery = {
  filter: 'all' | 'needsReply' | 'unread' | 'mine';
  userId: number;
  search?: string | undefined;
  after?: { at: Date; friendId: number } | undefined;
  limit: number;
};

/**
 * A page of the inbox, newest message first, by keyset (last_message_at, friend_id): each filter walks its
 * own index (conversations_*_idx) from the cursor and stops at the page's end, however many conversations
 * the account has. Search: the friends whose name (trigram index on friends) or a message's text (trigram
 * index on messages) matches, one set read from both indexes (an OR across the join would read every
 * conversation: 600 ms at 100,000 against 2-60 ms).
 */
export async function readInboxPage(db: Db, scope: AccountScope, q: InboxPageQuery): Promise<InboxRow[]> {
  const pattern = q.search ? likePattern(q.search) : undefined;
  const filter =
    q.filter === 'needsReply'
      ? sql`${conversations.status} = 'NEEDS_REPLY'`
      : q.filter === 'unread'
        ? sql`${conversations.unreadCount} > 0`
        : q.filter === 'mine'
          ? eq(conversations.assigneeUserId, q.userId)
          : undefined;
  // the friends whose name or a message's text matches, as one set the page's walk tests
  const matches = pattern
    ? sql`select ${friends.id} from ${friends} where ${friends.lineAccountId} = ${scope.lineAccountId} and ${friends.displayName} ilike ${pattern}
          union
          select ${messages.friendId} from ${messages} where ${messages.lineAccountId} = ${scope.lineAccountId}
            and ${messages.contents}->>'text' ilike ${pattern} and ${messages.unsentAt} is null`
    : undefined;
  return db
    .select(inboxColumns)
    .from(conversations)
    .innerJoin(friends, eq(friends.id, conversations.friendId))
    .where(
      and(
        inAccount(scope),
        filter,
        q.after
          ? sql`(${conversations.lastMessageAt}, ${conversations.friendId}) < (${q.after.at.toISOString()}::timestamptz, ${q.after.friendId})`
          : undefined,
        matches ? sql`${conversations.friendId} in (${matches})` : undefined,
      ),
    )
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.friendId))
    .limit(q.limit);
}

export async function findInboxRow(
  db: Db,
  scope: AccountScope,
  friendId: number,
): Promise<InboxRow | undefined> {
  const [row] = await db
    .select(inboxColumns)
    .from(conversations)
    .innerJoin(friends, eq(friends.id, conversations.friendId))
    .where(and(inAccount(scope), eq(conversations.friendId, friendId)))
    .limit(1);
  return row;
}

export async function updateConversation(
  db: Db,
  scope: AccountScope,
  friendId: number,
  values: Partial<Pick<ConversationRow, 'status' | 'assigneeUserId' | 'unreadCount'>>,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(conversations)
    .set({ ...values, updatedAt: now })
    .where(and(inAccount(scope), eq(conversations.friendId, friendId)))
    .returning({ friendId: conversations.friendId });
  return rows.length > 0;
}

/** 未読にする: at least one unread message (a count already above 0 is kept). */
export async function markConversationUnreadRow(
  db: Db,
  scope: AccountScope,
  friendId: number,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(conversations)
    .set({ unreadCount: sql`greatest(${conversations.unreadCount}, 1)`, updatedAt: now })
    .where(and(inAccount(scope), eq(conversations.friendId, friendId)))
    .returning({ friendId: conversations.friendId });
  return rows.length > 0;
}

/** Unread messages of a client's conversations (one account's when named): the menu's badge. */
export async function countUnread(db: Db, clientId: number, lineAccountId?: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${conversations.unreadCount}), 0)::int` })
    .from(conversations)
    .where(
      and(
        eq(conversations.clientId, clientId),
        sql`${conversations.unreadCount} > 0`,
        lineAccountId === undefined ? undefined : eq(conversations.lineAccountId, lineAccountId),
      ),
    );
  return row?.n ?? 0;
}
