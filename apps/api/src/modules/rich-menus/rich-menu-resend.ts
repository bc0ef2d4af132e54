import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { richMenus } from '../../db/schema/rich-menus.ts';
import { AppError } from '../../platform/errors.ts';
import { enqueueJob, type JobContext } from '../../platform/jobs.ts';
import { channelsOf, findLineAccountOfClient } from '../line-accounts/index.ts';
import { resendThroughHop } from './rich-menus.service.ts';

/**
 * Menus made before the tap hop (decision 0049 addendum, "menus made before this change keep direct URLs
 * at LINE until they are edited"): one job per account sends each of them to LINE again, as an edit
 * would, so their link areas go through the hop and their postback areas carry the tap mark. The
 * migration `rich_menu_hop_resend` queues it for every account that has such a menu.
 */
export const RICH_MENU_RESEND_QUEUE = 'rich-menus.resend';

type AccountScope = { clientId: number; lineAccountId: number };

/** Hourly at most after the first tries (the runner's backoff caps at an hour): about two days of LINE down. */
export const RESEND_MAX_ATTEMPTS = 50;

/** Queue the account's resend (in the caller's transaction); one pending per account. */
export async function queueResend(db: Db, scope: AccountScope, now: Date): Promise<void> {
  await enqueueJob(db, {
    queue: RICH_MENU_RESEND_QUEUE,
    payload: scope,
    runAt: now,
    dedupeKey: `${RICH_MENU_RESEND_QUEUE}:${scope.lineAccountId}`,
    maxAttempts: RESEND_MAX_ATTEMPTS,
  });
}

/** The account's menus without a tap key (a tab's menu is one), oldest first. */
async function menusWithoutTapKey(db: Db, scope: AccountScope): Promise<number[]> {
  const rows = await db
    .select({ id: richMenus.id })
    .from(richMenus)
    .where(
      and(
        eq(richMenus.clientId, scope.clientId),
        eq(richMenus.lineAccountId, scope.lineAccountId),
        isNull(richMenus.tapSlug),
      ),
    )
    .orderBy(asc(richMenus.id));
  return rows.map((r) => r.id);
}

/**
 * The job: each menu without a key sent again, one at a time. At least once: a menu done has its key and
 * is skipped by a repeat. LINE down (or a 429) is the job's retry with backoff, the menus done so far
 * kept; LINE refusing one menu (a 400) leaves that menu as it was, with a log line, and goes on. An
 * account disconnected or paused is left: its menus at LINE are not shown to anyone through us.
 */
export async function resendOldMenus(scope: AccountScope, job: JobContext, config: Config): Promise<void> {
  const account = await findLineAccountOfClient(job, scope.clientId, scope.lineAccountId);
  if (!account || account.status !== 'ACTIVE') return;
  const channel = channelsOf({ config }, account).messaging;
  const deps = { db: job.db, config, log: job.log, clock: job.clock };
  for (const richMenuId of await menusWithoutTapKey(job.db, scope)) {
    try {
      await resendThroughHop(deps, scope, channel, richMenuId);
    } catch (error) {
      if (error instanceof AppError && error.code === 'BAD_REQUEST') {
        job.log.warn(
          { err: error, lineAccountId: scope.lineAccountId, richMenuId },
          'rich menu not sent again: LINE refused it',
        );
        continue;
      }
      throw error;
    }
  }
}
