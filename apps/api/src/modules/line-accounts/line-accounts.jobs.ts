import { z } from 'zod';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { enqueueJob, type JobContext, type JobRunner } from '../../platform/jobs.ts';
import { LineError, lineGatewayFor } from '../../platform/line/line-gateway.ts';
import { findLineAccount, updateLineAccount } from './line-accounts.repository.ts';
import { channelsOf } from './line-accounts.service.ts';

/**
 * The account's chat mode (チャット / Bot) and markAsReadMode as LINE says now (GET /v2/bot/info). They
 * are read when the account is connected, and the owner may switch the chat on or off in LINE Official
 * Account Manager at any time since: the チャット設定 note, mark-as-read and the keyword replies' fallback
 * read them. Opening the inbox queues one refresh per account per BOT_INFO_FRESH_MS (by dedupe key), so
 * however often the inbox is opened LINE is asked at most once in that time.
 */
export const BOT_INFO_QUEUE = 'line-accounts.refresh-bot-info';
export const BOT_INFO_FRESH_MS = 10 * 60_000;
/** 5s, 10s, 20s: a LINE outage of a minute is borne, then the next opening asks again. */
const BOT_INFO_MAX_ATTEMPTS = 4;

export const botInfoPayloadSchema = z.object({
  clientId: z.number().int().positive(),
  lineAccountId: z.number().int().positive(),
});

/** Queue the refresh of one account's chat mode, at most once per BOT_INFO_FRESH_MS window. */
export async function queueBotInfoRefresh(
  db: Db,
  input: z.output<typeof botInfoPayloadSchema>,
  now: Date,
): Promise<void> {
  const window = Math.floor(now.getTime() / BOT_INFO_FRESH_MS);
  await enqueueJob(db, {
    queue: BOT_INFO_QUEUE,
    payload: input,
    runAt: now,
    dedupeKey: `${BOT_INFO_QUEUE}:${input.lineAccountId}:${window}`,
  });
}

type JobServiceContext = Pick<JobContext, 'db' | 'log' | 'clock'> & { config: Config };

/**
 * Ask LINE and keep what it says when it changed. LINE down is retried; LINE refusing (the channel's
 * secret was reissued, the channel deleted) is logged and left: the stored mode stays.
 */
export async function refreshBotInfo({
  ctx,
  input,
}: {
  ctx: JobServiceContext;
  input: z.output<typeof botInfoPayloadSchema>;
}): Promise<void> {
  const account = await findLineAccount(ctx.db, input.clientId, input.lineAccountId);
  if (!account || account.status !== 'ACTIVE') return;
  let bot;
  try {
    bot = await lineGatewayFor(ctx.config).getBotInfo(channelsOf(ctx, account).messaging);
  } catch (error) {
    if (error instanceof LineError && !error.isRetryable) {
      ctx.log.warn({ lineAccountId: account.id, reason: error.reason }, 'LINE refused the bot info');
      return;
    }
    throw error;
  }
  if (bot.chatMode === account.chatMode && bot.markAsReadMode === account.markAsReadMode) return;
  await updateLineAccount(ctx.db, account.clientId, account.id, {
    chatMode: bot.chatMode,
    markAsReadMode: bot.markAsReadMode,
    updatedAt: ctx.clock.now(),
  });
  ctx.log.info(
    { lineAccountId: account.id, chatMode: bot.chatMode, markAsReadMode: bot.markAsReadMode },
    'chat mode changed at LINE',
  );
}

export function defineLineAccountJobs(jobs: JobRunner, config: Config): void {
  jobs.define(BOT_INFO_QUEUE, {
    payload: botInfoPayloadSchema,
    maxAttempts: BOT_INFO_MAX_ATTEMPTS,
    handler: (input, job) => refreshBotInfo({ ctx: { ...job, config }, input }),
  });
}
