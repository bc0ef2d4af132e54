import { FRIEND_NAME_PLACEHOLDER, fillFriendName, type DeliveryMessage } from '@app/contracts';
import { createHash } from 'node:crypto';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { LineError, lineGatewayFor, type LineChannel } from '../../platform/line/line-gateway.ts';
import { PUSHES_PER_SECOND, pushPaceOf } from '../../platform/line/push-pace.ts';
import type { DeliveredMessage } from '../friends/index.ts';
import type { ChunkRow } from './deliveries.repository.ts';
import type { LineMessage } from './line-messages.ts';
import { linksForRecipient, personalLinkToken } from './deliveries.links.ts';

/**
 * A personalised delivery (a text with the friend-name placeholder, decision 0040): one push per friend,
 * each with its own retry key derived from its chunk's key and the friend, so every retry of the chunk
 * repeats every key and LINE sends each push once. Its tracked links name the friend (decision 0047), so a
 * tap is counted for the friend who made it.
 */

/** Pushes of a chunk in flight at once: well under LINE's 2,000 a second, short enough for one run. */
const PUSH_CONCURRENCY = 10;

/** UUID v5 (RFC 4122, SHA-1) of a name in a namespace UUID: the same inputs, the same key, every retry. */
export function pushRetryKey(chunkKey: string, lineUserId: string): string {
  const namespace = Buffer.from(chunkKey.replace(/-/g, ''), 'hex');
  const hash = createHash('sha1').update(namespace).update(lineUserId, 'utf8').digest();
  const bytes = hash.subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The delivery's LINE messages (links already tracked) with one friend's name in its texts. */
export const personalise = (messages: readonly LineMessage[], name: string): LineMessage[] =>
  messages.map((m) => (m.type === 'text' ? { ...m, text: fillFriendName(m.text, name) } : m));

/** The name a friend with no LINE name is called by in a personalised text (LINE's own fallback word). */
export const NAMELESS_FRIEND = 'お客様';

/** One push of many: its friend, its messages and its own retry key (the same on every retry). */
export type Push = { to: string; messages: readonly LineMessage[]; retryKey: string };

/**
 * What became of a run of pushes. `sent` and `failed` name the pushes by index; the others were not
 * tried, or their answer is unknown (tried again later with the same keys). `halt`: why the run stopped
 * early (a rate limit with LINE's wait, or LINE down or not answering).
 */
export type PushesOutcome = {
  sent: number[];
  failed: { index: number; error: string }[];
  halt: { rateLimited: { waitMs: number; error: string } } | { down: LineError } | null;
};

/**
 * Many pushes, each with its retry key, `concurrency` in flight at once and at most `perSecond` started in
 * any second on the channel by every run of every process (LINE's push limit is per channel; `PushPace`), made one at a time by `pushAt` so that only those in flight
 * are in memory. Accepted or 409 (an earlier try went out): sent. LINE refusing one push for good (400, the
 * month's quota spent): that one failed, the others go on. A rate limit or LINE down stops starting new
 * pushes (those in flight finish). Anything else (a crash, the fault seams' throw) is thrown once the pushes
 * in flight have finished: the caller's stored sends repeat their keys.
 */
export async function sendPushes(input: {
  config: Config;
  /** The database whose clock and grants pace the channel across processes (not a transaction). */
  db: Db;
  channel: LineChannel;
  count: number;
  pushAt: (index: number) => Push;
  concurrency?: number;
  perSecond?: number;
  /** Test seams around each call (a throw there is the process dying at that point). */
  beforeCall?: (index: number) => void;
  afterCall?: (index: number) => void;
}): Promise<PushesOutcome> {
  const gateway = lineGatewayFor(input.config);
  const perSecond = input.perSecond ?? PUSHES_PER_SECOND;
  const outcome: PushesOutcome = { sent: [], failed: [], halt: null };
  /** A throw that is not LINE's answer (a crash): thrown once the pushes in flight have finished. */
  const crashed: { error?: unknown; at?: number } = {};
  let next = 0;
  const pace = pushPaceOf(input.db, input.channel.channelId, perSecond);
  const worker = async () => {
    for (;;) {
      if (outcome.halt || crashed.at !== undefined || next >= input.count) return;
      const index = next++;
      await pace.slot();
      if (outcome.halt || crashed.at !== undefined) return;
      const push = input.pushAt(index);
      try {
        input.beforeCall?.(index);
        await gateway.pushMessages(input.channel, {
          to: push.to,
          messages: push.messages as LineMessage[],
          retryKey: push.retryKey,
        });
        input.afterCall?.(index);
        outcome.sent.push(index);
      } catch (e) {
        if (!(e instanceof LineError)) {
          if (crashed.at === undefined) Object.assign(crashed, { error: e, at: index });
          return;
        }
        if (e.status === 409) {
          outcome.sent.push(index);
          continue;
        }
        const reason = e.reason.slice(0, 500);
        if (e.status === 429 && !e.isQuotaSpent) {
          const retryAfter = Number(e.headers?.get('retry-after'));
          outcome.halt ??= {
            rateLimited: {
              waitMs: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : 1_000,
              error: reason,
            },
          };
          return;
        }
        if (e.isRetryable) {
          outcome.halt ??= { down: e };
          return;
        }
        outcome.failed.push({ index, error: reason });
      }
    }
  };
  const workers = Math.max(1, Math.min(input.concurrency ?? PUSH_CONCURRENCY, input.count));
  await Promise.all(Array.from({ length: workers }, worker));
  if (crashed.at !== undefined) throw crashed.error;
  return outcome;
}

export type PersonalOutcome =
  { sent: string[]; failed: number; error: string | null } | { waitMs: number; error: string };

/**
 * The pushes of one chunk (`sendPushes`). A rate limit stops the chunk (the runner comes back after
 * LINE's wait and repeats every key); LINE down throws (the job retries).
 */
export async function sendPersonalChunk(input: {
  config: Config;
  db: Db;
  channel: LineChannel;
  chunk: ChunkRow;
  messages: readonly LineMessage[];
  /** The messages have tracked links: each push's name its friend (the tokens stored with the chunk). */
  tracked: boolean;
}): Promise<PersonalOutcome> {
  const { chunk } = input;
  const recipients = chunk.recipients ?? [];
  const names = chunk.recipientNames ?? [];
  const outcome = await sendPushes({
    config: input.config,
    db: input.db,
    channel: input.channel,
    count: recipients.length,
    pushAt: (index) => {
      const to = recipients[index]!;
      return {
        to,
        messages: personalise(
          input.tracked
            ? linksForRecipient(input.messages, input.config.appUrl, personalLinkToken(chunk.retryKey, to))
            : input.messages,
          names[index] || NAMELESS_FRIEND,
        ),
        retryKey: pushRetryKey(chunk.retryKey, to),
      };
    },
  });
  if (outcome.halt && 'down' in outcome.halt) throw outcome.halt.down;
  if (outcome.halt) return outcome.halt.rateLimited;
  return {
    sent: outcome.sent.sort((x, y) => x - y).map((index) => recipients[index]!),
    failed: outcome.failed.length,
    error: outcome.failed.at(-1)?.error ?? null,
  };
}

/** A delivery's messages as each recipient's chat keeps them (LINE's kinds; a card-type message's altText). */
export function deliveredMessagesOf(messages: readonly DeliveryMessage[]): DeliveredMessage[] {
  return messages.map((m): DeliveredMessage => {
    switch (m.type) {
      case 'text':
        return { type: 'text', contents: { text: m.text } };
      case 'sticker':
        return { type: 'sticker', contents: { packageId: m.packageId, stickerId: m.stickerId } };
      case 'cards':
        return { type: 'flex', contents: { altText: m.altText } };
      case 'image':
        return { type: 'image', contents: {} };
      case 'imagemap':
        return { type: 'imagemap', contents: { altText: m.altText } };
      case 'coupon': // a Flex card with 受け取る (decision 0041)
        return { type: 'flex', contents: { altText: 'クーポン' } };
    }
  });
}

export { FRIEND_NAME_PLACEHOLDER };
