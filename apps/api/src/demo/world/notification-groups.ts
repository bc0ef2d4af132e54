import type { ServiceContext } from '../../platform/context.ts';
import { findFriendOfLineUser } from '../../modules/friends/index.ts';
import { createSetting, listSettings } from '../../modules/notifications/index.ts';
import { demoFriendNames } from '../demo-content.ts';
import { lineUserIdOf } from './simulators.ts';

/**
 * Notification groups as the owner sets them up: the shop's two managers (friends of the account) hear
 * of new friends, member registrations and shift requests; a shift leader, who is shift staff, of
 * confirmed shifts and reminders. Made before the services are seeded, so the events of their seeding
 * reach the groups for real (pushed to the simulator once the job runner runs) and fill the delivery log.
 */
export async function seedNotificationGroups(
  ctx: ServiceContext,
  lineAccountId: number,
  simBaseUrl: string,
): Promise<void> {
  if ((await listSettings({ ctx, input: { lineAccountId } })).data.length > 0) return;
  const clientId = ctx.actor!.clientId!;
  const scope = { clientId, lineAccountId };
  const friendIdOf = async (name: string) => {
    const userId = await lineUserIdOf(simBaseUrl, name);
    return userId ? (await findFriendOfLineUser(ctx.db, scope, userId))?.id : undefined;
  };
  const managers = (await Promise.all(demoFriendNames.slice(-2).map((name) => friendIdOf(name)))).filter(
    (id): id is number => id !== undefined,
  );
  const leader = await friendIdOf(demoFriendNames[0]);
  if (managers.length > 0) {
    await createSetting({
      ctx,
      input: {
        lineAccountId,
        label: '店長・副店長',
        friendIds: managers,
        topics: [
          'NEW_FRIEND',
          'LINE_UNBLOCK_EVENT',
          'MEMBERSHIP_REGISTRATION',
          'SHIFT_SUBMITTED',
          'SHIFT_EDITED',
          'SHIFT_SUBMISSION_COMPLETE',
        ],
      },
    });
  }
  if (leader) {
    await createSetting({
      ctx,
      input: {
        lineAccountId,
        label: 'シフトリーダー',
        friendIds: [leader],
        topics: ['SHIFT_CONFIRMED', 'SHIFT_SUBMISSION_REMIND', 'SHIFT_MEMBER_STAFF_APPROVED'],
      },
    });
  }
}
