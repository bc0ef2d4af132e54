import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { inflowMessages } from '@app/contracts';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { exchangeLoginCode, verifyLiffIdToken } from '../../platform/line/id-token.ts';
import { derivedKeyFor } from '../../platform/secret-box.ts';
import { channelsOf } from '../line-accounts/index.ts';
import { isLineSimulator, liveRoute, routeUrl, storeVisit } from './inflow.service.ts';

/*
 * A route's visitor identified through LINE Login's web flow (decision 0038, addendum): for an account
 * without a LIFF. Our login URL sends the browser to LINE's authorize screen with a state we sign (the
 * route's slug, a nonce, an expiry); LINE sends it back to our callback with a one-time code, which we
 * exchange (with the login channel's secret, server to server) for an ID token that must carry the
 * state's nonce. The visit is then recorded as the LIFF path records it. No table: the signature stops a
 * forged state, the expiry an old one, and LINE's one-use code with the nonce inside the signed ID token
 * stops a replayed callback.
 */

type Ctx = { ctx: ServiceContext };

/** How long a state is good: as long as LINE's code (10 minutes), from the login link to the callback. */
export const LOGIN_STATE_SECONDS = 600;
const STATE_PURPOSE = 'inflow-login-state/v1';

/** LINE's callback: one fixed URL, to register on the LINE Login channel (the state names the route). */
export const loginCallbackUrl = (appUrl: string) => `${appUrl}/liff/api/v1/inflow-login/callback`;

const macOf = (ctx: ServiceContext, payload: string) =>
  createHmac('sha256', derivedKeyFor(ctx.config, STATE_PURPOSE)).update(payload, 'utf8').digest();

/** `<slug>.<nonce>.<expiry in epoch seconds>.<HMAC-SHA256 of the three>`, all base64url or digits. */
function signState(ctx: ServiceContext, slug: string, nonce: string, expiresAt: number) {
  const payload = `${slug}.${nonce}.${expiresAt}`;
  return `${payload}.${macOf(ctx, payload).toString('base64url')}`;
}

/** The state's slug and nonce if we signed it and it has not expired; else the one 400, nothing recorded. */
function openState(ctx: ServiceContext, state: string | undefined) {
  const refused = new AppError('BAD_REQUEST', inflowMessages.loginStateInvalid);
  const parts = /^([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{22})\.(\d{10})\.([A-Za-z0-9_-]{43})$/.exec(state ?? '');
  if (!parts) throw refused;
  const [, slug, nonce, expiry, mac] = parts as unknown as [string, string, string, string, string];
  const expected = macOf(ctx, `${slug}.${nonce}.${expiry}`);
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw refused;
  if (Number(expiry) * 1000 <= ctx.clock.now().getTime()) throw refused;
  return { slug, nonce };
}

/**
 * GET /liff/api/v1/inflow/:slug/login: LINE's authorize URL for the account's LINE Login channel, with
 * a fresh signed state and its nonce. No bot_prompt: adding the account on LINE's consent screen would
 * follow before the callback records the visit, and the follow would not be the route's (attribution
 * counts visits recorded before the follow); the visitor adds the account on the next screen instead.
 */
export async function routeLoginRedirect({ ctx, input }: Ctx & { input: { slug: string } }) {
  const { route, account } = await liveRoute(ctx, input.slug);
  if (!account.loginChannelId) throw new AppError('NOT_FOUND', inflowMessages.routeNotFound);
  const nonce = randomBytes(16).toString('base64url');
  const expiresAt = Math.floor(ctx.clock.now().getTime() / 1000) + LOGIN_STATE_SECONDS;
  const authorize = new URL(`${ctx.config.line.loginBaseUrl}/oauth2/v2.1/authorize`);
  authorize.search = new URLSearchParams({
    response_type: 'code',
    client_id: account.loginChannelId,
    redirect_uri: loginCallbackUrl(ctx.config.appUrl),
    state: signState(ctx, route.slug, nonce, expiresAt),
    scope: 'openid profile',
    nonce,
  }).toString();
  return { url: authorize.toString() };
}

/** The visitor's LINE user id from the code, null when LINE cannot be reached; a refused code: 401. */
async function lineUserOfCode(
  ctx: ServiceContext,
  account: Awaited<ReturnType<typeof liveRoute>>['account'],
  code: string,
  nonce: string,
): Promise<string | null> {
  const login = channelsOf(ctx, account).login;
  if (!login) return null;
  try {
    const exchanged = await exchangeLoginCode(ctx.config, {
      code,
      redirectUri: loginCallbackUrl(ctx.config.appUrl),
      channelId: login.channelId,
      channelSecret: login.channelSecret,
    });
    if (!exchanged.ok) throw new AppError('UNAUTHORIZED', inflowMessages.idTokenInvalid);
    const verified = await verifyLiffIdToken(ctx.config, {
      idToken: exchanged.idToken,
      channelId: login.channelId,
      nonce,
    });
    if (!verified.ok) throw new AppError('UNAUTHORIZED', inflowMessages.idTokenInvalid);
    return verified.identity.userId;
  } catch (error) {
    if (error instanceof AppError) throw error;
    // LINE unreachable: the visit still counts, anonymously (as the LIFF path); the error names no secret
    ctx.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'LINE Login unavailable');
    return null;
  }
}

/**
 * Where a browser goes when the callback is refused (a stale or altered state, a code LINE refused): the
 * route's landing again, told the login failed so it offers to try again, rather than an error document.
 * The slug is read only for its shape (a forged one leads to a landing that says the URL is unknown);
 * null when the state holds none.
 */
export function loginFailedUrl(appUrl: string, state: string | undefined): string | null {
  const slug = /^([A-Za-z0-9_-]{16})\./.exec(state ?? '')?.[1];
  return slug ? `${routeUrl(appUrl, slug)}&login=failed` : null;
}

/**
 * GET /liff/api/v1/inflow-login/callback: a state we signed (else 400, nothing recorded), then the code
 * exchanged and its ID token verified with the state's nonce (a refused code or token: 401, nothing
 * recorded; the user cancelled at LINE or LINE is unreachable: an anonymous visit). The visit is recorded
 * as the LIFF path does; the browser goes on to the add-friend screen, or to the landing's "already a
 * friend" when the visitor follows the account.
 */
export async function routeLoginCallback({
  ctx,
  input,
}: Ctx & { input: { code?: string | undefined; state?: string | undefined; error?: string | undefined } }) {
  const { slug, nonce } = openState(ctx, input.state);
  const live = await liveRoute(ctx, slug);
  let lineUserId: string | null = null;
  if (!input.error) {
    if (!input.code) throw new AppError('BAD_REQUEST', inflowMessages.loginStateInvalid);
    lineUserId = await lineUserOfCode(ctx, live.account, input.code, nonce);
  }
  const visit = await storeVisit(ctx, live, lineUserId);
  const landing = routeUrl(ctx.config.appUrl, slug);
  if (visit.isFriend) return { url: `${landing}&visited=friend` };
  if (!visit.addFriendUrl) return { url: `${landing}&visited=1` };
  // the simulator's add-friend screen is told which simulated user opens it (LINE knows it itself)
  if (lineUserId && isLineSimulator(ctx.config.line)) {
    return { url: `${visit.addFriendUrl}?userId=${encodeURIComponent(lineUserId)}` };
  }
  return { url: visit.addFriendUrl };
}
