import { FRIEND_NAME_PLACEHOLDER, fillFriendName, type DeliveryMessage } from '@app/contracts';
import { createHash } from 'node:crypto';
import type { Config } from '../../config/env.ts';
import { LineError, lineGatewayFor, type LineChannel } from '../../platform/line/line-gateway.ts';
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

export type PersonalOutcome =
  { sent: string[]; failed: number; error: string | null } | { waitMs: number; error: string };

/**
 * The pushes of one chunk. Accepted or 409 (an earlier try went out): sent. LINE refusing one friend's push
 * for good (400, the month's quota spent): that friend failed, the others go on. A rate limit stops the
 * chunk (the runner comes back after LINE's wait and repeats every key); LINE down throws (the job retries).
 */
export async function sendPersonalChunk(input: {
  config: Config;
  channel: LineChannel;
  chunk: ChunkRow;
  messages: readonly LineMessage[];
  /** The messages have tracked links: each push's name its friend (the tokens stored with the chunk). */
  tracked: boolean;
}): Promise<PersonalOutcome> {
  const { chunk } = input;
  const recipients = chunk.recipients ?? [];
  const names = chunk.recipientNames ?? [];
  const gateway = lineGatewayFor(input.config);
  const sent: string[] = [];
  let failed = 0;
  let error: string | null = null;
  const halt: { stop: { waitMs: number; error: string } | null; thrown: unknown } = {
    stop: null,
    thrown: null,
  };
  const pushOne = async (index: number) => {
    const to = recipients[index]!;
    try {
      await gateway.pushMessages(input.channel, {
        to,
        messages: personalise(
          input.tracked
            ? linksForRecipient(input.messages, input.config.appUrl, personalLinkToken(chunk.retryKey, to))
            : input.messages,
          names[index] || NAMELESS_FRIEND,
        ),
        retryKey: pushRetryKey(chunk.retryKey, to),
      });
      sent.push(to);
    } catch (e) {
      if (!(e instanceof LineError)) throw e;
      if (e.status === 409) {
        sent.push(to);
        return;
      }
      const reason = e.reason.slice(0, 500);
      if (e.status === 429 && !e.isQuotaSpent) {
        const retryAfter = Number(e.headers?.get('retry-after'));
        halt.stop = {
          waitMs: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : 1_000,
          error: reason,
        };
        return;
      }
      if (e.isRetryable) {
        halt.thrown ??= e;
        return;
      }
      failed += 1;
      error = reason;
    }
  };
  for (let start = 0; start < recipients.length; start += PUSH_CONCURRENCY) {
    const batch = recipients.slice(start, start + PUSH_CONCURRENCY).map((_, i) => pushOne(start + i));
    await Promise.all(batch);
    if (halt.thrown) throw halt.thrown;
    if (halt.stop) return halt.stop;
  }
  return { sent, failed, error };
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
