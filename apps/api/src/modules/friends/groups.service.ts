import { randomUUID } from 'node:crypto';
import {
  groupChatMessages,
  lineAccountMessages,
  type GroupChat,
  type GroupChatDetail,
  type GroupChatMessage,
  type groupChatListQuerySchema,
  type sendMessageBodySchema,
  type updateGroupChatBodySchema,
} from '@app/contracts';
import type { z } from 'zod';
import { inTransaction } from '../../db/client.ts';
import { requireActor, type ServiceContext } from '../../platform/context.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import { enqueueJob } from '../../platform/jobs.ts';
import { userNamesOf } from '../users/index.ts';
import { accountScope, CHAT_REPLY_CLAIM_MS } from './friends.service.ts';
import { assertAssignable } from './inbox.service.ts';
import {
  claimGroupReplyToken,
  countMembers,
  findGroup,
  insertGroupMessage,
  listGroupMessages,
  listMembers,
  readGroupPage,
  touchGroup,
  updateGroup,
  type ChatGroupMessageRow,
  type ChatGroupRow,
} from './groups.repository.ts';

export const GROUP_PUSH_QUEUE = 'line.push-group-message';

type Ctx = { ctx: ServiceContext };
type AccountInput = { lineAccountId: number };
type GroupInput = AccountInput & { groupId: number };

async function groupOrThrow(ctx: ServiceContext, input: GroupInput) {
  const scope = await accountScope(ctx, input.lineAccountId);
  const group = await findGroup(ctx.db, scope, input.groupId);
  if (!group) throw notFound(groupChatMessages.notFound);
  return { scope, group };
}

/** The names of the groups' assignees (担当者), by user id. */
const assigneeNamesOf = (ctx: ServiceContext, rows: ChatGroupRow[]) =>
  userNamesOf(
    ctx.db,
    rows.flatMap((r) => (r.assigneeUserId === null ? [] : [r.assigneeUserId])),
  );

function toGroupChat(row: ChatGroupRow, memberCount: number, names: Map<number, string | null>): GroupChat {
  return {
    id: row.id,
    lineAccountId: row.lineAccountId,
    kind: row.kind,
    name: row.name,
    pictureUrl: row.pictureUrl,
    leftAt: row.leftAt?.toISOString() ?? null,
    memberCount,
    lastMessageAt: row.lastMessageAt.toISOString(),
    lastMessagePreview: row.lastMessagePreview,
    lastMessageSource: row.lastMessageSource,
    unreadCount: row.unreadCount,
    status: row.status,
    assigneeUserId: row.assigneeUserId,
    assigneeName: row.assigneeUserId === null ? null : (names.get(row.assigneeUserId) ?? null),
  };
}

export function toGroupMessageView(row: ChatGroupMessageRow, senderName: string | null): GroupChatMessage {
  const contents = row.contents as { text?: unknown; packageId?: unknown; stickerId?: unknown } | null;
  return {
    id: row.id,
    groupId: row.groupId,
    type: row.type,
    contents: row.unsentAt ? '' : typeof contents?.text === 'string' ? contents.text : `[${row.type}]`,
    source: row.source,
    sender: row.senderLineUserId ? { lineUserId: row.senderLineUserId, displayName: senderName ?? '' } : null,
    delivery: row.delivery,
    deliveryError: row.deliveryError,
    timestamp: (row.lineTimestamp ?? row.createdAt).toISOString(),
    unsentAt: row.unsentAt?.toISOString() ?? null,
    sticker:
      row.type === 'sticker' &&
      !row.unsentAt &&
      typeof contents?.packageId === 'string' &&
      typeof contents.stickerId === 'string'
        ? { packageId: contents.packageId, stickerId: contents.stickerId }
        : null,
  };
}

const cursorOf = (row: ChatGroupRow) => `${row.lastMessageAt.getTime()}_${row.id}`;

type ListInput = AccountInput & z.output<typeof groupChatListQuerySchema>;

/** The inbox's groups and rooms, newest first (keyset: give nextCursor back for the next page). */
export async function listGroupChats({ ctx, input }: Ctx & { input: ListInput }) {
  const scope = await accountScope(ctx, input.lineAccountId);
  const [ms, id] = input.cursor ? input.cursor.split('_').map(Number) : [];
  const rows = await readGroupPage(ctx.db, scope, {
    filter: input.filter,
    userId: requireActor(ctx).userId,
    after: input.cursor ? { at: new Date(ms!), id: id! } : undefined,
    limit: input.limit + 1,
  });
  const page = rows.slice(0, input.limit);
  const [counts, names] = await Promise.all([
    countMembers(
      ctx.db,
      page.map((r) => r.id),
    ),
    assigneeNamesOf(ctx, page),
  ]);
  return {
    data: page.map((r) => toGroupChat(r, counts.get(r.id) ?? 0, names)),
    nextCursor: rows.length > input.limit ? cursorOf(page.at(-1)!) : null,
  };
}

