import type { webhook } from '@line/bot-sdk';
import {
  createMarkAsReadToken,
  createMessageId,
  createQuoteToken,
  createReplyToken,
  createUlid,
} from '../state/id.generator.ts';
import type { SimStateStore } from '../state/sim-state.store.ts';

type EventBase = Omit<webhook.EventBase, 'type'>;

const base = (userId: string): EventBase => ({
  timestamp: Date.now(),
  mode: 'active',
  webhookEventId: createUlid(),
  deliveryContext: { isRedelivery: false },
  source: { type: 'user', userId },
});

type ReplyScope = { store: SimStateStore; channelId: string; userId: string; ttlMs: number };

/** A reply token belongs to one event; reply answers it once, within the TTL. */
const issueReplyToken = ({ store, channelId, userId, ttlMs }: ReplyScope) => {
  const token = createReplyToken();
  store.replyTokens.set(token, {
    token,
    channelId,
    userId,
    expiresAt: Date.now() + ttlMs,
    usedAt: null,
  });
  return token;
};

/**
 * With the chat on (markAsReadMode manual), LINE puts a markAsReadToken on each message from a user; with
 * it off (auto), LINE marks messages read itself and sends none.
 */
const readTokenOf = ({ store, channelId }: ReplyScope): { markAsReadToken?: string } =>
  store.channels.get(channelId)?.chatMode === 'chat' ? { markAsReadToken: createMarkAsReadToken() } : {};

export const createFollowEvent = (scope: ReplyScope, isUnblocked: boolean): webhook.FollowEvent => ({
  type: 'follow',
  ...base(scope.userId),
  replyToken: issueReplyToken(scope),
  follow: { isUnblocked },
});

export const createUnfollowEvent = (userId: string): webhook.UnfollowEvent => ({
  type: 'unfollow',
  ...base(userId),
});

export const createTextMessageEvent = (scope: ReplyScope, text: string): webhook.MessageEvent => ({
  type: 'message',
  ...base(scope.userId),
  replyToken: issueReplyToken(scope),
  message: {
    type: 'text',
    id: createMessageId(),
    text,
    quoteToken: createQuoteToken(),
    ...readTokenOf(scope),
  },
});

export const createPostbackEvent = (
  scope: ReplyScope,
  data: string,
  params?: Record<string, string>,
): webhook.PostbackEvent => ({
  type: 'postback',
  ...base(scope.userId),
  replyToken: issueReplyToken(scope),
  postback: params && Object.keys(params).length ? { data, params } : { data },
});

/** An image, video, audio or file message: its bytes wait at the content endpoint (message-content.routes.ts). */
export const createMediaMessageEvent = (
  scope: ReplyScope,
  media: { id: string; type: 'image' | 'video' | 'audio' | 'file'; fileName: string; fileSize: number },
): webhook.MessageEvent => {
  const provider = { type: 'line' as const };
  const message: webhook.MessageEvent['message'] =
    media.type === 'image'
      ? { type: 'image', id: media.id, quoteToken: createQuoteToken(), contentProvider: provider }
      : media.type === 'video'
        ? { type: 'video', id: media.id, quoteToken: createQuoteToken(), contentProvider: provider }
        : media.type === 'audio'
          ? { type: 'audio', id: media.id, contentProvider: provider }
          : { type: 'file', id: media.id, fileName: media.fileName, fileSize: media.fileSize };
  return {
    type: 'message',
    ...base(scope.userId),
    replyToken: issueReplyToken(scope),
    message: { ...message, ...readTokenOf(scope) },
  };
};

export const createStickerMessageEvent = (
  scope: ReplyScope,
  sticker: { packageId: string; stickerId: string },
): webhook.MessageEvent => ({
  type: 'message',
  ...base(scope.userId),
  replyToken: issueReplyToken(scope),
  message: {
    type: 'sticker',
    id: createMessageId(),
    quoteToken: createQuoteToken(),
    packageId: sticker.packageId,
    stickerId: sticker.stickerId,
    stickerResourceType: 'STATIC',
    ...readTokenOf(scope),
  },
});
