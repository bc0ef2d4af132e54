import type { Db } from '../../db/client.ts';
import { recordDomainEvent } from '../../platform/domain-events.ts';
import { setConversationPreviewIfLast, touchConversation } from './inbox.repository.ts';
import { initialMediaOf, queueContentFetch } from './message-media.ts';
import {
  clearReplyToken,
  findFriendByLineUserId,
  insertFriend,
  findMessageByLineId,
  insertMessage,
  updateFriend,
  updateMessage,
  type FriendRow,
} from './friends.repository.ts';

/**
 * What LINE tells about a friend (follow, unfollow, a message), applied in the caller's transaction.
 * The webhook module reads LINE's events and calls these; the friends table is written only here.
 */
type AccountScope = { clientId: number; lineAccountId: number };

export type FriendProfile = {
  displayName: string;
  pictureUrl: string | null;
  statusMessage: string | null;
  language: string | null;
};

/** Whether a LINE user is already known as a friend of the account (its profile is then not fetched). */
export async function isKnownFriend(db: Db, scope: AccountScope, lineUserId: string): Promise<boolean> {
  return (await findFriendByLineUserId(db, scope, lineUserId)) !== undefined;
}

/** follow: creates or revives the friend and records NEW_FRIEND / LINE_UNBLOCK_EVENT; a repeat changes nothing. */
export async function recordFollow(
  tx: Db,
  input: {
    scope: AccountScope;
    lineUserId: string;
    profile: FriendProfile | null;
    now: Date;
    /** The follow event's reply token and LINE's time of the event, for a greeting (automation). */
    replyToken?: string | null;
    lineTimestamp?: Date | null;
  },
): Promise<void> {
  const { scope, lineUserId, profile, now } = input;
  const existing = await findFriendByLineUserId(tx, scope, lineUserId);
  let friend: FriendRow;
  if (!existing) {
    friend = await insertFriend(tx, {
      ...scope,
      lineUserId,
      ...(profile ?? {}),
      isFriend: true,
      followedAt: now,
    });
  } else {
    friend = (await updateFriend(tx, scope, existing.id, {
      ...(profile ?? {}),
      isFriend: true,
      followedAt: existing.isFriend ? existing.followedAt : now,
      unfollowedAt: existing.isFriend ? existing.unfollowedAt : null,
      updatedAt: now,
    }))!;
    if (existing.isFriend) return; // a repeated follow: nothing new happened
  }
  // one who only messaged before (never followed: no followedAt) is a new friend, not an unblock
  await recordDomainEvent(tx, {
    topic: existing?.followedAt ? 'LINE_UNBLOCK_EVENT' : 'NEW_FRIEND',
    clientId: scope.clientId,
    lineAccountId: scope.lineAccountId,
    payload: {
      friendId: friend.id,
      lineUserId,
      displayName: friend.displayName,
      replyToken: input.replyToken ?? null,
      lineTimestamp: input.lineTimestamp?.toISOString() ?? null,
    },
  });
}

/** unfollow (blocked): isFriend false. */
export async function recordUnfollow(
  tx: Db,
  input: { scope: AccountScope; lineUserId: string; now: Date },
): Promise<void> {
  const friend = await findFriendByLineUserId(tx, input.scope, input.lineUserId);
  if (friend?.isFriend) {
    await updateFriend(tx, input.scope, friend.id, {
      isFriend: false,
      unfollowedAt: input.now,
      updatedAt: input.now,
    });
  }
}

/** A message from the user: stored with source user (and the friend created if it was not known). */
export async function recordIncomingMessage(
  tx: Db,
  input: {
    scope: AccountScope;
    lineUserId: string;
    profile: FriendProfile | null;
    message: { id: string; type: string; text?: string | undefined } & Record<string, unknown>;
    /** When LINE says it was sent (the event's timestamp): the chat's order. */
    sentAt: Date;
    /** false: LINE has no profile of the user (not a friend): listed as not following, no followedAt. */
    isFollowing?: boolean;
    /** The event's reply token: an answer from the chat soon after may use it (decision 0045). */
    replyToken?: string | null;
    /** Our clock's now: when the content fetch of a media message is due (else sentAt). */
    now?: Date;
  },
): Promise<void> {
  const { scope, lineUserId, profile } = input;
  // A friend from before the webhook was connected: known from now on, without a NEW_FRIEND event.
  const friend =
    (await findFriendByLineUserId(tx, scope, lineUserId)) ??
    (await insertFriend(tx, {
      ...scope,
      lineUserId,
      ...(profile ?? {}),
      isFriend: input.isFollowing ?? true,
    }));
  // LINE's markAsReadToken (chat on) is the conversation's, not part of the message's contents
  const { id, type, text, markAsReadToken, ...rest } = input.message;
  // LINE redelivering the event: the message is stored (and its content fetched) once
  if (await findMessageByLineId(tx, scope, id)) return;
  const media = initialMediaOf(input.message);
  const message = await insertMessage(tx, {
    ...scope,
    friendId: friend.id,
    type: type.slice(0, 16),
    contents: type === 'text' ? { text } : { ...rest, id },
    source: 'user',
    delivery: 'RECEIVED',
    lineMessageId: id,
    lineTimestamp: input.sentAt,
    replyToken: input.replyToken?.slice(0, 255) ?? null,
    media,
  });
  if (media?.status === 'PENDING') await queueContentFetch(tx, message.id, input.now ?? input.sentAt);
  await touchConversation(
    tx,
    message,
    typeof markAsReadToken === 'string' && markAsReadToken ? markAsReadToken.slice(0, 255) : null,
  );
}

/** What the inbox shows in place of a message the user took back. */
export const UNSENT_PREVIEW = '[unsent]';

/**
 * unsend: the user took a message back. It stays in the chat as 送信が取り消されました, its contents
 * dropped (LINE asks that an unsent message is no longer shown). An unknown message id changes nothing.
 */
export async function recordUnsend(
  tx: Db,
  input: { scope: AccountScope; lineMessageId: string; now: Date },
): Promise<void> {
  const message = await findMessageByLineId(tx, input.scope, input.lineMessageId);
  if (!message || message.unsentAt) return;
  await updateMessage(tx, input.scope, message.id, { unsentAt: input.now, contents: {} });
  await setConversationPreviewIfLast(tx, input.scope, message.friendId, message.id, UNSENT_PREVIEW);
}

/**
 * An automatic answer is about to use the reply token of the friend's message (automation, decision
 * 0036): the message gives it up first, so an answer from the chat within LINE's minute is pushed at once
 * rather than replying with a spent token, being refused and then pushed (one wasted call).
 */
export async function markReplyTokenUsed(
  db: Db,
  input: { scope: AccountScope; friendId: number; replyToken: string; lineTimestamp: Date | null },
): Promise<void> {
  await clearReplyToken(db, input.scope, input);
}
