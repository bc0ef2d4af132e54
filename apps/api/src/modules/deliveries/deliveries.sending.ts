import { deliveryMessages, hasFriendNamePlaceholder } from '@app/contracts';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Config } from '../../config/env.ts';
import { inTransaction, type Db } from '../../db/client.ts';
import { cancelPendingJobs, enqueueJob, type JobContext } from '../../platform/jobs.ts';
import {
  LineError,
  lineGatewayFor,
  MULTICAST_MAX_RECIPIENTS,
  type LineChannel,
} from '../../platform/line/line-gateway.ts';
import {
  countAudience,
  readAudiencePage,
  recordDeliveredMessages,
  type Audience,
  type FriendDirectories,
} from '../friends/index.ts';
import { channelsOf, findLineAccountOfClient } from '../line-accounts/index.ts';
import {
  addToCounts,
  countChunkedRecipients,
  countChunks,
  findDeliveryById,
  findPendingChunk,
  insertChunk,
  insertRecipientTokens,
  lockDelivery,
  setChunkError,
  settleChunk,
  updateDelivery,
  type ChunkRow,
  type DeliveryRow,
} from './deliveries.repository.ts';
import { linksIn, personalLinkToken, trackDeliveryLinks } from './deliveries.links.ts';
import {
  deliveredMessagesOf,
  FRIEND_NAME_PLACEHOLDER,
  NAMELESS_FRIEND,
  sendPersonalChunk,
} from './deliveries.personal.ts';
import { toLineMessages, type LineMessage } from './line-messages.ts';

export const DELIVERY_SEND_QUEUE = 'deliveries.send';
/** 5s, 10s, 20s ... about 3 hours in all: well inside the 24 hours LINE honours a retry key. */
export const DELIVERY_SEND_MAX_ATTEMPTS = 12;
/** Chunks one run sends before it hands over to the next run (a short job, a short lease). */
export const CHUNKS_PER_RUN = 20;
/** How long a rate-limited call waits when LINE names no time (Retry-After). */
const RATE_LIMIT_WAIT_MS = { multicast: 1_000, broadcast: 60_000 };

export const deliverySendPayloadSchema = z.object({
  deliveryId: z.number().int().positive(),
  run: z.number().int().min(0),
});

/**
 * Test seams for an injected crash: called around a chunk's LINE call; a throw there is a process dying at
 * that point (the job is retried, the chunk and its retry key are already stored). Null in production.
 */
export const sendingFaults: {
  beforeCall: ((chunk: ChunkRow) => void) | null;
  afterCall: ((chunk: ChunkRow) => void) | null;
} = { beforeCall: null, afterCall: null };

const jobKey = (deliveryId: number, run: number) => `${DELIVERY_SEND_QUEUE}:${deliveryId}:${run}`;

/** Queue a run of the sender (now or at the scheduled time), in the caller's transaction. */
export async function queueDeliveryRun(db: Db, deliveryId: number, runAt: Date, run = 0): Promise<void> {
  await enqueueJob(db, {
    queue: DELIVERY_SEND_QUEUE,
    payload: { deliveryId, run },
    runAt,
    dedupeKey: jobKey(deliveryId, run),
    maxAttempts: DELIVERY_SEND_MAX_ATTEMPTS,
  });
}

/** Drop the waiting run of a scheduled delivery (cancelled or moved). */
export async function cancelDeliveryRuns(db: Db, deliveryId: number): Promise<void> {
  await cancelPendingJobs(db, {
    queue: DELIVERY_SEND_QUEUE,
    dedupeKeyPrefix: `${DELIVERY_SEND_QUEUE}:${deliveryId}:`,
  });
}

/** The audience as the friends module reads it (a saved segment's conditions frozen when sending starts). */
export function audienceOf(row: Pick<DeliveryRow, 'audience' | 'segmentConditions'>): Audience {
  const audience = row.audience;
  if (audience.type === 'ALL') return { kind: 'all' };
  if (audience.type === 'FRIENDS') return { kind: 'friends', friendIds: audience.friendIds };
  // the friends page's unsaved conditions travel with the delivery itself (nothing to freeze)
  if (audience.type === 'CONDITIONS') return { kind: 'segment', conditions: audience.conditions };
  return { kind: 'segment', conditions: row.segmentConditions! };
}

