import { createHash } from 'node:crypto';
import { notFound } from '../http/line-errors.ts';
import { signIdToken } from '../oauth/id-token.service.ts';
import { createOpaqueToken } from '../state/id.generator.ts';
import { avatarUrl, type SimContext } from '../state/sim-context.ts';

const loginTokenLifetimeMs = 30 * 24 * 60 * 60 * 1000;

export type LiffLoginResult = {
  liffId: string;
  idToken: string;
  accessToken: string;
  profile: { userId: string; displayName: string; pictureUrl: string; statusMessage?: string };
  context: {
    type: 'utou';
    liffId: string;
    userId: string;
    viewType: string;
    endpointUrl: string;
    scope: string[];
    accessTokenHash: string;
  };
  friendship: { friendFlag: boolean };
  endpointUrl: string;
  /** The endpoint URL with all of the above in a `lineSim` query parameter (base64url JSON). */
  launchUrl: string;
};

/** at_hash-style hash: left half of SHA-256, base64url, as LIFF's getContext() reports it. */
const tokenHash = (token: string) =>
  createHash('sha256').update(token).digest().subarray(0, 16).toString('base64url');

/**
 * What LINE's LIFF login gives a page: an ID token signed with the login channel's secret, a
 * user access token, the profile, the context and the friendship with the linked account.
 */
export const loginToLiff = async (
  ctx: SimContext,
  input: { userId: string; liffId: string; nonce?: string; path?: string; baseUrl: string },
): Promise<LiffLoginResult> => {
  const { store } = ctx;
  const app = store.liffApps.get(input.liffId);
  if (!app) throw notFound(`No LIFF app ${input.liffId}`);
  const channel = store.loginChannels.get(app.loginChannelId);
  const user = store.users.get(input.userId);
  if (!channel) throw notFound(`No login channel ${app.loginChannelId}`);
  if (!user) throw notFound(`No user ${input.userId}`);
  const pictureUrl = user.pictureUrl ?? avatarUrl(input.baseUrl, user.userId);
  const scope = app.scope ?? ['profile', 'chat_message.write'];
  const accessToken = createOpaqueToken();
  store.loginTokens.set(accessToken, {
    token: accessToken,
    userId: user.userId,
    loginChannelId: channel.channelId,
    scope: scope.join(' '),
    expiresAt: Date.now() + loginTokenLifetimeMs,
  });
  const idToken = await signIdToken({
    channel,
    user,
    pictureUrl,
    ...(input.nonce ? { nonce: input.nonce } : {}),
  });
  const endpointUrl = app.view.url;
  const result: Omit<LiffLoginResult, 'launchUrl'> = {
    liffId: app.liffId,
    idToken,
    accessToken,
    profile: {
      userId: user.userId,
      displayName: user.displayName,
      pictureUrl,
      ...(user.statusMessage ? { statusMessage: user.statusMessage } : {}),
    },
    context: {
      type: 'utou',
      liffId: app.liffId,
      userId: user.userId,
      viewType: app.view.type,
      endpointUrl,
      scope,
      accessTokenHash: tokenHash(accessToken),
    },
    friendship: {
      friendFlag: channel.linkedChannelId ? store.isFriend(user.userId, channel.linkedChannelId) : false,
    },
    endpointUrl,
  };
  // permanentLinkPattern "concat": https://liff.line.me/{liffId}/path2?key2=v2 on the endpoint
  // https://example.com/path1?key1=v1 opens https://example.com/path1/path2?key1=v1&key2=v2 (LINE's docs):
  // the path is added to the endpoint's path and the queries are merged.
  const target = new URL(endpointUrl);
  if (input.path) {
    const extra = new URL(input.path, 'http://path.invalid');
    const pathPart = input.path.startsWith('?') ? '' : extra.pathname;
    if (pathPart && pathPart !== '/') target.pathname = target.pathname.replace(/\/$/, '') + pathPart;
    extra.searchParams.forEach((value, key) => target.searchParams.append(key, value));
  }
  target.searchParams.set('lineSim', Buffer.from(JSON.stringify(result)).toString('base64url'));
  return { ...result, launchUrl: target.toString() };
};
