import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { MarkAsReadTiming } from '@app/contracts';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { conversations } from '../../db/schema/friends.ts';
import { enqueueJob, type JobContext } from '../../platform/jobs.ts';
import { LineError, lineGatewayFor } from '../../platform/line/line-gateway.ts';
import { channelsOf, findLineAccountOfClient } from '../line-accounts/index.ts';
import type { AccountScope } from './friends.repository.ts';

/**
 * LINE's mark-as-read (decision 0061-mark-as-read). With the chat on, LINE's markAsReadMode is manual: a
 * user's messages show 既読 only when the account calls `POST /v2/bot/chat/markAsRead` with a token LINE
 * put on a message event. The conversation keeps the newest token not yet used; the store opening the
 * conversation (OPEN) or answering it (OPEN or ANSWER) takes it and queues one durable call.
 */
export const MARK_AS_READ_QUEUE = 'friends.mark-as-read';
/** 5s, 10s, 20s ... about five minutes of LINE being down are borne. */
export const MARK_AS_READ_MAX_ATTEMPTS = 7;

export const markAsReadPayloadSchema = z.object({
  clientId: z.number().int().positive(),
  lineAccountId: z.number().int().positive(),
  friendId: z.number().int().positive(),
  markAsReadToken: z.string().min(1).max(255),
});

/** What the store did in the inbox: opened the conversation, or answered in it. */
export type ReadCause = 'OPEN' | 'ANSWER';

/** Whether the account's 既読をつけるタイミング marks a conversation read at LINE on this cause. */
export const marksReadOn = (timing: MarkAsReadTiming, cause: ReadCause) =>
  timing === 'ANSWER' ? cause === 'ANSWER' : timing === 'OPEN';

/**
 * Takes the conversation's token (set null) and queues its call, in the caller's transaction: a second
 * open or answer finds no token and queues nothing; the dedupe key (the token's hash: LINE's call takes no
 * retry key) makes a token queued twice one job. Nothing when the account leaves marking to LINE.
 */
export async function queueMarkAsRead(
  tx: Db,
  input: {
    scope: AccountScope;
    friendId: number;
    timing: MarkAsReadTiming;
    cause: ReadCause;
    now: Date;
  },
): Promise<void> {
  if (!marksReadOn(input.timing, input.cause)) return;
  const { scope, friendId } = input;
  // the token as it was, taken under the row's lock: two opens at once queue it once
  const result = await tx.execute(sql`
    with old as (
      select friend_id, mark_as_read_token from ${conversations}
      where client_id = ${scope.clientId} and line_account_id = ${scope.lineAccountId}
        and friend_id = ${friendId} and mark_as_read_token is not null
      for update
    )
    update ${conversations} c set mark_as_read_token = null
    from old where c.friend_id = old.friend_id
    returning old.mark_as_read_token as token`);
  const taken = (result as { rows: { token: string | null }[] }).rows[0];
  if (!taken?.token) return;
  const hash = createHash('sha256').update(taken.token).digest('hex');
  await enqueueJob(tx, {
    queue: MARK_AS_READ_QUEUE,
    payload: {
      clientId: scope.clientId,
      lineAccountId: scope.lineAccountId,
      friendId,
      markAsReadToken: taken.token,
    },
    runAt: input.now,
    dedupeKey: `${MARK_AS_READ_QUEUE}:${hash}`,
  });
}

type JobServiceContext = Pick<JobContext, 'db' | 'log' | 'clock' | 'attempt'> & { config: Config };

/**
 * One mark-as-read call. LINE down is retried; LINE refusing the token (400: not this bot's, or unknown)
 * will never change, so it is logged and dropped; an account no longer active calls nothing.
 */
export async function markReadAtLine({
  ctx,
  input,
}: {
  ctx: JobServiceContext;
  input: z.output<typeof markAsReadPayloadSchema>;
}): Promise<void> {
  const account = await findLineAccountOfClient(ctx, input.clientId, input.lineAccountId);
  if (!account || account.status !== 'ACTIVE') return;
  try {
    await lineGatewayFor(ctx.config).markAsRead(channelsOf(ctx, account).messaging, input.markAsReadToken);
  } catch (error) {
    if (error instanceof LineError && !error.isRetryable) {
      ctx.log.warn(
        { lineAccountId: input.lineAccountId, friendId: input.friendId, reason: error.reason },
        'LINE refused mark-as-read',
      );
      return;
    }
    throw error;
  }
}
