import { z } from 'zod';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { enqueueJob, type JobContext } from '../../platform/jobs.ts';
import { LineError, lineGatewayFor } from '../../platform/line/line-gateway.ts';
import { listFriendCards, type FriendDirectories } from '../friends/index.ts';
import { channelsOf, findLineAccountOfClient } from '../line-accounts/index.ts';
import { desiredMenus, underLinkLease } from './rich-menu-links.ts';
import { listRules } from './rich-menu-rules.repository.ts';
import { findRichMenu } from './rich-menus.repository.ts';

/**
 * One menu linked to one friend at LINE, queued by another module in its own transaction (an inflow
 * route's menu, decision 0038's addendum): LINE's per-user link, never called inside the caller's
 * transaction. The job runs under the account's link lease (decision 0059's addendum), so it never
 * interleaves with a rule run of the account, and a rule that finds the friend wins (as over a
 * `richMenu.switch`): the rule's run links the rule's menu, this job leaves it. Like a switch, the link
 * is not written to `friend_rich_menus` (rules unlink only what they linked).
 */
export const RICH_MENU_FRIEND_LINK_QUEUE = 'rich-menus.link-friend';

export const friendLinkPayloadSchema = z.object({
  clientId: z.number().int().positive(),
  lineAccountId: z.number().int().positive(),
  friendId: z.number().int().positive(),
  richMenuId: z.number().int().positive(),
});
export type FriendLinkPayload = z.output<typeof friendLinkPayloadSchema>;

/**
 * Queue the link in the caller's transaction: it exists exactly when the caller's change committed. `key`
 * names what asked for it (an attribution's event), so a second enqueue of the same key is a no-op.
 */
export async function queueFriendRichMenuLink(
  db: Db,
  input: FriendLinkPayload,
  now: Date,
  key: string,
): Promise<void> {
  await enqueueJob(db, {
    queue: RICH_MENU_FRIEND_LINK_QUEUE,
    payload: input,
    runAt: now,
    dedupeKey: `${RICH_MENU_FRIEND_LINK_QUEUE}:${key}`,
  });
}

/**
 * The link: skipped (with a log line) when the account is not active, the menu was deleted since, the
 * friend blocked, or a rule of the account finds the friend. At least once: LINE's per-user link is
 * idempotent (the same link twice is the same state; LINE's link call takes no retry key), so a crash
 * after the call repeats a harmless call. LINE down or 429 is the job's retry with backoff; LINE refusing
 * the call (4xx) is logged and not retried.
 */
export async function runFriendRichMenuLink(
  payload: FriendLinkPayload,
  job: JobContext,
  config: Config,
  directories: FriendDirectories,
): Promise<void> {
  const scope = { clientId: payload.clientId, lineAccountId: payload.lineAccountId };
  const skip = (reason: string) => job.log.info({ ...payload, reason }, 'rich menu friend link skipped');
  const account = await findLineAccountOfClient(job, scope.clientId, scope.lineAccountId);
  if (!account || account.status !== 'ACTIVE') return skip('account not active');
  const menu = await findRichMenu(job.db, scope, payload.richMenuId);
  if (!menu) return skip('menu deleted');
  const [card] = await listFriendCards(job.db, scope, [payload.friendId]);
  if (!card?.isFriend) return skip('not following');
  // A rule run of the account at work: this link follows it a second later (one follow-up per run).
  const followUp = {
    queue: RICH_MENU_FRIEND_LINK_QUEUE,
    payload,
    dedupeKey: `${RICH_MENU_FRIEND_LINK_QUEUE}:after-job-${job.jobId}`,
  };
  await underLinkLease(job, scope.lineAccountId, followUp, async () => {
    const rules = await listRules(job.db, scope);
    if (rules.length > 0) {
      const desired = await desiredMenus(
        job.db,
        directories,
        scope,
        rules,
        [payload.friendId],
        job.clock.now(),
      );
      if (desired.has(payload.friendId)) return skip('a display rule finds the friend');
    }
    try {
      await lineGatewayFor(config).linkRichMenuToUser(
        channelsOf({ config }, account).messaging,
        card.lineUserId,
        menu.lineRichMenuId,
      );
    } catch (error) {
      if (error instanceof LineError && !error.isRetryable) {
        job.log.warn({ err: error, ...payload }, 'rich menu friend link refused by LINE');
        return;
      }
      throw error;
    }
  });
}
