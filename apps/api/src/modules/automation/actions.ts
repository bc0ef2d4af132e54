import { keywordReplyMessages, type AutomationAction } from '@app/contracts';
import { createHash } from 'node:crypto';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../platform/errors.ts';
import type { JobContext } from '../../platform/jobs.ts';
import { LineError, lineGatewayFor } from '../../platform/line/line-gateway.ts';
import {
  addTagsToFriend,
  areTagsOfAccount,
  listFriendCards,
  removeTagsFromFriend,
} from '../friends/index.ts';
import { channelsOf, type LineAccountRow } from '../line-accounts/index.ts';
import { notificationGroupRecipients } from '../notifications/index.ts';
import { lineRichMenuIdOf } from '../rich-menus/index.ts';
import type { AccountScope } from './automation.repository.ts';

/**
 * The step-delivery engine (scenario-starter.ts), handed in by the composition (src/jobs.ts, the areas'
 * routes); without it (a test of the rules alone) a `scenario.start` action cannot be saved.
 */
export type ScenarioStarter = {
  exists: (db: Db, scope: AccountScope, scenarioId: number) => Promise<boolean>;
  start: (ctx: ActionContext, friend: ActionFriend, scenarioId: number) => Promise<void>;
};

export type ActionContext = Pick<JobContext, 'db' | 'log' | 'clock' | 'attempt'> & {
  config: Config;
  account: LineAccountRow;
  scenarios: ScenarioStarter | null;
};
export type ActionFriend = { id: number; lineUserId: string; displayName: string };

/**
 * Refuses, before anything is saved, actions that name what is not the account's: a tag, a rich menu or a
 * notification group of another account (or none) is a 400 with its text; `scenario.start` is a 400
 * シナリオが見つかりません when it names no scenario of the account.
 */
export async function checkActions(
  db: Db,
  scope: AccountScope,
  actions: readonly AutomationAction[],
  scenarios: ScenarioStarter | null,
): Promise<void> {
  const tagIds = actions.flatMap((a) => (a.type === 'tag.add' || a.type === 'tag.remove' ? [a.tagId] : []));
  if (!(await areTagsOfAccount(db, scope, tagIds))) throw badRequest(keywordReplyMessages.tagNotFound);
  for (const action of actions) {
    if (action.type === 'richMenu.switch' && action.richMenuId !== null) {
      if (!(await lineRichMenuIdOf(db, scope, action.richMenuId))) {
        throw badRequest(keywordReplyMessages.richMenuNotFound);
      }
    }
    if (
      action.type === 'notify' &&
      !(await notificationGroupRecipients(db, scope, action.notificationGroupId))
    ) {
      throw badRequest(keywordReplyMessages.groupNotFound);
    }
    if (action.type === 'scenario.start') {
      if (!scenarios) throw badRequest(keywordReplyMessages.scenarioUnavailable);
      if (!(await scenarios.exists(db, scope, action.scenarioId))) {
        throw badRequest(keywordReplyMessages.scenarioUnavailable);
      }
    }
  }
}

/** A retry key fixed by what is being notified, so a retried job's notice is LINE's 409, sent once. */
const noticeRetryKey = (seed: string) => {
  const hex = createHash('sha256').update(seed).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

/**
 * Runs a rule's or a postback's actions for one friend, in order. Tags are idempotent (adding twice, or
 * removing an absent tag, changes nothing); a menu switch is LINE's per-user link (the same link twice is
 * harmless); a notice goes to the group's following recipients once per `seed` (the triggering webhook
 * event). What was deleted since the rule was saved (a tag, a menu, a group) is skipped with a log line.
 */
export async function runActions(
  ctx: ActionContext,
  friend: ActionFriend,
  actions: readonly AutomationAction[],
  seed: { source: string; eventKey: string },
): Promise<void> {
  const scope = { clientId: ctx.account.clientId, lineAccountId: ctx.account.id };
  const channel = () => channelsOf({ config: ctx.config }, ctx.account).messaging;
  const gateway = lineGatewayFor(ctx.config);
  for (const [index, action] of actions.entries()) {
    switch (action.type) {
      case 'tag.add':
        await addTagsToFriend(ctx.db, scope, friend.id, [action.tagId], ctx.clock.now());
        break;
      case 'tag.remove':
        await removeTagsFromFriend(ctx.db, scope, friend.id, [action.tagId]);
        break;
      case 'richMenu.switch': {
        if (action.richMenuId === null) {
          await gateway.unlinkRichMenuFromUser(channel(), friend.lineUserId);
          break;
        }
        const lineMenuId = await lineRichMenuIdOf(ctx.db, scope, action.richMenuId);
        if (!lineMenuId) {
          ctx.log.warn({ richMenuId: action.richMenuId }, 'automation: rich menu gone, not switched');
          break;
        }
        await gateway.linkRichMenuToUser(channel(), friend.lineUserId, lineMenuId);
        break;
      }
      case 'notify': {
        const recipients = await notificationGroupRecipients(ctx.db, scope, action.notificationGroupId);
        if (!recipients?.length) break;
        const cards = (await listFriendCards(ctx.db, scope, recipients)).filter((c) => c.isFriend);
        if (cards.length === 0) break;
        try {
          await gateway.multicastTexts(channel(), {
            to: cards.map((c) => c.lineUserId),
            texts: [`【自動応答】${seed.source}: ${friend.displayName}さん`],
            retryKey: noticeRetryKey(`${seed.eventKey}:${index}`),
          });
        } catch (error) {
          if (error instanceof LineError && !error.isRetryable) {
            ctx.log.warn({ err: error }, 'automation: notice refused by LINE');
            break;
          }
          throw error;
        }
        break;
      }
      case 'scenario.start':
        if (!ctx.scenarios) {
          ctx.log.warn({ scenarioId: action.scenarioId }, 'automation: no scenario engine, not started');
          break;
        }
        await ctx.scenarios.start(ctx, friend, action.scenarioId);
        break;
    }
  }
}
