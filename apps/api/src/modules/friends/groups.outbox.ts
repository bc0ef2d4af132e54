import { groupChatMessages, lineAccountMessages } from '@app/contracts';
import { z } from 'zod';
import type { Config } from '../../config/env.ts';
import type { JobContext } from '../../platform/jobs.ts';
import { findLineAccountOfClient } from '../line-accounts/index.ts';
import { findGroup, findGroupMessage, updateGroupMessage } from './groups.repository.ts';
import { sendChatAnswer } from './message-outbox.ts';

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
  await sendChatAnswer(ctx, {
    account,
    to: group.lineGroupId,
    message,
    save: (values) => updateGroupMessage(ctx.db, message.id, values),
  });
}
