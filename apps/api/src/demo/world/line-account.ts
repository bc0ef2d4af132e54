import { createLineAccountBodySchema } from '@app/contracts';
import { inTransaction } from '../../db/client.ts';
import type { ServiceContext } from '../../platform/context.ts';
import {
  findFriendOfLineUser,
  markConversationRead,
  recordFollow,
  recordIncomingMessage,
  recordUnfollow,
  sendFriendMessage,
  setFriendManagerNote,
  updateConversationOf,
} from '../../modules/friends/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { requireActor } from '../../platform/context.ts';
import { createLineAccount, listLineAccountsOfClient } from '../../modules/line-accounts/index.ts';
import { demoConversations, demoFriendNames, demoInbox, demoNotes } from '../demo-content.ts';
import { DAY_MS } from './clock.ts';
import { simulatorCall, waitForSimulator, type SimChannelView, type SimUserView } from './simulators.ts';
import { friendDirectories, lineAccountServiceLinks } from '../../composition.ts';

/**
 * The demo client's LINE account: a channel made at the simulator and connected as a user connects
 * one (createLineAccount checks it at LINE and registers the webhook), then friends who followed over
 * the last weeks (some blocked since), a conversation with a few of them, and the managers' notes.
 */
export async function seedLineAccount(ctx: ServiceContext, simBaseUrl: string) {
  const { data: accounts } = await listLineAccountsOfClient({
    ctx,
    links: lineAccountServiceLinks,
    input: {},
  });
  const existing = accounts[0];
  if (existing) return { id: existing.id, channelId: existing.channelId };
  if (!(await waitForSimulator(simBaseUrl, ctx.log))) return null;

  const channel = await simulatorCall<SimChannelView>(simBaseUrl, '/_sim/channels', {
    displayName: 'デモ商店 梅田店',
  });
  const account = await createLineAccount({
    ctx,
    links: lineAccountServiceLinks,
    input: createLineAccountBodySchema.parse({
      channelId: channel.channelId,
      channelSecret: channel.channelSecret,
      loginChannelId: channel.loginChannel.channelId,
      loginChannelSecret: channel.loginChannel.channelSecret,
    }),
  });
  const scope = { clientId: account.clientId, lineAccountId: account.id };

  const now = ctx.clock.now().getTime();
  for (const [index, name] of demoFriendNames.entries()) {
    const isBlocked = index % 9 === 8; // a few of them, spread through the list
    const user = await simulatorCall<SimUserView>(simBaseUrl, '/_sim/users', {
      displayName: name,
      ...(isBlocked ? { blockedOf: [channel.channelId] } : { friendOf: [channel.channelId] }),
    });
    // Followed over the last 60 days, the oldest first, as the webhook would have recorded them.
    const followedAt = new Date(now - (60 - Math.floor((index * 60) / demoFriendNames.length)) * DAY_MS);
    const profile = {
      displayName: user.displayName,
      pictureUrl: user.pictureUrl,
      statusMessage: null,
      language: user.language,
    };
    await inTransaction(ctx.db, async (tx) => {
      await recordFollow(tx, { scope, lineUserId: user.userId, profile, now: followedAt });
      if (isBlocked) {
        await recordUnfollow(tx, {
          scope,
          lineUserId: user.userId,
          now: new Date(followedAt.getTime() + 3 * DAY_MS),
        });
      }
    });
    const friend = await findFriendOfLineUser(ctx.db, scope, user.userId);
    if (!friend) continue;
    const conversation = demoConversations[index];
    if (conversation && !isBlocked) {
      for (const [turn, line] of conversation.entries()) {
        // the first conversations are the latest: an hour apart, their messages minutes apart
        const at = new Date(now - (index + 1) * 3_600_000 + turn * 4 * 60_000);
        if (line.from === 'user') {
          const id = `${Date.now()}${index}${turn}`.slice(0, 18);
          await inTransaction(ctx.db, (tx) =>
            recordIncomingMessage(tx, {
              scope,
              lineUserId: user.userId,
              profile,
              message: 'message' in line ? { ...line.message, id } : { id, type: 'text', text: line.text },
              sentAt: at,
            }),
          );
        } else if ('text' in line) {
          // Queued like a manager's reply: the push job delivers it to the simulator.
          await sendFriendMessage({
            ctx: { ...ctx, clock: fixedClock(at) },
            input: { lineAccountId: account.id, friendId: friend.id, text: line.text },
          });
        }
      }
      const handling = demoInbox[index];
      const input = { lineAccountId: account.id, friendId: friend.id };
      if (handling?.isRead) await markConversationRead({ ctx, directories: friendDirectories, input });
      if (handling?.isDone || handling?.isMine) {
        await updateConversationOf({
          ctx,
          directories: friendDirectories,
          input: {
            ...input,
            ...(handling.isDone ? { status: 'DONE' as const } : {}),
            ...(handling.isMine ? { assigneeUserId: requireActor(ctx).userId } : {}),
          },
        });
      }
    }
    const note = demoNotes[index];
    if (note) {
      await setFriendManagerNote({
        ctx,
        directories: friendDirectories,
        input: { lineAccountId: account.id, friendId: friend.id, managerNotes: note },
      });
    }
  }
  return { id: account.id, channelId: account.channelId };
}
