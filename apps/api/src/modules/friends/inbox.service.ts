import {
  friendMessages,
  inboxMessages,
  type Conversation,
  type ConversationDetail,
  type inboxQuerySchema,
  type updateConversationBodySchema,
} from '@app/contracts';
import type { z } from 'zod';
import { inTransaction } from '../../db/client.ts';
import { requireActor, requireClientId, type ServiceContext } from '../../platform/context.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { getLineAccountRowOrThrow } from '../line-accounts/index.ts';
import { clientUserChoices, userNamesOf } from '../users/index.ts';
import { findFriend } from './friends.repository.ts';
import {
  countUnread,
  findInboxRow,
  markConversationUnreadRow,
  readInboxPage,
  updateConversation,
  type InboxRow,
} from './inbox.repository.ts';
import { countGroupUnread } from './groups.repository.ts';
import { queueMarkAsRead } from './mark-as-read.ts';
import { serviceUsersOf, type FriendDirectories } from './service-users.ts';

type Ctx = { ctx: ServiceContext };
type AccountInput = { lineAccountId: number };
type ConversationInput = AccountInput & { friendId: number };

async function accountScope(ctx: ServiceContext, lineAccountId: number) {
  const clientId = requireClientId(ctx);
  const account = await getLineAccountRowOrThrow(ctx, clientId, lineAccountId);
  return { clientId, lineAccountId: account.id, account };
}

async function toConversations(ctx: ServiceContext, rows: InboxRow[]): Promise<Conversation[]> {
  const names = await userNamesOf(
    ctx.db,
    rows.flatMap((r) => (r.assigneeUserId === null ? [] : [r.assigneeUserId])),
  );
  return rows.map((r) => ({
    friendId: r.friendId,
    lineAccountId: r.lineAccountId,
    displayName: r.displayName,
    pictureUrl: r.pictureUrl,
    isFriend: r.isFriend,
    followedAt: r.followedAt?.toISOString() ?? null,
    lastMessageAt: r.lastMessageAt.toISOString(),
    lastMessagePreview: r.lastMessagePreview,
    lastMessageSource: r.lastMessageSource,
    unreadCount: r.unreadCount,
    status: r.status,
    assigneeUserId: r.assigneeUserId,
    assigneeName: r.assigneeUserId === null ? null : (names.get(r.assigneeUserId) ?? null),
  }));
}

const cursorOf = (row: InboxRow) => `${row.lastMessageAt.getTime()}_${row.friendId}`;

function parseCursor(cursor: string | undefined) {
  if (!cursor) return undefined;
  const [ms, id] = cursor.split('_').map(Number);
  return { at: new Date(ms!), friendId: id! };
}

type ListInput = AccountInput & z.output<typeof inboxQuerySchema>;

/** A page of the チャット inbox (keyset: give nextCursor back for the next page). */
export async function listInbox({ ctx, input }: Ctx & { input: ListInput }) {
  const scope = await accountScope(ctx, input.lineAccountId);
  const rows = await readInboxPage(ctx.db, scope, {
    filter: input.filter,
    userId: requireActor(ctx).userId,
    search: input.search || undefined,
    after: parseCursor(input.cursor),
    limit: input.limit + 1,
  });
  const page = rows.slice(0, input.limit);
  return {
    data: await toConversations(ctx, page),
    nextCursor: rows.length > input.limit ? cursorOf(page.at(-1)!) : null,
  };
}

async function detailOf(
  ctx: ServiceContext,
  directories: FriendDirectories,
  scope: { clientId: number; lineAccountId: number },
  friendId: number,
): Promise<ConversationDetail> {
  const [row, friend] = await Promise.all([
    findInboxRow(ctx.db, scope, friendId),
    findFriend(ctx.db, scope, friendId),
  ]);
  if (!row || !friend) throw notFound(inboxMessages.notFound);
  const users = serviceUsersOf(directories);
  const [[conversation], staff, members] = await Promise.all([
    toConversations(ctx, [row]),
    users.listStaffOfFriends(ctx.db, scope.clientId, [friendId]),
    users.listMembersOfFriends(ctx.db, scope.clientId, [friendId]),
  ]);
  const own = staff[0];
  const member = members[0];
  return {
    ...conversation!,
    statusMessage: friend.statusMessage,
    managerNotes: friend.managerNotes,
    member: member
      ? { id: member.id, status: member.status, memberCode: member.memberCode, values: member.values }
      : null,
    staff: own ? { id: own.id, status: own.status, managerNotes: own.managerNotes } : null,
  };
}

