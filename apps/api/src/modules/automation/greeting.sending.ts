import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Config } from '../../config/env.ts';
import type { DomainEvent } from '../../platform/domain-events.ts';
import { enqueueJob, type JobContext } from '../../platform/jobs.ts';
import { LineError, lineGatewayFor } from '../../platform/line/line-gateway.ts';
import { toLineMessages } from '../deliveries/index.ts';
import { channelsOf, findLineAccountOfClient } from '../line-accounts/index.ts';
import { findGreeting } from './automation.repository.ts';
import { insertSendRow } from './keyword-replies.repository.ts';

export const GREETING_QUEUE = 'automation.greeting';
export const GREETING_MAX_ATTEMPTS = 8;
/**
 * LINE keeps a reply token about a minute; past this age of the event we push instead of trying a token
 * that is likely spent (a failed reply costs a round trip in the friend's first seconds).
 */
export const REPLY_WINDOW_MS = 50_000;

export const greetingPayloadSchema = z.object({
  clientId: z.number().int(),
  lineAccountId: z.number().int(),
  friendId: z.number().int(),
  lineUserId: z.string(),
  displayName: z.string(),
  kind: z.enum(['NEW_FRIEND', 'UNBLOCK']),
  replyToken: z.string().nullable(),
  lineTimestamp: z.string().nullable(),
  /** The push's X-Line-Retry-Key, fixed when the job is queued: every retry repeats it. */
  retryKey: z.string().uuid(),
});
export type GreetingPayload = z.output<typeof greetingPayloadSchema>;

/**
 * NEW_FRIEND / LINE_UNBLOCK_EVENT: queue the greeting's send (the handler writes only; LINE is called by
 * the job). Nothing is queued when the account has no messages for this kind of follow.
 */
export async function handleFollowEvent(
  event: DomainEvent<'NEW_FRIEND' | 'LINE_UNBLOCK_EVENT'>,
  ctx: JobContext,
): Promise<void> {
  if (event.lineAccountId === null) return;
  const scope = { clientId: event.clientId, lineAccountId: event.lineAccountId };
  const greeting = await findGreeting(ctx.db, scope);
  const kind = event.topic === 'NEW_FRIEND' ? 'NEW_FRIEND' : 'UNBLOCK';
  const messages = kind === 'NEW_FRIEND' ? greeting?.newFriendMessages : greeting?.unblockMessages;
  if (!messages?.length) return;
  const payload: GreetingPayload = {
    ...scope,
    friendId: event.payload.friendId,
    lineUserId: event.payload.lineUserId,
    displayName: event.payload.displayName,
    kind,
    replyToken: event.payload.replyToken ?? null,
    lineTimestamp: event.payload.lineTimestamp ?? null,
    retryKey: randomUUID(),
  };
  await enqueueJob(ctx.db, {
    queue: GREETING_QUEUE,
    payload,
    runAt: ctx.clock.now(),
    dedupeKey: `${GREETING_QUEUE}:${event.id}`,
  });
}

export type GreetingOutcome = 'reply' | 'push' | 'none';

/**
 * Sends the greeting: a reply with the follow's token while it is fresh (free), else a push with the
 * payload's retry key (exactly once: LINE answers 409 to a repeat of an accepted key). A token LINE calls
 * invalid on the first attempt falls back to a push; on a later attempt (an earlier reply may have gone
 * out with its answer lost) it sends nothing, so no friend is greeted twice.
 */
export async function sendGreeting(
  input: GreetingPayload,
  ctx: JobContext,
  config: Config,
): Promise<GreetingOutcome> {
  const account = await findLineAccountOfClient(ctx, input.clientId, input.lineAccountId);
  if (!account || account.status !== 'ACTIVE') return 'none';
  const greeting = await findGreeting(ctx.db, input);
  const stored = input.kind === 'NEW_FRIEND' ? greeting?.newFriendMessages : greeting?.unblockMessages;
  if (!stored?.length) return 'none';
  const messages = await toLineMessages({
    db: ctx.db,
    lineAccountId: input.lineAccountId,
    messages: stored,
    friendName: input.displayName,
    appUrl: config.appUrl,
  });
  const channel = channelsOf({ config }, account).messaging;
  const gateway = lineGatewayFor(config);
  const age = input.lineTimestamp ? ctx.clock.now().getTime() - Date.parse(input.lineTimestamp) : Infinity;
  if (input.replyToken && age < REPLY_WINDOW_MS) {
    try {
      await gateway.replyMessages(channel, { replyToken: input.replyToken, messages });
      await recordGreetingSend(ctx, input, 'REPLY');
      ctx.log.info({ friendId: input.friendId, via: 'reply' }, 'greeting sent');
      return 'reply';
    } catch (error) {
      const invalidToken = error instanceof LineError && error.status === 400;
      if (!invalidToken) throw error;
      if (ctx.attempt > 1) {
        ctx.log.warn({ friendId: input.friendId }, 'greeting not sent: reply token spent after a retry');
        return 'none';
      }
    }
  }
  await gateway.pushMessages(channel, { to: input.lineUserId, messages, retryKey: input.retryKey });
  await recordGreetingSend(ctx, input, 'PUSH');
  ctx.log.info({ friendId: input.friendId, via: 'push' }, 'greeting sent');
  return 'push';
}

/** The greeting's send in the automation send log (the screen's free reply / counted push). */
async function recordGreetingSend(ctx: JobContext, input: GreetingPayload, via: 'REPLY' | 'PUSH') {
  await insertSendRow(ctx.db, {
    clientId: input.clientId,
    lineAccountId: input.lineAccountId,
    friendId: input.friendId,
    kind: 'GREETING',
    sourceName:
      input.kind === 'NEW_FRIEND'
        ? 'あいさつメッセージ（新しい友だち）'
        : 'あいさつメッセージ（ブロック解除）',
    friendName: input.displayName.slice(0, 100),
    via,
    sentAt: ctx.clock.now(),
  });
}
