import { POSTBACK_DATA_PREFIX, type AutomationAction, type DeliveryMessage } from '@app/contracts';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { enqueueJob, type JobContext } from '../../platform/jobs.ts';
import { LineError, lineGatewayFor } from '../../platform/line/line-gateway.ts';
import { toLineMessages } from '../deliveries/index.ts';
import { findFriendOfLineUser, markReplyTokenUsed } from '../friends/index.ts';
import { channelsOf, findLineAccountOfClient } from '../line-accounts/index.ts';
import { runActions, type ScenarioStarter } from './actions.ts';
import type { AccountScope } from './automation.repository.ts';
import { REPLY_WINDOW_MS } from './greeting.sending.ts';
import { fallbackRuns, pickRule } from './keyword-replies.matching.ts';
import {
  findFallbackRow,
  findPostbackRow,
  hasKeywordReplies,
  insertSendRow,
  listRuleRows,
} from './keyword-replies.repository.ts';

export const KEYWORD_REPLY_QUEUE = 'automation.keyword-reply';
export const KEYWORD_REPLY_MAX_ATTEMPTS = 8;

/** A text message or a postback from a user, as the webhook module hands it over (decision 0036). */
export const answerPayloadSchema = z.object({
  clientId: z.number().int(),
  lineAccountId: z.number().int(),
  lineUserId: z.string(),
  /** The text of a message, or the id of a postback action (from `automation:postback:<id>`). */
  kind: z.enum(['TEXT', 'POSTBACK']),
  text: z.string().max(5000).nullable(),
  postbackId: z.number().int().nullable(),
  replyToken: z.string().nullable(),
  lineTimestamp: z.string().nullable(),
  /** The webhook event's id: the job's dedupe key and the notices' retry seed. */
  eventKey: z.string(),
  retryKey: z.string().uuid(),
});
export type AnswerPayload = z.output<typeof answerPayloadSchema>;

type IncomingEvent = {
  scope: AccountScope;
  lineUserId: string;
  replyToken: string | null;
  lineTimestamp: Date | null;
  eventKey: string;
};

async function queueAnswer(db: Db, payload: Omit<AnswerPayload, 'retryKey'>, now: Date) {
  await enqueueJob(db, {
    queue: KEYWORD_REPLY_QUEUE,
    payload: { ...payload, retryKey: randomUUID() },
    runAt: now,
    dedupeKey: `${KEYWORD_REPLY_QUEUE}:${payload.eventKey}`,
  });
}

const common = (event: IncomingEvent) => ({
  ...event.scope,
  lineUserId: event.lineUserId,
  replyToken: event.replyToken,
  lineTimestamp: event.lineTimestamp?.toISOString() ?? null,
  eventKey: event.eventKey,
});

/**
 * A user's text message (the webhook module calls this in the transaction that stores it): queues the
 * answer when the account has an enabled rule or fallback; nothing otherwise (one indexed look-up).
 */
export async function queueTextAnswer(
  tx: Db,
  event: IncomingEvent & { text: string },
  now: Date,
): Promise<void> {
  if (!(await hasKeywordReplies(tx, event.scope))) return;
  await queueAnswer(
    tx,
    { ...common(event), kind: 'TEXT', text: event.text.slice(0, 5000), postbackId: null },
    now,
  );
}

/** A postback: queued when its data is ours (`automation:postback:<id>`); other data is not ours to answer. */
export async function queuePostbackAnswer(tx: Db, event: IncomingEvent & { data: string }, now: Date) {
  if (!event.data.startsWith(POSTBACK_DATA_PREFIX)) return;
  const id = event.data.slice(POSTBACK_DATA_PREFIX.length);
  if (!/^\d{1,9}$/.test(id)) return;
  await queueAnswer(tx, { ...common(event), kind: 'POSTBACK', text: null, postbackId: Number(id) }, now);
}

type Answer = {
  kind: 'KEYWORD' | 'FALLBACK' | 'POSTBACK';
  sourceName: string;
  messages: DeliveryMessage[];
  actions: AutomationAction[];
};

