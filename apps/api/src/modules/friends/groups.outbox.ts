import { groupChatMessages, lineAccountMessages } from '@app/contracts';
import { z } from 'zod';
import type { Config } from '../../config/env.ts';
import type { JobContext } from '../../platform/jobs.ts';
import { LineError, lineGatewayFor } from '../../platform/line/line-gateway.ts';
import { channelsOf, findLineAccountOfClient } from '../line-accounts/index.ts';
import { findGroup, findGroupMessage, updateGroupMessage } from './groups.repository.ts';
import { CHAT_REPLY_SEND_MS, lineMessagesOf, PUSH_MAX_ATTEMPTS } from './message-outbox.ts';

export const groupPushPayloadSchema = z.object({ messageId: z.number().int().positive() });

type JobServiceContext = Pick<JobContext, 'db' | 'log' | 'clock' | 'attempt'> & { config: Config };

/**
 * Deliver one answer in a group or room, as deliverMessage does a friend's: a reply with the claimed
 * token while it is fresh (a refusal on the first try pushes), else a push to the groupId / roomId with
 * the message's retry key, so LINE sends it once however often the job runs.
 */
export async function deliverGroupMessage({
  ctx,
  input,
}: {
  ctx: JobServiceContext;
  input: z.output<typeof groupPushPayloadSchema>;
}) {
  const message = await findGroupMessage(ctx.db, input.messageId);
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
    updateGroupMessage(ctx.db, message.id, { delivery: 'FAILED', deliveryError: reason.slice(0, 500) });
  const account = await findLineAccountOfClient(ctx, message.clientId, message.lineAccountId);
  const group = await findGroup(ctx.db, scope, message.groupId);
  if (!account || account.status !== 'ACTIVE') return fail(lineAccountMessages.inactive);
  if (!group || group.leftAt) return fail(groupChatMessages.left);
  const lineMessages = lineMessagesOf(message.contents, ctx.config.appUrl);
  if (!lineMessages || !message.retryKey) return fail('Not a text, sticker or image message');
  const retryKey = message.retryKey;
  const channel = channelsOf(ctx, account).messaging;
  const gateway = lineGatewayFor(ctx.config);
  const push = () =>
    gateway.pushMessages(channel, { to: group.lineGroupId, messages: lineMessages, retryKey });
  const sentAt = (message.lineTimestamp ?? message.createdAt).getTime();
  const mayReply = message.replyToken !== null && ctx.clock.now().getTime() - sentAt < CHAT_REPLY_SEND_MS;
  try {
    let result: { lineMessageId: string | null };
    if (mayReply) {
      try {
        await gateway.replyMessages(channel, { replyToken: message.replyToken!, messages: lineMessages });
        result = { lineMessageId: null };
      } catch (error) {
        if (!(error instanceof LineError && error.status === 400 && ctx.attempt === 1)) throw error;
        result = await push();
      }
    } else {
      result = await push();
    }
    await updateGroupMessage(ctx.db, message.id, {
      delivery: 'SENT',
      deliveryError: null,
      lineMessageId: result.lineMessageId,
      sentAt: ctx.clock.now(),
    });
  } catch (error) {
    if (!(error instanceof LineError)) throw error;
    if (!error.isRetryable || ctx.attempt >= PUSH_MAX_ATTEMPTS) return fail(error.reason);
    await updateGroupMessage(ctx.db, message.id, { deliveryError: error.reason.slice(0, 500) });
    throw error;
  }
}