/** What remains of the month's quota (null: the plan sets no limit). LINE down throws (a LineError). */
export async function quotaRemaining(config: Config, channel: LineChannel): Promise<number | null> {
  const quota = await lineGatewayFor(config).getMessageQuota(channel);
  return quota.limit === null ? null : Math.max(0, quota.limit - quota.used);
}

/**
 * A delivery's recipients against the month's quota: `limit` null when every one fits; with `upToQuota`
 * as many as remain (the first by friend id); else the refusal's text.
 */
export async function fitToQuota(
  config: Config,
  channel: LineChannel,
  count: number,
  upToQuota: boolean,
): Promise<{ target: number; limit: number | null } | { refusal: string }> {
  const remaining = await quotaRemaining(config, channel);
  if (remaining === null || count <= remaining) return { target: count, limit: upToQuota ? count : null };
  if (!upToQuota) return { refusal: deliveryMessages.overQuota(count, remaining) };
  if (remaining === 0) return { refusal: deliveryMessages.quotaSpent };
  return { target: remaining, limit: remaining };
}

type SenderDeps = { config: Config; directories: FriendDirectories };

const scopeOf = (row: DeliveryRow) => ({ clientId: row.clientId, lineAccountId: row.lineAccountId });

async function finish(ctx: JobContext, row: DeliveryRow, status: DeliveryRow['status'], reason?: string) {
  await updateDelivery(ctx.db, row.id, {
    status,
    finishedAt: ctx.clock.now(),
    updatedAt: ctx.clock.now(),
    ...(reason ? { failureReason: reason } : {}),
  });
}

/** A scheduled delivery at its time: the count now, the quota checked, then SENDING (or FAILED). */
async function startScheduled(ctx: JobContext, row: DeliveryRow, channel: LineChannel, deps: SenderDeps) {
  const audience = audienceOf(row);
  const target = await countAudience(ctx.db, deps.directories, scopeOf(row), audience, ctx.clock.now());
  if (target === 0) {
    await updateDelivery(ctx.db, row.id, { targetCount: 0 });
    await finish(ctx, row, 'FAILED', deliveryMessages.noRecipients);
    return null;
  }
  const fit = await fitToQuota(deps.config, channel, target, row.recipientLimit !== null);
  if ('refusal' in fit) {
    await updateDelivery(ctx.db, row.id, { targetCount: target, failedCount: target });
    await finish(ctx, row, 'FAILED', fit.refusal);
    return null;
  }
  return updateDelivery(
    ctx.db,
    row.id,
    {
      status: 'SENDING',
      targetCount: fit.target,
      recipientLimit: fit.limit,
      startedAt: ctx.clock.now(),
      updatedAt: ctx.clock.now(),
    },
    'SCHEDULED',
  );
}

/**
 * The next chunk to send: one stored before and not settled (a crash or a retry), else the next keyset
 * page of recipients stored as a chunk with a fresh retry key, the cursor moved in the same transaction.
 * null: every recipient has had their chunk.
 */