async function findAnswer(
  ctx: JobContext,
  input: AnswerPayload,
  chatMode: string | null,
): Promise<Answer | null> {
  if (input.kind === 'POSTBACK') {
    const row =
      input.postbackId === null ? undefined : await findPostbackRow(ctx.db, input, input.postbackId);
    return row
      ? { kind: 'POSTBACK', sourceName: row.name, messages: row.messages, actions: row.actions }
      : null;
  }
  const at = input.lineTimestamp ? new Date(input.lineTimestamp) : ctx.clock.now();
  const rule = pickRule(await listRuleRows(ctx.db, input), input.text ?? '', at, chatMode);
  if (rule) return { kind: 'KEYWORD', sourceName: rule.name, messages: rule.messages, actions: rule.actions };
  const fallback = await findFallbackRow(ctx.db, input);
  if (fallback?.enabled && fallback.messages.length && fallbackRuns(chatMode)) {
    return { kind: 'FALLBACK', sourceName: '応答なしの返信', messages: fallback.messages, actions: [] };
  }
  return null;
}

export type AnswerOutcome = 'REPLY' | 'PUSH' | 'none';

/**
 * Answers a text or a postback: the matching rule's (or the fallback's, or the postback action's) messages
 * with the event's reply token while it is fresh (free), else one push with the payload's retry key
 * (counted); each send is recorded with how it went. Then the actions run. A token LINE calls spent on a
 * later attempt sends nothing (an earlier attempt's reply may have gone out), as the greeting does.
 */
export async function sendAnswer(
  input: AnswerPayload,
  ctx: JobContext,
  config: Config,
  scenarios: ScenarioStarter | null,
): Promise<AnswerOutcome> {
  const account = await findLineAccountOfClient(ctx, input.clientId, input.lineAccountId);
  if (!account || account.status !== 'ACTIVE') return 'none';
  const friend = await findFriendOfLineUser(ctx.db, input, input.lineUserId);
  if (!friend) return 'none';
  const answer = await findAnswer(ctx, input, account.chatMode);
  if (!answer) return 'none';
  let outcome: AnswerOutcome = 'none';
  if (answer.messages.length) {
    const messages = await toLineMessages({
      db: ctx.db,
      lineAccountId: input.lineAccountId,
      messages: answer.messages,
      friendName: friend.displayName,
    });
    const channel = channelsOf({ config }, account).messaging;
    const gateway = lineGatewayFor(config);
    const age = input.lineTimestamp ? ctx.clock.now().getTime() - Date.parse(input.lineTimestamp) : Infinity;
    if (input.replyToken && age < REPLY_WINDOW_MS) {
      // spent from here on, whatever LINE answers: the chat's next answer goes as a push (issue 27)
      await markReplyTokenUsed(ctx.db, {
        scope: { clientId: input.clientId, lineAccountId: input.lineAccountId },
        friendId: friend.id,
        replyToken: input.replyToken,
        lineTimestamp: input.lineTimestamp ? new Date(input.lineTimestamp) : null,
      });
      try {
        await gateway.replyMessages(channel, { replyToken: input.replyToken, messages });
        outcome = 'REPLY';
      } catch (error) {
        if (!(error instanceof LineError && error.status === 400)) throw error;
        if (ctx.attempt > 1) {
          ctx.log.warn(
            { friendId: friend.id },
            'automation answer not sent: reply token spent after a retry',
          );
          outcome = 'none';
        } else outcome = 'PUSH';
      }
    } else outcome = 'PUSH';
    if (outcome === 'PUSH') {
      if (!friend.isFriend) {
        outcome = 'none'; // a push reaches only a friend who follows
      } else {
        await gateway.pushMessages(channel, { to: input.lineUserId, messages, retryKey: input.retryKey });
      }
    }
    if (outcome !== 'none') {
      await insertSendRow(ctx.db, {
        clientId: input.clientId,
        lineAccountId: input.lineAccountId,
        friendId: friend.id,
        kind: answer.kind,
        sourceName: answer.sourceName.slice(0, 100),
        friendName: friend.displayName.slice(0, 100),
        via: outcome,
        sentAt: ctx.clock.now(),
      });
      ctx.log.info({ friendId: friend.id, kind: answer.kind, via: outcome }, 'automation answer sent');
    }
  }
  if (answer.actions.length) {
    await runActions(
      { ...ctx, config, account, scenarios },
      { id: friend.id, lineUserId: friend.lineUserId, displayName: friend.displayName },
      answer.actions,
      { source: answer.sourceName, eventKey: input.eventKey },
    );
  }
  return outcome;
}
