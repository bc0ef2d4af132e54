import { deliveryMediaUrl, friendMessages, lineAccountMessages } from '@app/contracts';
import type { messagingApi } from '@line/bot-sdk';
import { z } from 'zod';
import type { Config } from '../../config/env.ts';
import type { JobContext } from '../../platform/jobs.ts';
import { LineError, lineGatewayFor } from '../../platform/line/line-gateway.ts';
import { channelsOf, findLineAccountOfClient } from '../line-accounts/index.ts';
import { findFriend, findMessageForDelivery, updateMessage } from './friends.repository.ts';

/**
 * A chat answer holding a reply token goes as a reply (free) while it is this fresh, else as a push: the
 * token was claimed at most CHAT_REPLY_CLAIM_MS after the friend's message (friends.service.ts).
 */
export const CHAT_REPLY_SEND_MS = 15_000;

/**
 * LINE's messages for a chat answer: its text, its sticker, or its image (the upload's public files, as
 * deliveries send them, decision 0039); null for anything else.
 */
export function lineMessagesOf(contents: unknown, appUrl: string): messagingApi.Message[] | null {
  const c = contents as {
    text?: unknown;
    packageId?: unknown;
    stickerId?: unknown;
    imageKey?: unknown;
  } | null;
  if (typeof c?.text === 'string') return [{ type: 'text', text: c.text }];
  if (typeof c?.imageKey === 'string') {
    return [
      {
        type: 'image',
        originalContentUrl: deliveryMediaUrl(appUrl, c.imageKey, 'original'),
        previewImageUrl: deliveryMediaUrl(appUrl, c.imageKey, 'preview'),
      },
    ];
  }
  if (typeof c?.packageId === 'string' && typeof c.stickerId === 'string') {
    return [{ type: 'sticker', packageId: c.packageId, stickerId: c.stickerId }];
  }
  return null;
}

/** 5s, 10s, 20s ... about 10 minutes in all: well inside the 24 hours LINE honours a retry key. */
export const PUSH_MAX_ATTEMPTS = 8;

export const pushMessagePayloadSchema = z.object({ messageId: z.number().int().positive() });

type JobServiceContext = Pick<JobContext, 'db' | 'log' | 'clock' | 'attempt'> & { config: Config };

/**
 * Deliver one outgoing message. At-least-once and idempotent: a SENT message is left alone, and every
 * try sends the message's own X-Line-Retry-Key, so LINE delivers it once however often we retry
 * (a 409 "already accepted" counts as sent). LINE refusing the message marks it FAILED; LINE being
 * down throws, and the job runner tries again later. Either way deliveryError keeps LINE's reason:
 * a QUEUED message with a reason is being retried, a FAILED one is not.
 */
export async function deliverMessage({
  ctx,
  input,
}: {
  ctx: JobServiceContext;
  input: z.output<typeof pushMessagePayloadSchema>;
}) {
  const { messageId } = input;
  const message = await findMessageForDelivery(ctx.db, messageId);
  if (
    !message ||
    message.source !== 'system' ||
    message.delivery === 'SENT' ||
    message.delivery === 'FAILED'
  ) {
    return;
  }
  const scope = { clientId: message.clientId, lineAccountId: message.lineAccountId };
  const fail = (reason: string) =>
    updateMessage(ctx.db, scope, message.id, { delivery: 'FAILED', deliveryError: reason.slice(0, 500) });

  const account = await findLineAccountOfClient(ctx, message.clientId, message.lineAccountId);
  const friend = await findFriend(ctx.db, scope, message.friendId);
  if (!account || account.status !== 'ACTIVE') return fail(lineAccountMessages.inactive);
  if (!friend?.isFriend) return fail(friendMessages.notFollowing);
  await sendChatAnswer(ctx, {
    account,
    to: friend.lineUserId,
    message,
    save: (values) => updateMessage(ctx.db, scope, message.id, values),
  });
}

type DeliveryValues = {
  delivery?: 'SENT' | 'FAILED';
  deliveryError: string | null;
  lineMessageId?: string | null;
  sentAt?: Date;
};

/**
 * Sends one chat answer, a friend's (deliverMessage) or a group's (groups.outbox.ts): a reply with the
 * claimed token while it is fresh (free), else, or when LINE refuses the token on the first try, a push to
 * `to` with the message's own X-Line-Retry-Key. Stores SENT, or LINE's reason: FAILED for good (a refusal,
 * or the last try), or kept beside a QUEUED message while the thrown error asks the job runner to retry.
 */
export async function sendChatAnswer(
  ctx: JobServiceContext,
  input: {
    account: Parameters<typeof channelsOf>[1];
    to: string;
    message: {
      contents: unknown;
      retryKey: string | null;
      replyToken: string | null;
      lineTimestamp: Date | null;
      createdAt: Date;
    };
    save: (values: DeliveryValues) => Promise<unknown>;
  },
): Promise<void> {
  const { message, save } = input;
  const fail = (reason: string) => save({ delivery: 'FAILED', deliveryError: reason.slice(0, 500) });
  const lineMessages = lineMessagesOf(message.contents, ctx.config.appUrl);
  if (!lineMessages || !message.retryKey) {
    await fail('Not a text, sticker or image message');
    return;
  }
  const retryKey = message.retryKey;
  const channel = channelsOf(ctx, input.account).messaging;
  const gateway = lineGatewayFor(ctx.config);
  const push = () => gateway.pushMessages(channel, { to: input.to, messages: lineMessages, retryKey });
  const sentAt = (message.lineTimestamp ?? message.createdAt).getTime();
  const mayReply = message.replyToken !== null && ctx.clock.now().getTime() - sentAt < CHAT_REPLY_SEND_MS;

  try {
    let result: { lineMessageId: string | null };
    if (mayReply) {
      try {
        await gateway.replyMessages(channel, { replyToken: message.replyToken!, messages: lineMessages });
        result = { lineMessageId: null };
      } catch (error) {
        // LINE refused the token on the first try (an automatic answer spent it, or it expired): push.
        // On a later try it may be our own earlier reply that spent it: that refusal marks it FAILED.
        if (!(error instanceof LineError && error.status === 400 && ctx.attempt === 1)) throw error;
        result = await push();
      }
    } else {
      result = await push();
    }
    await save({
      delivery: 'SENT',
      deliveryError: null,
      lineMessageId: result.lineMessageId,
      sentAt: ctx.clock.now(),
    });
  } catch (error) {
    if (!(error instanceof LineError)) throw error;
    if (!error.isRetryable || ctx.attempt >= PUSH_MAX_ATTEMPTS) {
      await fail(error.reason);
      return;
    }
    await save({ deliveryError: error.reason.slice(0, 500) });
    throw error;
  }
}