async function nextChunk(
  ctx: JobContext,
  deliveryId: number,
  deps: SenderDeps,
  tracked: boolean,
): Promise<ChunkRow | null> {
  return inTransaction(ctx.db, async (tx) => {
    const row = await lockDelivery(tx, deliveryId);
    if (!row || row.status !== 'SENDING') return null;
    const pending = await findPendingChunk(tx, deliveryId);
    if (pending) return pending;
    const seq = await countChunks(tx, deliveryId);
    const audience = audienceOf(row);
    // the friend-name placeholder: one push per friend (decision 0040), so never the one broadcast
    const personal = hasFriendNamePlaceholder(row.messages);
    // Up to the quota: the first recipientLimit friends by id, by multicast (a broadcast cannot stop).
    let size = MULTICAST_MAX_RECIPIENTS;
    if (row.recipientLimit !== null) {
      size = Math.min(size, row.recipientLimit - (await countChunkedRecipients(tx, deliveryId)));
      if (size <= 0) return null;
    } else if (audience.kind === 'all' && !personal) {
      if (seq > 0) return null;
      return insertChunk(tx, {
        deliveryId,
        seq,
        retryKey: randomUUID(),
        recipients: null,
        recipientCount: row.targetCount,
        createdAt: ctx.clock.now(),
      });
    }
    const page = await readAudiencePage(
      tx,
      deps.directories,
      scopeOf(row),
      audience,
      row.cursor,
      size,
      ctx.clock.now(),
    );
    if (page.length === 0) return null;
    const chunk = await insertChunk(tx, {
      deliveryId,
      seq,
      retryKey: randomUUID(),
      recipients: page.map((m) => m.lineUserId),
      recipientNames: personal ? page.map((m) => m.displayName) : null,
      recipientCount: page.length,
      createdAt: ctx.clock.now(),
    });
    // its pushes' links name each friend (decision 0047): the tokens are stored with the chunk, derived
    // from its retry key, so every retry sends the same links and a tap finds its friend
    if (personal && tracked) {
      await insertRecipientTokens(
        tx,
        page.map((m) => ({
          token: personalLinkToken(chunk.retryKey, m.lineUserId),
          deliveryId,
          friendId: m.id,
          createdAt: ctx.clock.now(),
        })),
      );
    }
    await updateDelivery(tx, deliveryId, { cursor: page.at(-1)!.id, updatedAt: ctx.clock.now() });
    return chunk;
  });
}

type ChunkOutcome = 'settled' | { waitMs: number };

/**
 * One chunk's LINE call with its stored retry key. Accepted (or 409 "already accepted": an earlier try
 * went out) counts as sent; LINE refusing (a bad message, the month's quota spent) fails the chunk with
 * LINE's reason; a rate limit waits; LINE down or not answering throws, and the runner tries again with
 * the same key until the attempts run out.
 */
async function sendChunk(
  ctx: JobContext,
  row: DeliveryRow,
  chunk: ChunkRow,
  channel: LineChannel,
  config: Config,
  messages: LineMessage[],
): Promise<ChunkOutcome> {
  /**
   * The chunk settled once (guarded on PENDING) with its counts, and what went out written into each
   * recipient's chat history in the same transaction (decision 0040), so no retry writes it twice.
   */
  const settle = (outcome: { sentTo: string[] | 'all'; failed: number; error: string | null }) =>
    inTransaction(ctx.db, async (tx) => {
      const now = ctx.clock.now();
      const sent = outcome.sentTo === 'all' ? chunk.recipientCount : outcome.sentTo.length;
      const status = sent > 0 ? 'SENT' : 'FAILED';
      if (!(await settleChunk(tx, chunk.id, { status, error: outcome.error, sentAt: sent > 0 ? now : null })))
        return;
      await addToCounts(
        tx,
        row.id,
        { sent, failed: outcome.failed, ...(outcome.error ? { failureReason: outcome.error } : {}) },
        now,
      );
      if (sent === 0) return;
      await recordDeliveredMessages(tx, {
        scope: scopeOf(row),
        lineUserIds: outcome.sentTo === 'all' ? null : outcome.sentTo,
        messages: deliveredMessagesOf(row.messages),
        delivery: { id: row.id, title: row.title },
        at: now,
        ...(chunk.recipientNames
          ? { fillName: { placeholder: FRIEND_NAME_PLACEHOLDER, nameless: NAMELESS_FRIEND } }
          : {}),
      });
    });
  if (chunk.recipientNames) {
    sendingFaults.beforeCall?.(chunk);
    const outcome = await sendPersonalChunk({
      config,
      db: ctx.db,
      channel,
      chunk,
      messages,
      tracked: linksIn(messages).length > 0,
    });
    sendingFaults.afterCall?.(chunk);
    if ('waitMs' in outcome) {
      await setChunkError(ctx.db, chunk.id, outcome.error);
      return { waitMs: outcome.waitMs };
    }
    await settle({ sentTo: outcome.sent, failed: outcome.failed, error: outcome.error });
    return 'settled';
  }
  try {
    sendingFaults.beforeCall?.(chunk);
    await lineGatewayFor(config).sendMessages(channel, {
      to: chunk.recipients ?? 'all',
      messages,
      retryKey: chunk.retryKey,
    });
    sendingFaults.afterCall?.(chunk);
  } catch (error) {
    if (!(error instanceof LineError)) throw error;
    const reason = error.reason.slice(0, 500);
    if (error.status === 429 && !error.isQuotaSpent) {
      await setChunkError(ctx.db, chunk.id, reason);
      const retryAfter = Number(error.headers?.get('retry-after'));
      const fallback = chunk.recipients ? RATE_LIMIT_WAIT_MS.multicast : RATE_LIMIT_WAIT_MS.broadcast;
      return { waitMs: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : fallback };
    }
    if (error.isRetryable && ctx.attempt < DELIVERY_SEND_MAX_ATTEMPTS) {
      await setChunkError(ctx.db, chunk.id, reason);
      throw error;
    }
    await settle({ sentTo: [], failed: chunk.recipientCount, error: reason });
    return 'settled';
  }
  await settle({ sentTo: chunk.recipients ?? 'all', failed: 0, error: null });
  return 'settled';
}

