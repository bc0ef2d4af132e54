import type { FastifyInstance } from 'fastify';
import { notFound } from '../http/line-errors.ts';
import { avatarUrl, type SimContext } from '../state/sim-context.ts';
import type { SimGroup } from '../state/sim-state.store.ts';

/**
 * LINE's group and room calls (messaging-api.yml "Group/Room"): the group summary and members' profiles.
 * LINE answers 404 for a group the account is not in (or left) and for a user who is not a member.
 */
export const registerGroupRoutes = (app: FastifyInstance, ctx: SimContext) => {
  const { store } = ctx;
  const groupOf = (channelId: string, id: string, kind: SimGroup['kind']) => {
    const group = store.groups.get(id);
    if (!group || group.kind !== kind || group.channelId !== channelId || group.left) throw notFound();
    return group;
  };
  const memberProfile = (base: string, group: SimGroup, userId: string) => {
    const user = store.users.get(userId);
    if (!user || !group.members.includes(userId)) throw notFound();
    return {
      displayName: user.displayName,
      userId: user.userId,
      pictureUrl: user.pictureUrl ?? avatarUrl(base, user.userId),
    };
  };

  app.get<{ Params: { groupId: string } }>('/v2/bot/group/:groupId/summary', async (request) => {
    const group = groupOf(request.simChannelId, request.params.groupId, 'group');
    return {
      groupId: group.groupId,
      groupName: group.name,
      pictureUrl: group.pictureUrl ?? avatarUrl(ctx.baseUrlFor(request), group.groupId),
    };
  });
  app.get<{ Params: { groupId: string; userId: string } }>(
    '/v2/bot/group/:groupId/member/:userId',
    async (request) =>
      memberProfile(
        ctx.baseUrlFor(request),
        groupOf(request.simChannelId, request.params.groupId, 'group'),
        request.params.userId,
      ),
  );
  app.get<{ Params: { roomId: string; userId: string } }>(
    '/v2/bot/room/:roomId/member/:userId',
    async (request) =>
      memberProfile(
        ctx.baseUrlFor(request),
        groupOf(request.simChannelId, request.params.roomId, 'room'),
        request.params.userId,
      ),
  );
};
