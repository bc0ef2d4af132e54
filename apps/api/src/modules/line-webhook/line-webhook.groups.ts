import { z } from 'zod';
import { inTransaction } from '../../db/client.ts';
import { LineError, lineGatewayFor } from '../../platform/line/line-gateway.ts';
import {
  membersWithoutProfile,
  needsGroupSummary,
  recordGroupJoin,
  recordGroupLeave,
  recordGroupMembers,
  recordGroupMessage,
  recordGroupUnsend,
  type ChatProfile,
  type GroupKey,
  type GroupSummary,
} from '../friends/index.ts';
import { channelsOf, type LineAccountRow } from '../line-accounts/index.ts';
import type { JobServiceContext } from './line-webhook.service.ts';
import { lockWebhookEvent, markWebhookEventProcessed } from './line-webhook.repository.ts';

const members = z.object({ members: z.array(z.looseObject({ userId: z.string().optional() })) });

/** An event whose source is a group or a room (LINE's webhook.yml GroupSource / RoomSource). */
const groupEventSchema = z.looseObject({
  type: z.string(),
  replyToken: z.string().optional(),
  timestamp: z.number().optional(),
  source: z.discriminatedUnion('type', [
    z.looseObject({ type: z.literal('group'), groupId: z.string(), userId: z.string().optional() }),
    z.looseObject({ type: z.literal('room'), roomId: z.string(), userId: z.string().optional() }),
  ]),
  message: z.looseObject({ id: z.string(), type: z.string(), text: z.string().optional() }).optional(),
  unsend: z.looseObject({ messageId: z.string() }).optional(),
  joined: members.optional(),
  left: members.optional(),
});

/** Whether a stored event happened in a group or a room (then processGroupEvent takes it). */
export function isGroupEvent(payload: unknown): boolean {
  const type = (payload as { source?: { type?: unknown } } | null)?.source?.type;
  return type === 'group' || type === 'room';
}

/**
 * A group's or room's event (decision 0052-groups-and-rooms): applied to the group's own conversation
 * through the friends door, never to the sender's one-to-one chat, and no friend is made of a member.
 * LINE's group summary and member profiles are asked before the transaction (a LINE call never runs
 * inside one); LINE down throws and the job tries again, LINE refusing goes on without the names.
 * No automatic answer (応答メッセージ, postback actions) runs in a group: they answer one friend.
 */
export async function processGroupEvent(
  ctx: JobServiceContext,
  account: LineAccountRow,
  stored: { id: number },
  payload: unknown,
): Promise<void> {
  const parsed = groupEventSchema.safeParse(payload);
  const scope = { clientId: account.clientId, lineAccountId: account.id };
  const now = ctx.clock.now();
  if (!parsed.success) {
    ctx.log.warn({ webhookEventId: stored.id }, 'group event not understood: recorded only');
    await markWebhookEventProcessed(ctx.db, account.id, stored.id, now);
    return;
  }
  const event = parsed.data;
  const key: GroupKey =
    event.source.type === 'group'
      ? { kind: 'group', lineGroupId: event.source.groupId }
      : { kind: 'room', lineGroupId: event.source.roomId };
  const at = event.timestamp === undefined ? now : new Date(event.timestamp);
  const joinedIds = (event.joined?.members ?? []).flatMap((m) => (m.userId ? [m.userId] : []));
  const leftIds = (event.left?.members ?? []).flatMap((m) => (m.userId ? [m.userId] : []));
  const sender = event.type === 'message' ? (event.source.userId ?? null) : null;

  const channel = channelsOf(ctx, account).messaging;
  const gateway = lineGatewayFor(ctx.config);
  const orNull = async <T>(call: () => Promise<T | null>): Promise<T | null> => {
    try {
      return await call();
    } catch (error) {
      if (error instanceof LineError && error.isRetryable) throw error;
      ctx.log.warn({ lineAccountId: account.id, err: error }, 'LINE group profile not available');
      return null;
    }
  };
  let summary: GroupSummary | null = null;
  if (event.type !== 'leave' && (event.type === 'join' || (await needsGroupSummary(ctx.db, scope, key)))) {
    const found = await orNull(() => gateway.getGroupSummary(channel, key.lineGroupId));
    summary = found ? { name: found.groupName, pictureUrl: found.pictureUrl } : null;
  }
  const profiles = new Map<string, ChatProfile | null>();
  const wanted = [...joinedIds, ...(sender ? [sender] : [])];
  for (const userId of await membersWithoutProfile(ctx.db, scope, key, wanted)) {
    profiles.set(
      userId,
      await orNull(() =>
        gateway.getChatMemberProfile(channel, { kind: key.kind, id: key.lineGroupId }, userId),
      ),
    );
  }

  await inTransaction(ctx.db, async (tx) => {
    const locked = await lockWebhookEvent(tx, stored.id);
    if (!locked || locked.processedAt) return;
    const input = { scope, key, at, summary, profiles };
    if (event.type === 'join') await recordGroupJoin(tx, input);
    if (event.type === 'leave') await recordGroupLeave(tx, input);
    if (event.type === 'memberJoined') {
      await recordGroupMembers(tx, { ...input, change: 'joined', lineUserIds: joinedIds });
    }
    if (event.type === 'memberLeft') {
      await recordGroupMembers(tx, { ...input, change: 'left', lineUserIds: leftIds });
    }
    if (event.type === 'message' && event.message) {
      await recordGroupMessage(tx, {
        ...input,
        senderLineUserId: sender,
        message: event.message,
        replyToken: event.replyToken ?? null,
      });
    }
    if (event.type === 'unsend' && event.unsend) {
      await recordGroupUnsend(tx, { scope, lineMessageId: event.unsend.messageId, now });
    }
    await markWebhookEventProcessed(tx, account.id, stored.id, now);
  });
}