/**
 * The sender's job: one run sends up to CHUNKS_PER_RUN chunks, then queues the next run; the last run
 * closes the delivery (SENT, PARTLY_FAILED or FAILED by its counts). Exactly once (decision 0027): a
 * chunk and its retry key are stored before the call, so a crash at any point repeats the same key.
 */
export async function runDeliverySend(
  input: z.output<typeof deliverySendPayloadSchema>,
  ctx: JobContext,
  deps: SenderDeps,
): Promise<void> {
  let row = await findDeliveryById(ctx.db, input.deliveryId);
  if (!row || (row.status !== 'SCHEDULED' && row.status !== 'SENDING')) return;
  const account = await findLineAccountOfClient(ctx, row.clientId, row.lineAccountId);
  if (!account || account.status !== 'ACTIVE') {
    await finish(ctx, row, 'FAILED', deliveryMessages.accountInactive);
    return;
  }
  const channel = channelsOf({ config: deps.config }, account).messaging;
  if (row.status === 'SCHEDULED') {
    const started = await startScheduled(ctx, row, channel, deps);
    if (!started) return;
    row = started;
  }
  // The same for every chunk: one message for everyone, its links through our redirect (same tokens each run).
  const messages = await trackDeliveryLinks(ctx.db, {
    appUrl: deps.config.appUrl,
    deliveryId: row.id,
    messages: await toLineMessages({
      db: ctx.db,
      lineAccountId: row.lineAccountId,
      messages: row.messages,
      appUrl: deps.config.appUrl,
    }),
  });
  const tracked = linksIn(messages).length > 0;
  for (let sent = 0; sent < CHUNKS_PER_RUN; sent += 1) {
    const chunk = await nextChunk(ctx, row.id, deps, tracked);
    if (!chunk) {
      const done = (await findDeliveryById(ctx.db, row.id))!;
      if (done.status !== 'SENDING') return;
      const status = done.failedCount === 0 ? 'SENT' : done.sentCount === 0 ? 'FAILED' : 'PARTLY_FAILED';
      await finish(ctx, done, status);
      return;
    }
    const outcome = await sendChunk(ctx, row, chunk, channel, deps.config, messages);
    if (outcome !== 'settled') {
      await queueDeliveryRun(
        ctx.db,
        row.id,
        new Date(ctx.clock.now().getTime() + outcome.waitMs),
        input.run + 1,
      );
      return;
    }
  }
  await queueDeliveryRun(ctx.db, row.id, ctx.clock.now(), input.run + 1);
}
