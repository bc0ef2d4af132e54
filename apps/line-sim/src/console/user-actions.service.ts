import type { webhook } from '@line/bot-sdk';
import { LineApiError, notFound } from '../http/line-errors.ts';
import { createMessageId, createSimId } from '../state/id.generator.ts';
import type { SimContext } from '../state/sim-context.ts';
import type { StoredContent, TimelineEntry, WebhookDelivery } from '../state/sim-state.store.ts';
import {
  createFollowEvent,
  createMediaMessageEvent,
  createStickerMessageEvent,
  createPostbackEvent,
  createTextMessageEvent,
  createUnfollowEvent,
} from '../webhook/webhook-event.factory.ts';

export type UserActionResult = { events: webhook.Event[]; delivery: WebhookDelivery };

const conflict = (message: string) => new LineApiError(409, { message });

const resolve = (ctx: SimContext, userId: string, channelId: string) => {
  const user = ctx.store.users.get(userId);
  if (!user) throw notFound(`No user ${userId}`);
  const channel = ctx.store.channels.get(channelId);
  if (!channel) throw notFound(`No channel ${channelId}`);
  return { user, channel };
};

const scopeOf = (ctx: SimContext, userId: string, channelId: string) => ({
  store: ctx.store,
  userId,
  channelId,
  ttlMs: ctx.options.replyTokenTtlMs,
});

const addTimeline = (
  ctx: SimContext,
  entry: Omit<TimelineEntry, 'id' | 'at' | 'from'> & { webhookEventId: string },
  event?: webhook.Event,
) => {
  const at = new Date().toISOString();
  // a message: 既読 at once when LINE marks it (auto), else when the account calls mark-as-read (manual)
  const message = event?.type === 'message' ? (event.message as { markAsReadToken?: string }) : undefined;
  const read = !message
    ? {}
    : message.markAsReadToken
      ? { markAsReadToken: message.markAsReadToken }
      : { readAt: at };
  ctx.store.timeline.push({ id: createSimId('tl'), at, from: 'user', ...entry, ...read });
};

/** Only friends can talk to an account; a blocked or never-added account has no chat. */
const requireFriend = (ctx: SimContext, userId: string, channelId: string) => {
  if (!ctx.store.isFriend(userId, channelId)) {
    throw conflict('The user is not a friend of this account (add it as a friend first)');
  }
};

export const followAccount = async (ctx: SimContext, userId: string, channelId: string) => {
  const { channel } = resolve(ctx, userId, channelId);
  const previous = ctx.store.getFriendship(userId, channelId);
  if (previous === 'friend') throw conflict('The user is already a friend of this account');
  ctx.store.setFriendship(userId, channelId, 'friend');
  const event = createFollowEvent(scopeOf(ctx, userId, channelId), previous === 'blocked');
  addTimeline(ctx, { userId, channelId, kind: 'follow', webhookEventId: event.webhookEventId });
  return { events: [event], delivery: await ctx.webhooks.deliver(channel, [event]) };
};

export const blockAccount = async (ctx: SimContext, userId: string, channelId: string) => {
  const { channel } = resolve(ctx, userId, channelId);
  if (!ctx.store.isFriend(userId, channelId)) throw conflict('The user is not a friend of this account');
  ctx.store.setFriendship(userId, channelId, 'blocked');
  const event = createUnfollowEvent(userId);
  addTimeline(ctx, { userId, channelId, kind: 'unfollow', webhookEventId: event.webhookEventId });
  return { events: [event], delivery: await ctx.webhooks.deliver(channel, [event]) };
};

export const sendTextAsUser = async (
  ctx: SimContext,
  input: { userId: string; channelId: string; text: string },
): Promise<UserActionResult> => {
  const { channel } = resolve(ctx, input.userId, input.channelId);
  requireFriend(ctx, input.userId, input.channelId);
  const event = createTextMessageEvent(scopeOf(ctx, input.userId, input.channelId), input.text);
  addTimeline(
    ctx,
    {
      userId: input.userId,
      channelId: input.channelId,
      kind: 'text',
      text: input.text,
      webhookEventId: event.webhookEventId,
    },
    event,
  );
  return { events: [event], delivery: await ctx.webhooks.deliver(channel, [event]) };
};

