import type { Config } from '../../config/env.ts';
import type { EventSubscriptions } from '../../platform/events.ts';
import type { JobRunner } from '../../platform/jobs.ts';
import type { FriendDirectories } from '../friends/index.ts';
import {
  accountPayloadSchema,
  handleRichMenuEvent,
  linkPayloadSchema,
  markAllPending,
  markSegmentAccounts,
  queueRichMenuSegments,
  RICH_MENU_LINK_QUEUE,
  RICH_MENU_MARK_ALL_QUEUE,
  RICH_MENU_SEGMENTS_QUEUE,
  richMenuEventsToHandle,
  runRichMenuLinks,
} from './rich-menu-links.ts';
import {
  friendLinkPayloadSchema,
  RICH_MENU_FRIEND_LINK_QUEUE,
  runFriendRichMenuLink,
} from './rich-menu-friend-link.ts';
import { RESEND_MAX_ATTEMPTS, RICH_MENU_RESEND_QUEUE, resendOldMenus } from './rich-menu-resend.ts';

export { queueRichMenuSegments };

/**
 * The rich menu per tag or segment (decision 0059): tag and follow events mark friends pending (only those
 * of accounts whose rules they concern make a job, decision 0062), the link
 * job links them at LINE, a save marks every friend, the hourly run marks the friends of segment rules.
 * And the one-off resend of menus made before the tap hop (decision 0049 addendum).
 */
export function defineRichMenuJobs(
  jobs: JobRunner,
  events: EventSubscriptions,
  config: Config,
  directories: FriendDirectories,
): void {
  events.subscribe(
    'rich-menus',
    ['FRIEND_TAGGED', 'FRIEND_TAG_REMOVED', 'NEW_FRIEND', 'LINE_UNBLOCK_EVENT'],
    handleRichMenuEvent,
    { filter: richMenuEventsToHandle },
  );
  jobs.define(RICH_MENU_LINK_QUEUE, {
    payload: linkPayloadSchema,
    handler: (scope, job) => runRichMenuLinks(scope, job, config, directories),
  });
  // one menu linked to one friend, queued by another module (an inflow route's menu, decision 0038)
  jobs.define(RICH_MENU_FRIEND_LINK_QUEUE, {
    payload: friendLinkPayloadSchema,
    handler: (payload, job) => runFriendRichMenuLink(payload, job, config, directories),
  });
  jobs.define(RICH_MENU_MARK_ALL_QUEUE, {
    payload: accountPayloadSchema,
    handler: (scope, job) => markAllPending(scope, job, directories),
  });
  jobs.define(RICH_MENU_SEGMENTS_QUEUE, { handler: (_payload, job) => markSegmentAccounts(job) });
  // menus made before the tap hop, sent to LINE again (queued by the migration rich_menu_hop_resend)
  jobs.define(RICH_MENU_RESEND_QUEUE, {
    payload: accountPayloadSchema,
    maxAttempts: RESEND_MAX_ATTEMPTS,
    handler: (scope, job) => resendOldMenus(scope, job, config),
  });
}
