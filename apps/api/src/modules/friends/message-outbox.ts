import { friendMessages, lineAccountMessages } from '@app/contracts';
import { z } from 'zod';
import type { Config } from '../../config/env.ts';
import type { JobContext } from '../../platform/jobs.ts';
import { LineError, lineGatewayFor } from '../../platform/line/line-gateway.ts';
import { channelsOf, findLineAccountOfClient } from '../line-accounts/index.ts';
import { findFriend, findMessageForDelivery, updateMessage } from './friends.repository.ts';

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
  const contents = message.contents as { text?: unknown };
  if (typeof contents.text !== 'string' || !message.retryKey) return fail('Not a text message');

  try {
    const result = await lineGatewayFor(ctx.config).pushText(channelsOf(ctx, account).messaging, {
      to: friend.lineUserId,
      text: contents.text,
      retryKey: message.retryKey,
    });
    await updateMessage(ctx.db, scope, message.id, {
      delivery: 'SENT',
      deliveryError: null,
      lineMessageId: result.lineMessageId,
      sentAt: ctx.clock.now(),
    });
  } catch (error) {
    if (!(error instanceof LineError)) throw error;
    const reason = error.reason;
    if (!error.isRetryable) return fail(reason);
    if (ctx.attempt >= PUSH_MAX_ATTEMPTS) return fail(reason);
    await updateMessage(ctx.db, scope, message.id, { deliveryError: reason.slice(0, 500) });
    throw error;
  }
}