/** How long LINE keeps what a user sent (a while, then the content endpoint answers 404). */
export const CONTENT_TTL_MS = 14 * 24 * 60 * 60 * 1000;

/** The kind of message LINE makes of a file the user sends: by its media type. */
export const mediaTypeOf = (contentType: string): StoredContent['type'] =>
  contentType.startsWith('image/')
    ? 'image'
    : contentType.startsWith('video/')
      ? 'video'
      : contentType.startsWith('audio/')
        ? 'audio'
        : 'file';

/** The user sends a photo, video, audio or file: kept for the content endpoint, announced by webhook. */
export const sendMediaAsUser = async (
  ctx: SimContext,
  input: { userId: string; channelId: string; contentType: string; data: Buffer; fileName: string },
): Promise<UserActionResult> => {
  const { channel } = resolve(ctx, input.userId, input.channelId);
  requireFriend(ctx, input.userId, input.channelId);
  const type = mediaTypeOf(input.contentType);
  const id = createMessageId();
  ctx.store.contents.set(id, {
    messageId: id,
    channelId: input.channelId,
    userId: input.userId,
    type,
    contentType: input.contentType,
    data: input.data,
    fileName: type === 'file' ? input.fileName : null,
    expiresAt: Date.now() + CONTENT_TTL_MS,
  });
  const event = createMediaMessageEvent(scopeOf(ctx, input.userId, input.channelId), {
    id,
    type,
    fileName: input.fileName,
    fileSize: input.data.length,
  });
  addTimeline(
    ctx,
    {
      userId: input.userId,
      channelId: input.channelId,
      kind: 'media',
      media: { type, messageId: id, fileName: input.fileName, size: input.data.length },
      webhookEventId: event.webhookEventId,
    },
    event,
  );
  return { events: [event], delivery: await ctx.webhooks.deliver(channel, [event]) };
};

export const sendStickerAsUser = async (
  ctx: SimContext,
  input: { userId: string; channelId: string; packageId: string; stickerId: string },
): Promise<UserActionResult> => {
  const { channel } = resolve(ctx, input.userId, input.channelId);
  requireFriend(ctx, input.userId, input.channelId);
  const sticker = { packageId: input.packageId, stickerId: input.stickerId };
  const event = createStickerMessageEvent(scopeOf(ctx, input.userId, input.channelId), sticker);
  addTimeline(
    ctx,
    {
      userId: input.userId,
      channelId: input.channelId,
      kind: 'sticker',
      sticker,
      webhookEventId: event.webhookEventId,
    },
    event,
  );
  return { events: [event], delivery: await ctx.webhooks.deliver(channel, [event]) };
};

export const sendPostbackAsUser = async (
  ctx: SimContext,
  input: {
    userId: string;
    channelId: string;
    data: string;
    displayText?: string;
    params?: Record<string, string>;
  },
): Promise<UserActionResult> => {
  const { channel } = resolve(ctx, input.userId, input.channelId);
  requireFriend(ctx, input.userId, input.channelId);
  const event = createPostbackEvent(scopeOf(ctx, input.userId, input.channelId), input.data, input.params);
  addTimeline(ctx, {
    userId: input.userId,
    channelId: input.channelId,
    kind: 'postback',
    data: input.data,
    ...(input.displayText ? { text: input.displayText } : {}),
    webhookEventId: event.webhookEventId,
  });
  return { events: [event], delivery: await ctx.webhooks.deliver(channel, [event]) };
};

/** The rich menu a user sees: their own link first, else the account's default. */
export const effectiveRichMenu = (ctx: SimContext, userId: string, channelId: string) => {
  const linked = ctx.store.getUserRichMenuId(userId, channelId);
  const id = linked ?? ctx.store.defaultRichMenus.get(channelId);
  const menu = id ? ctx.store.richMenus.get(id) : undefined;
  return menu ? { menu, source: linked ? ('user' as const) : ('default' as const) } : null;
};