async function detailOf(
  ctx: ServiceContext,
  scope: { clientId: number; lineAccountId: number },
  group: ChatGroupRow,
): Promise<GroupChatDetail> {
  const [members, names] = await Promise.all([
    listMembers(ctx.db, scope, group.id),
    assigneeNamesOf(ctx, [group]),
  ]);
  return {
    ...toGroupChat(group, members.filter((m) => !m.member.leftAt).length, names),
    joinedAt: group.joinedAt?.toISOString() ?? null,
    members: members.map(({ member, friendId }) => ({
      lineUserId: member.lineUserId,
      displayName: member.displayName,
      pictureUrl: member.pictureUrl,
      joinedAt: member.joinedAt?.toISOString() ?? null,
      leftAt: member.leftAt?.toISOString() ?? null,
      friendId,
    })),
  };
}

export async function getGroupChat({ ctx, input }: Ctx & { input: GroupInput }) {
  const { scope, group } = await groupOrThrow(ctx, input);
  return detailOf(ctx, scope, group);
}

/**
 * 要対応 / 対応済み and the assignee (a user of this client, or nobody), as a friend's conversation; the
 * groups list's 要対応 and 自分の担当 filters read them.
 */
export async function updateGroupChat({
  ctx,
  input,
}: Ctx & { input: GroupInput & z.output<typeof updateGroupChatBodySchema> }) {
  const { scope, group } = await groupOrThrow(ctx, input);
  await assertAssignable(ctx, scope.clientId, input.assigneeUserId);
  const values = {
    ...(input.status ? { status: input.status } : {}),
    ...(input.assigneeUserId !== undefined ? { assigneeUserId: input.assigneeUserId } : {}),
  };
  await updateGroup(ctx.db, scope, group.id, values);
  return detailOf(ctx, scope, { ...group, ...values });
}

/** The owner opened the group: nothing unread any more. */
export async function markGroupChatRead({ ctx, input }: Ctx & { input: GroupInput }) {
  const { scope, group } = await groupOrThrow(ctx, input);
  await updateGroup(ctx.db, scope, group.id, { unreadCount: 0 });
  return detailOf(ctx, scope, { ...group, unreadCount: 0 });
}

export async function listGroupChatMessages({ ctx, input }: Ctx & { input: GroupInput & { limit: number } }) {
  const { group } = await groupOrThrow(ctx, input);
  const rows = await listGroupMessages(ctx.db, group.id, input.limit);
  return { data: rows.map((r) => toGroupMessageView(r.message, r.senderName)) };
}

type SendInput = GroupInput & z.output<typeof sendMessageBodySchema>;

/**
 * Answer in a group or room through the outbox (as a friend's answer, decision 0045): a member's fresh
 * reply token is claimed in the answer's transaction, else the job pushes to the groupId / roomId.
 */
export async function sendGroupChatMessage({ ctx, input }: Ctx & { input: SendInput }) {
  const { scope, group } = await groupOrThrow(ctx, input);
  if (scope.account.status !== 'ACTIVE') throw badRequest(lineAccountMessages.inactive);
  if (group.leftAt) throw new AppError('UNPROCESSABLE', groupChatMessages.left);
  const now = ctx.clock.now();
  return inTransaction(ctx.db, async (tx) => {
    const replyToken = await claimGroupReplyToken(tx, group.id, now, CHAT_REPLY_CLAIM_MS);
    const message = await insertGroupMessage(tx, {
      clientId: scope.clientId,
      lineAccountId: scope.lineAccountId,
      groupId: group.id,
      senderLineUserId: null,
      type: input.sticker ? 'sticker' : 'text',
      contents: input.sticker
        ? { packageId: input.sticker.packageId, stickerId: input.sticker.stickerId }
        : { text: input.text },
      source: 'system',
      delivery: 'QUEUED',
      retryKey: randomUUID(),
      replyToken: replyToken ?? null,
      lineTimestamp: now,
    });
    await touchGroup(tx, message);
    await enqueueJob(tx, {
      queue: GROUP_PUSH_QUEUE,
      payload: { messageId: message.id },
      runAt: now,
      dedupeKey: `${GROUP_PUSH_QUEUE}:${message.id}`,
    });
    return toGroupMessageView(message, null);
  });
}
