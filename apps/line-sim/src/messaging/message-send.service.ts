import { randomUUID } from 'node:crypto';
import type { messagingApi } from '@line/bot-sdk';
import { LineApiError, badRequest } from '../http/line-errors.ts';
import { createMessageId, createQuoteToken, createSimId } from '../state/id.generator.ts';
import type { SendKind, SentRecord, SimStateStore } from '../state/sim-state.store.ts';
import { isRetryKey } from './message-limits.ts';

const retryKeyLifetimeMs = 24 * 60 * 60 * 1000;
const quotableTypes = new Set(['text', 'textV2', 'sticker', 'image', 'video']);

type SendInput = {
  store: SimStateStore;
  channelId: string;
  kind: SendKind;
  to: string[];
  messages: messagingApi.Message[];
  notificationDisabled?: boolean;
  retryKey: string | null;
  replyToken?: string | null;
  requestId: string;
};

const retryKeyOf = (channelId: string, key: string) => `${channelId} ${key}`;

/** Refuses a malformed key, and answers 409 with the first request's result for a repeated one. */
export const checkRetryKey = (store: SimStateStore, channelId: string, retryKey: string | null) => {
  if (retryKey === null) return;
  if (!isRetryKey(retryKey)) {
    throw badRequest('The value of the X-Line-Retry-Key header must be a UUID');
  }
  const accepted = store.retryKeys.get(retryKeyOf(channelId, retryKey));
  if (!accepted || accepted.acceptedAt + retryKeyLifetimeMs < Date.now()) return;
  const sent = store.sent.find((record) => record.id === accepted.sentRecordId);
  const body: { message: string; sentMessages?: messagingApi.SentMessage[] } = {
    message: 'The retry key is already accepted',
  };
  if (sent?.kind === 'push' && sent.sentMessages.length) body.sentMessages = sent.sentMessages;
  throw new LineApiError(409, body, { 'x-line-accepted-request-id': accepted.requestId });
};

/**
 * Records what the bot sent and puts it on each recipient's timeline. Only friends receive it:
 * LINE accepts a push to a user who blocked the account but never shows it to them.
 */
export const recordSend = (input: SendInput): SentRecord => {
  const { store, channelId } = input;
  const sentMessages = input.messages.map((message) =>
    quotableTypes.has(message.type)
      ? { id: createMessageId(), quoteToken: createQuoteToken() }
      : { id: createMessageId() },
  );
  // a group or room: every member sees it in the group, friend or not
  const group = input.to.length === 1 ? store.groups.get(input.to[0]!) : undefined;
  const deliveredTo = group
    ? [group.groupId]
    : input.to.filter((userId) => store.isFriend(userId, channelId));
  const record: SentRecord = {
    id: createSimId('sent'),
    channelId,
    kind: input.kind,
    to: input.to,
    deliveredTo,
    messages: input.messages,
    sentMessages,
    retryKey: input.retryKey,
    replyToken: input.replyToken ?? null,
    notificationDisabled: input.notificationDisabled ?? false,
    at: new Date().toISOString(),
  };
  store.sent.push(record);
  if (input.retryKey) {
    store.retryKeys.set(retryKeyOf(channelId, input.retryKey), {
      sentRecordId: record.id,
      requestId: input.requestId,
      acceptedAt: Date.now(),
    });
  }
  for (const userId of deliveredTo) {
    input.messages.forEach((message, index) => {
      store.timeline.push({
        id: createSimId('tl'),
        at: record.at,
        userId,
        channelId,
        from: 'bot',
        kind: 'message',
        message,
        sentMessageId: sentMessages[index]?.id ?? '',
        via: input.kind,
        ...(group ? { groupId: group.groupId } : {}),
      });
    });
  }
  return record;
};

/** Reply tokens are single use, tied to the channel that received the event, and expire. */
export const consumeReplyToken = (store: SimStateStore, channelId: string, replyToken: string) => {
  const record = store.replyTokens.get(replyToken);
  if (!record || record.channelId !== channelId || record.usedAt !== null || record.expiresAt < Date.now()) {
    throw badRequest('Invalid reply token');
  }
  record.usedAt = Date.now();
  return record;
};

export const newRequestId = () => randomUUID();
