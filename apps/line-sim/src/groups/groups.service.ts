import type { webhook } from '@line/bot-sdk';
import { randomBytes } from 'node:crypto';
import { badRequest, LineApiError, notFound } from '../http/line-errors.ts';
import {
  createMessageId,
  createQuoteToken,
  createReplyToken,
  createSimId,
  createUlid,
} from '../state/id.generator.ts';
import type { SimContext } from '../state/sim-context.ts';
import type { SimGroup } from '../state/sim-state.store.ts';

const conflict = (message: string) => new LineApiError(409, { message });

export const groupOrThrow = (ctx: SimContext, groupId: string): SimGroup => {
  const group = ctx.store.groups.get(groupId);
  if (!group) throw notFound(`No group ${groupId}`);
  return group;
};

const sourceOf = (group: SimGroup, userId?: string): webhook.Source =>
  group.kind === 'group'
    ? { type: 'group', groupId: group.groupId, ...(userId ? { userId } : {}) }
    : { type: 'room', roomId: group.groupId, ...(userId ? { userId } : {}) };

const base = (group: SimGroup, userId?: string) => ({
  timestamp: Date.now(),
  mode: 'active' as const,
  webhookEventId: createUlid(),
  deliveryContext: { isRedelivery: false },
  source: sourceOf(group, userId),
});

const replyTokenFor = (ctx: SimContext, group: SimGroup, userId: string) => {
  const token = createReplyToken();
  ctx.store.replyTokens.set(token, {
    token,
    channelId: group.channelId,
    userId,
    groupId: group.groupId,
    expiresAt: Date.now() + ctx.options.replyTokenTtlMs,
    usedAt: null,
  });
  return token;
};

const deliver = async (ctx: SimContext, group: SimGroup, events: webhook.Event[]) => {
  const channel = ctx.store.channels.get(group.channelId);
  if (!channel) throw notFound(`No channel ${group.channelId}`);
  return { events, delivery: await ctx.webhooks.deliver(channel, events) };
};

const note = (ctx: SimContext, group: SimGroup, userId: string, text: string, webhookEventId?: string) => {
  ctx.store.timeline.push({
    id: createSimId('tl'),
    at: new Date().toISOString(),
    userId,
    channelId: group.channelId,
    from: 'system',
    kind: 'note',
    text,
    groupId: group.groupId,
    ...(webhookEventId ? { webhookEventId } : {}),
  });
};

/** The account is added to a new group (or a room is made) with these users: LINE's join event. */
export const createGroup = async (
  ctx: SimContext,
  input: { channelId: string; kind?: 'group' | 'room'; name?: string; members?: string[] },
) => {
  if (!ctx.store.channels.has(input.channelId)) throw notFound(`No channel ${input.channelId}`);
  const kind = input.kind === 'room' ? 'room' : 'group';
  const members = [...new Set(input.members ?? [])];
  for (const userId of members) if (!ctx.store.users.has(userId)) throw notFound(`No user ${userId}`);
  const group: SimGroup = {
    groupId: `${kind === 'group' ? 'C' : 'R'}${randomBytes(16).toString('hex')}`,
    kind,
    channelId: input.channelId,
    name: kind === 'group' ? input.name || 'グループ' : '',
    pictureUrl: null,
    members,
    left: false,
    createdAt: new Date().toISOString(),
  };
  ctx.store.groups.set(group.groupId, group);
  const event: webhook.JoinEvent = {
    type: 'join',
    ...base(group),
    replyToken: replyTokenFor(ctx, group, ''),
  };
  return { group, ...(await deliver(ctx, group, [event])) };
};

/** The account leaves (or is removed from) the group: LINE's leave event. */
export const leaveGroup = async (ctx: SimContext, groupId: string) => {
  const group = groupOrThrow(ctx, groupId);
  if (group.left) throw conflict('The account is not in this group');
  group.left = true;
  const event: webhook.LeaveEvent = { type: 'leave', ...base(group) };
  return deliver(ctx, group, [event]);
};

/** A user joins or leaves the group: memberJoined / memberLeft. */
export const changeMember = async (ctx: SimContext, groupId: string, userId: string, joined: boolean) => {
  const group = groupOrThrow(ctx, groupId);
  if (!ctx.store.users.has(userId)) throw notFound(`No user ${userId}`);
  const isIn = group.members.includes(userId);
  if (joined === isIn) throw conflict(joined ? 'Already a member' : 'Not a member');
  group.members = joined ? [...group.members, userId] : group.members.filter((id) => id !== userId);
  const members = [{ type: 'user' as const, userId }];
  const event: webhook.Event = joined
    ? {
        type: 'memberJoined',
        ...base(group),
        replyToken: replyTokenFor(ctx, group, userId),
        joined: { members },
      }
    : { type: 'memberLeft', ...base(group), left: { members } };
  note(ctx, group, userId, joined ? 'joined' : 'left', event.webhookEventId);
  return deliver(ctx, group, [event]);
};

/** A member writes in the group: a message event with the group as its source. */
export const sendTextInGroup = async (ctx: SimContext, groupId: string, userId: string, text: string) => {
  const group = groupOrThrow(ctx, groupId);
  if (!group.members.includes(userId)) throw conflict('The user is not a member of this group');
  if (!text) throw badRequest('text is required');
  const event: webhook.MessageEvent = {
    type: 'message',
    ...base(group, userId),
    replyToken: replyTokenFor(ctx, group, userId),
    message: { type: 'text', id: createMessageId(), text, quoteToken: createQuoteToken() },
  };
  ctx.store.timeline.push({
    id: createSimId('tl'),
    at: new Date().toISOString(),
    userId,
    channelId: group.channelId,
    from: 'user',
    kind: 'text',
    text,
    groupId: group.groupId,
    webhookEventId: event.webhookEventId,
  });
  return deliver(ctx, group, [event]);
};
