import type { Db } from '../../db/client.ts';
import {
  findGroupByLineId,
  findGroupMessageByLineId,
  insertGroupMessage,
  knownMemberIds,
  markMemberLeft,
  setGroupPreviewIfLast,
  touchGroup,
  updateGroup,
  updateGroupMessage,
  upsertGroup,
  upsertMember,
  type GroupKey,
} from './groups.repository.ts';
import { UNSENT_PREVIEW } from './line-events.ts';

/**
 * What LINE tells about a group or room the account is in (decision 0052-groups-and-rooms), applied in the
 * webhook job's transaction. A group or room is its own conversation: nothing here reads or writes a
 * friend, so a member who does not follow the account never becomes one.
 */
type AccountScope = { clientId: number; lineAccountId: number };
export type { GroupKey } from './groups.repository.ts';
export type ChatProfile = { displayName: string; pictureUrl: string | null };
export type GroupSummary = { name: string; pictureUrl: string | null };

/** Whether the webhook job should ask LINE for the group's summary (a group not known yet, or a join). */
export async function needsGroupSummary(db: Db, scope: AccountScope, key: GroupKey): Promise<boolean> {
  if (key.kind !== 'group') return false; // a room has no summary
  const group = await findGroupByLineId(db, scope, key.lineGroupId);
  return !group || group.name === '';
}

/** Of these members, the ones whose name LINE has not given yet (the job asks LINE for theirs). */
export async function membersWithoutProfile(
  db: Db,
  scope: AccountScope,
  key: GroupKey,
  lineUserIds: string[],
): Promise<string[]> {
  const group = await findGroupByLineId(db, scope, key.lineGroupId);
  if (!group) return lineUserIds;
  const known = await knownMemberIds(db, group.id, lineUserIds);
  return lineUserIds.filter((id) => !known.has(id));
}

type GroupEventInput = {
  scope: AccountScope;
  key: GroupKey;
  at: Date;
  summary?: GroupSummary | null | undefined;
  profiles?: Map<string, ChatProfile | null> | undefined;
};

async function groupOf(tx: Db, input: GroupEventInput) {
  return upsertGroup(tx, input.scope, input.key, { at: input.at, summary: input.summary ?? null });
}

/** join: the account was added to the group or room (again). */
export async function recordGroupJoin(tx: Db, input: GroupEventInput): Promise<void> {
  const group = await groupOf(tx, input);
  await updateGroup(tx, input.scope, group.id, { joinedAt: input.at, leftAt: null });
}

/** leave: the account left or was removed; nothing can be sent to the group any more. */
export async function recordGroupLeave(tx: Db, input: GroupEventInput): Promise<void> {
  const group = await findGroupByLineId(tx, input.scope, input.key.lineGroupId);
  if (group) await updateGroup(tx, input.scope, group.id, { leftAt: input.at });
}

/** memberJoined / memberLeft: who is in the group, with LINE's names. */
export async function recordGroupMembers(
  tx: Db,
  input: GroupEventInput & { change: 'joined' | 'left'; lineUserIds: string[] },
): Promise<void> {
  const group = await groupOf(tx, input);
  for (const lineUserId of input.lineUserIds) {
    if (input.change === 'joined') {
      await upsertMember(tx, group.id, lineUserId, {
        joinedAt: input.at,
        profile: input.profiles?.get(lineUserId) ?? null,
      });
    } else {
      await markMemberLeft(tx, group.id, lineUserId, input.at);
    }
  }
}

/** A member's message in the group: stored with its sender, the group's conversation unread and 要対応. */
export async function recordGroupMessage(
  tx: Db,
  input: GroupEventInput & {
    senderLineUserId: string | null;
    message: { id: string; type: string; text?: string | undefined } & Record<string, unknown>;
    replyToken?: string | null;
  },
): Promise<void> {
  const group = await groupOf(tx, input);
  const sender = input.senderLineUserId;
  if (sender) {
    await upsertMember(tx, group.id, sender, { profile: input.profiles?.get(sender) ?? null });
  }
  const { id, type, text, ...rest } = input.message;
  const message = await insertGroupMessage(tx, {
    ...input.scope,
    groupId: group.id,
    senderLineUserId: sender,
    type: type.slice(0, 16),
    contents: type === 'text' ? { text } : { ...rest, id },
    source: 'user',
    delivery: 'RECEIVED',
    lineMessageId: id,
    lineTimestamp: input.at,
    replyToken: input.replyToken?.slice(0, 255) ?? null,
  });
  await touchGroup(tx, message);
}

/** unsend in a group: the message shows 送信が取り消されました, its contents dropped. */
export async function recordGroupUnsend(
  tx: Db,
  input: { scope: AccountScope; lineMessageId: string; now: Date },
): Promise<void> {
  const message = await findGroupMessageByLineId(tx, input.scope, input.lineMessageId);
  if (!message || message.unsentAt) return;
  await updateGroupMessage(tx, message.id, { unsentAt: input.now, contents: {} });
  await setGroupPreviewIfLast(tx, message.groupId, message.id, UNSENT_PREVIEW);
}
