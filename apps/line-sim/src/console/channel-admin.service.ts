import type { SeedChannel, SeedUser } from '../config/sim-options.ts';
import { addLiffApp } from '../liff/liff-app.routes.ts';
import { issueChannelToken } from '../oauth/channel-token.service.ts';
import { createBasicId, createChannelId, createChannelSecret, createUserId } from '../state/id.generator.ts';
import { avatarUrl, type SimContext } from '../state/sim-context.ts';
import type { MessagingChannel, SimUser } from '../state/sim-state.store.ts';
import { LineApiError } from '../http/line-errors.ts';
import {
  defaultQuotaPlan,
  isQuotaPlan,
  monthlyConsumption,
  quotaLimitOf,
} from '../messaging/quota-and-rate.ts';

export type CreateChannelInput = Partial<Omit<SeedChannel, 'displayName'>> & { displayName?: string };

export type CreateUserInput = Partial<SeedUser>;

const conflict = (message: string) => new LineApiError(409, { message });

/** A Messaging API channel and its LINE Login channel (for LIFF), created together like a provider's pair. */
export const createChannelPair = (ctx: SimContext, input: CreateChannelInput) => {
  const { store } = ctx;
  const channelId = input.channelId ?? createChannelId();
  const loginChannelId = input.login?.channelId ?? createChannelId();
  if (store.channels.has(channelId) || store.loginChannels.has(channelId)) {
    throw conflict(`Channel ${channelId} already exists`);
  }
  if (store.channels.has(loginChannelId) || store.loginChannels.has(loginChannelId)) {
    throw conflict(`Channel ${loginChannelId} already exists`);
  }
  const now = new Date().toISOString();
  const channel: MessagingChannel = {
    channelId,
    channelSecret: input.channelSecret ?? createChannelSecret(),
    botUserId: input.botUserId ?? createUserId(),
    basicId: input.basicId ?? createBasicId(),
    displayName: input.displayName ?? 'テスト公式アカウント',
    pictureUrl: input.pictureUrl ?? null,
    chatMode: 'bot',
    markAsReadMode: 'auto',
    webhook: { endpoint: input.webhookEndpoint ?? null, active: input.webhookActive ?? true },
    loginChannelId,
    quotaPlan: isQuotaPlan(input.quotaPlan) ? input.quotaPlan : defaultQuotaPlan,
    createdAt: now,
  };
  store.channels.set(channelId, channel);
  store.loginChannels.set(loginChannelId, {
    channelId: loginChannelId,
    channelSecret: input.login?.channelSecret ?? createChannelSecret(),
    name: input.login?.name ?? `${channel.displayName} LINEログイン`,
    linkedChannelId: channelId,
    createdAt: now,
  });
  issueChannelToken(store, channelId, 'long-lived', input.channelAccessToken);
  for (const app of input.liffApps ?? []) {
    addLiffApp(
      ctx,
      loginChannelId,
      {
        view: app.view,
        ...(app.description !== undefined ? { description: app.description } : {}),
        ...(app.scope ? { scope: app.scope } : {}),
        ...(app.botPrompt ? { botPrompt: app.botPrompt } : {}),
      },
      app.liffId,
    );
  }
  return channel;
};

/** What the console shows of a channel: ids and secrets on purpose, it's a development tool. */
export const channelView = (ctx: SimContext, channel: MessagingChannel, baseUrl: string) => {
  const login = channel.loginChannelId ? ctx.store.loginChannels.get(channel.loginChannelId) : undefined;
  const longLived = [...ctx.store.channelTokens.values()].find(
    (token) => token.channelId === channel.channelId && token.kind === 'long-lived',
  );
  return {
    channelId: channel.channelId,
    channelSecret: channel.channelSecret,
    botUserId: channel.botUserId,
    basicId: channel.basicId,
    displayName: channel.displayName,
    pictureUrl: channel.pictureUrl ?? avatarUrl(baseUrl, channel.botUserId),
    chatMode: channel.chatMode,
    webhook: channel.webhook,
    channelAccessToken: longLived?.token ?? null,
    loginChannel: login
      ? { channelId: login.channelId, channelSecret: login.channelSecret, name: login.name }
      : null,
    friendCount: ctx.store.friendsOf(channel.channelId).length,
    quotaPlan: channel.quotaPlan ?? defaultQuotaPlan,
    quota: { limit: quotaLimitOf(channel), used: monthlyConsumption(ctx.store, channel.channelId) },
    createdAt: channel.createdAt,
  };
};

export const createUser = (ctx: SimContext, input: CreateUserInput): SimUser => {
  const userId = input.userId ?? createUserId();
  if (ctx.store.users.has(userId)) throw conflict(`User ${userId} already exists`);
  const user: SimUser = {
    userId,
    displayName: input.displayName?.trim() || 'LINEユーザー',
    pictureUrl: input.pictureUrl ?? null,
    statusMessage: input.statusMessage ?? null,
    language: input.language ?? 'ja',
    createdAt: new Date().toISOString(),
  };
  ctx.store.users.set(userId, user);
  for (const channelId of input.friendOf ?? []) ctx.store.setFriendship(userId, channelId, 'friend');
  for (const channelId of input.blockedOf ?? []) ctx.store.setFriendship(userId, channelId, 'blocked');
  return user;
};

export type UpdateUserInput = {
  displayName?: string;
  pictureUrl?: string | null;
  statusMessage?: string | null;
};

/** The user edits their LINE profile: the profile API answers the new one from then on. */
export const updateUser = (user: SimUser, input: UpdateUserInput): SimUser => {
  if (input.displayName !== undefined) {
    if (typeof input.displayName !== 'string' || !input.displayName.trim()) {
      throw new LineApiError(400, { message: 'displayName must be a non-empty string' });
    }
    user.displayName = input.displayName.trim().slice(0, 20);
  }
  for (const key of ['pictureUrl', 'statusMessage'] as const) {
    const value = input[key];
    if (value === undefined) continue;
    if (value !== null && typeof value !== 'string') {
      throw new LineApiError(400, { message: `${key} must be a string or null` });
    }
    user[key] = value === null || value === '' ? null : value.slice(0, key === 'statusMessage' ? 500 : 2000);
  }
  return user;
};

export const userView = (ctx: SimContext, user: SimUser, baseUrl: string) => ({
  ...user,
  pictureUrl: user.pictureUrl ?? avatarUrl(baseUrl, user.userId),
  friendships: [...ctx.store.channels.keys()].flatMap((channelId) => {
    const state = ctx.store.getFriendship(user.userId, channelId);
    return state ? [{ channelId, state }] : [];
  }),
});

/** Seed entries a restored state already holds are kept as they are. */
export const applySeed = (ctx: SimContext) => {
  for (const channel of ctx.options.seed.channels ?? []) {
    if (!ctx.store.channels.has(channel.channelId)) createChannelPair(ctx, channel);
  }
  for (const user of ctx.options.seed.users ?? []) {
    if (!ctx.store.users.has(user.userId)) createUser(ctx, user);
  }
};