type WithDirectories = { directories: FriendDirectories };

export async function getConversation({
  ctx,
  directories,
  input,
}: Ctx & WithDirectories & { input: ConversationInput }) {
  const scope = await accountScope(ctx, input.lineAccountId);
  return detailOf(ctx, directories, scope, input.friendId);
}

/**
 * The owner opened the conversation: nothing unread any more; with 既読をつけるタイミング OPEN, the friend's
 * messages are marked read at LINE too (one durable call, decision 0061-mark-as-read).
 */
export async function markConversationRead({
  ctx,
  directories,
  input,
}: Ctx & WithDirectories & { input: ConversationInput }) {
  const { account, ...scope } = await accountScope(ctx, input.lineAccountId);
  const now = ctx.clock.now();
  const found = await inTransaction(ctx.db, async (tx) => {
    if (!(await updateConversation(tx, scope, input.friendId, { unreadCount: 0 }, now))) return false;
    await queueMarkAsRead(tx, {
      scope,
      friendId: input.friendId,
      timing: account.markAsReadTiming,
      cause: 'OPEN',
      now,
    });
    return true;
  });
  if (!found) throw notFound(inboxMessages.notFound);
  return detailOf(ctx, directories, scope, input.friendId);
}

/**
 * 未読にする (as LINE Official Account Manager offers): the conversation shows unread again, with the count
 * it had when it still has one, else 1; the menu's badge counts it. Opening it marks it read again.
 */
export async function markConversationUnread({
  ctx,
  directories,
  input,
}: Ctx & WithDirectories & { input: ConversationInput }) {
  const scope = await accountScope(ctx, input.lineAccountId);
  const found = await markConversationUnreadRow(ctx.db, scope, input.friendId, ctx.clock.now());
  if (!found) throw notFound(inboxMessages.notFound);
  return detailOf(ctx, directories, scope, input.friendId);
}

/** An assignee (担当者) must be a user of the client; null (nobody) and undefined (no change) always may. */
export async function assertAssignable(
  ctx: ServiceContext,
  clientId: number,
  assigneeUserId: number | null | undefined,
): Promise<void> {
  if (assigneeUserId == null) return;
  const choices = await clientUserChoices(ctx.db, clientId);
  if (!choices.some((u) => u.id === assigneeUserId)) {
    throw new AppError('UNPROCESSABLE', inboxMessages.assignee);
  }
}

type UpdateInput = ConversationInput & z.output<typeof updateConversationBodySchema>;

/** 要対応 / 対応済み and the assignee (a user of this client, or nobody). */
export async function updateConversationOf({
  ctx,
  directories,
  input,
}: Ctx & WithDirectories & { input: UpdateInput }) {
  const scope = await accountScope(ctx, input.lineAccountId);
  await assertAssignable(ctx, scope.clientId, input.assigneeUserId);
  const found = await updateConversation(
    ctx.db,
    scope,
    input.friendId,
    {
      ...(input.status ? { status: input.status } : {}),
      ...(input.assigneeUserId !== undefined ? { assigneeUserId: input.assigneeUserId } : {}),
    },
    ctx.clock.now(),
  );
  if (!found) {
    // a friend of the account with no message yet has no conversation to handle
    const friend = await findFriend(ctx.db, scope, input.friendId);
    throw notFound(friend ? inboxMessages.notFound : friendMessages.notFound);
  }
  return detailOf(ctx, directories, scope, input.friendId);
}

export async function listInboxAssignees({ ctx, input }: Ctx & { input: AccountInput }) {
  const scope = await accountScope(ctx, input.lineAccountId);
  return { data: await clientUserChoices(ctx.db, scope.clientId) };
}

export async function countInboxUnread({
  ctx,
  input,
}: Ctx & { input: { lineAccountId?: number | undefined } }) {
  const clientId = requireClientId(ctx);
  if (input.lineAccountId !== undefined) await getLineAccountRowOrThrow(ctx, clientId, input.lineAccountId);
  const [friends, groups] = await Promise.all([
    countUnread(ctx.db, clientId, input.lineAccountId),
    countGroupUnread(ctx.db, clientId, input.lineAccountId),
  ]);
  return { unread: friends + groups, friends, groups };
}
