import { validateSignature } from '@line/bot-sdk';
import { lineAccountMessages } from '@app/contracts';
import { z } from 'zod';
import type { Config } from '../../config/env.ts';
import { inTransaction } from '../../db/client.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { badRequest, forbidden, notFound, unauthorized } from '../../platform/errors.ts';
import type { JobContext } from '../../platform/jobs.ts';
import { LineError, lineGatewayFor } from '../../platform/line/line-gateway.ts';
import {
  isKnownFriend,
  recordFollow,
  recordIncomingMessage,
  recordUnfollow,
  recordUnsend,
  type FriendProfile,
} from '../friends/index.ts';
import { queuePostbackAnswer, queueTextAnswer } from '../automation/index.ts';
import { recordRichMenuTap, splitTapMark } from '../rich-menus/index.ts';
import {
  channelsOf,
  findLineAccountById,
  findLineAccountForReceiving,
  type LineAccountRow,
} from '../line-accounts/index.ts';
import {
  findWebhookEvent,
  insertWebhookEventsWithJobs,
  lockWebhookEvent,
  markWebhookEventProcessed,
} from './line-webhook.repository.ts';
import { isGroupEvent, processGroupEvent } from './line-webhook.groups.ts';

export const WEBHOOK_EVENT_QUEUE = 'line.webhook-event';

/** The part of LINE's CallbackRequest the receiver relies on; events are kept whole for the job. */
const callbackSchema = z.object({
  destination: z.string(),
  events: z.array(
    z.looseObject({
      type: z.string().min(1).max(32),
      webhookEventId: z.string().min(1).max(64),
      timestamp: z.number(),
    }),
  ),
});

/**
 * LINE's bodies are LINE's words, not held to our NUL rule, but PostgreSQL cannot store U+0000 (in text or
 * jsonb): it becomes U+FFFD (the replacement character), in values and keys, so such a message is kept
 * rather than failing the whole call (and LINE's redeliveries of it) with its other events.
 */
function withoutNul(value: unknown): unknown {
  if (typeof value === 'string') return value.replaceAll('\u0000', '\uFFFD');
  if (Array.isArray(value)) return value.map(withoutNul);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key.replaceAll('\u0000', '\uFFFD'), withoutNul(item)]),
  );
}

type ReceiveInput = { lineAccountId: number; rawBody: Buffer; signature: string | undefined };

/**
 * Accept a webhook call: the signature over the raw body is checked with the account's channel secret
 * before anything is stored; each event is stored once (by webhookEventId, so LINE's redeliveries are
 * no-ops) with its processing job, in one statement (atomic) shared with the calls arriving at the same
 * time; the account comes from memory while the change feed is live (issue 31's 1,000 calls/s). No LINE
 * call happens here: LINE gets its answer in milliseconds.
 */
export async function receiveWebhook({ ctx, input }: { ctx: ServiceContext; input: ReceiveInput }) {
  const account = await findLineAccountForReceiving(ctx, input.lineAccountId);
  if (!account) throw notFound(lineAccountMessages.notFound);
  const { channelSecret } = channelsOf(ctx, account).messaging;
  if (!input.signature || !validateSignature(input.rawBody, channelSecret, input.signature)) {
    throw unauthorized(lineAccountMessages.invalidSignature);
  }
  if (account.status !== 'ACTIVE') throw forbidden(lineAccountMessages.inactive);
  let body: z.infer<typeof callbackSchema>;
  try {
    body = callbackSchema.parse(withoutNul(JSON.parse(input.rawBody.toString('utf8'))));
  } catch {
    throw badRequest(lineAccountMessages.invalidWebhookBody);
  }
  // A repeat within one call (LINE sends none, but a body may) is stored once, as it first came.
  const events = body.events.filter(
    (e, i) => body.events.findIndex((other) => other.webhookEventId === e.webhookEventId) === i,
  );
  const accepted = await insertWebhookEventsWithJobs(
    ctx.db,
    account.id,
    events.map((e) => ({ webhookEventId: e.webhookEventId, type: e.type, payload: e })),
    { queue: WEBHOOK_EVENT_QUEUE, receivedAt: ctx.clock.now() },
  );
  return { success: true as const, accepted };
}

// ---- processing (the job) ----

export type JobServiceContext = Pick<JobContext, 'db' | 'log' | 'clock'> & { config: Config };

const eventSchema = z.looseObject({
  type: z.string(),
  replyToken: z.string().optional(),
  timestamp: z.number().optional(),
  source: z.looseObject({ userId: z.string().optional() }).optional(),
  follow: z.looseObject({ isUnblocked: z.boolean().optional() }).optional(),
  message: z.looseObject({ id: z.string(), type: z.string(), text: z.string().optional() }).optional(),
  unsend: z.looseObject({ messageId: z.string() }).optional(),
  postback: z.looseObject({ data: z.string() }).optional(),
});

/** LINE has no profile of the user for the account (404): the user does not follow it. */
const NOT_A_FRIEND = 'not-a-friend' as const;

