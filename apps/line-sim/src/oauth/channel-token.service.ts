import type { SimStateStore, ChannelToken, ChannelTokenKind } from '../state/sim-state.store.ts';
import { createOpaqueToken } from '../state/id.generator.ts';
import { oauthError } from '../http/line-errors.ts';

/** LINE's lifetimes: short-lived v2 tokens 30 days, stateless v3 tokens 15 minutes. */
export const tokenLifetimeSeconds: Record<Exclude<ChannelTokenKind, 'long-lived'>, number> = {
  'short-lived': 30 * 24 * 60 * 60,
  stateless: 15 * 60,
};

/** Both Messaging API and LINE Login channels authenticate with their id and secret. */
export const authenticateClient = (store: SimStateStore, clientId: string, clientSecret: string) => {
  const channel = store.channels.get(clientId) ?? store.loginChannels.get(clientId);
  if (!channel) throw oauthError(400, 'invalid_client', 'Invalid client_id');
  if (channel.channelSecret !== clientSecret) {
    throw oauthError(400, 'invalid_client', 'Invalid client_secret');
  }
  return channel.channelId;
};

export const issueChannelToken = (
  store: SimStateStore,
  channelId: string,
  kind: ChannelTokenKind,
  fixedToken?: string,
): ChannelToken => {
  const issuedAt = Date.now();
  const token: ChannelToken = {
    token: fixedToken ?? createOpaqueToken(),
    channelId,
    kind,
    issuedAt,
    expiresAt: kind === 'long-lived' ? null : issuedAt + tokenLifetimeSeconds[kind] * 1000,
  };
  store.channelTokens.set(token.token, token);
  return token;
};

export const secondsLeft = (expiresAt: number | null) =>
  expiresAt === null ? 0x7fffffff : Math.max(0, Math.floor((expiresAt - Date.now()) / 1000));