async function fetchProfile(
  ctx: JobServiceContext,
  account: LineAccountRow,
  userId: string,
): Promise<FriendProfile | null | typeof NOT_A_FRIEND> {
  try {
    const profile = await lineGatewayFor(ctx.config).getProfile(channelsOf(ctx, account).messaging, userId);
    if (!profile) return NOT_A_FRIEND;
    return {
      displayName: profile.displayName.slice(0, 100),
      pictureUrl: profile.pictureUrl ?? null,
      statusMessage: profile.statusMessage ?? null,
      language: profile.language ?? null,
    };
  } catch (error) {
    // LINE down: let the job try again. LINE refusing (credentials changed): go on without a profile.
    if (error instanceof LineError && error.isRetryable) throw error;
    ctx.log.warn({ lineAccountId: account.id, err: error }, 'LINE profile not available');
    return null;
  }
}

/**
 * Process one stored webhook event, at least once: the event row is locked and marked processed in the
 * transaction that applies it, so a second run of the same job changes nothing.
 * follow: creates or revives the friend (NEW_FRIEND / LINE_UNBLOCK_EVENT); unfollow: isFriend false
 * (blocked); message: a Message with source user; postback and others: recorded as received.
 */
export const webhookEventPayloadSchema = z.object({ webhookEventId: z.number().int() });

export async function processWebhookEvent({
  ctx,
  input,
}: {
  ctx: JobServiceContext;
  input: z.output<typeof webhookEventPayloadSchema>;
}) {
  const { webhookEventId } = input;
  const stored = await findWebhookEvent(ctx.db, webhookEventId);
  if (!stored || stored.processedAt) return;
  const account = await findLineAccountById(ctx, stored.lineAccountId);
  if (!account) return;
  // a group's or room's event goes to its own conversation, never to the sender's one-to-one chat
  if (isGroupEvent(stored.payload)) return processGroupEvent(ctx, account, stored, stored.payload);
  const event = eventSchema.parse(stored.payload);
  const userId = event.source?.userId;
  const scope = { clientId: account.clientId, lineAccountId: account.id };

  // LINE calls happen before the transaction, never inside it.
  let profile: FriendProfile | null = null;
  const profileOrNull = async (id: string) => {
    const found = await fetchProfile(ctx, account, id);
    return found === NOT_A_FRIEND ? null : found;
  };
  if (userId && event.type === 'follow') profile = await profileOrNull(userId);
  // A user LINE has no profile for (404: not a friend) who messages: known from now on, as not following.
  let isFollowing = true;
  if (userId && event.type === 'message' && !(await isKnownFriend(ctx.db, scope, userId))) {
    const found = await fetchProfile(ctx, account, userId);
    if (found === NOT_A_FRIEND) isFollowing = false;
    else profile = found;
  }

  await inTransaction(ctx.db, async (tx) => {
    const locked = await lockWebhookEvent(tx, stored.id);
    if (!locked || locked.processedAt) return;
    const now = ctx.clock.now();
    if (userId && event.type === 'follow') {
      await recordFollow(tx, {
        scope,
        lineUserId: userId,
        profile,
        now,
        replyToken: event.replyToken ?? null,
        lineTimestamp: event.timestamp === undefined ? null : new Date(event.timestamp),
      });
    }
    if (userId && event.type === 'unfollow') await recordUnfollow(tx, { scope, lineUserId: userId, now });
    if (userId && event.type === 'message' && event.message) {
      await recordIncomingMessage(tx, {
        scope,
        lineUserId: userId,
        profile,
        message: event.message,
        isFollowing,
        replyToken: event.replyToken ?? null,
        sentAt: event.timestamp === undefined ? now : new Date(event.timestamp),
        now,
      });
    }
    // 応答メッセージ and rich menu postbacks answer with this event's reply token (decision 0036)
    const answerEvent = userId && {
      scope,
      lineUserId: userId,
      replyToken: event.replyToken ?? null,
      lineTimestamp: event.timestamp === undefined ? null : new Date(event.timestamp),
      eventKey: `${account.id}:${stored.id}`,
    };
    if (answerEvent && event.type === 'message' && event.message?.type === 'text' && event.message.text) {
      await queueTextAnswer(tx, { ...answerEvent, text: event.message.text }, now);
    }
    if (answerEvent && event.type === 'postback' && event.postback) {
      // A rich menu area's tap mark is counted, then taken off (decision 0049).
      const at = answerEvent.lineTimestamp ?? now;
      await recordRichMenuTap(tx, { scope, lineUserId: userId, data: event.postback.data, at });
      const { data } = splitTapMark(event.postback.data);
      await queuePostbackAnswer(tx, { ...answerEvent, data }, now);
    }
    if (event.type === 'unsend' && event.unsend) {
      await recordUnsend(tx, { scope, lineMessageId: event.unsend.messageId, now });
    }
    await markWebhookEventProcessed(tx, account.id, stored.id, now);
  });
}
