import { liffMessages, type LiffApp } from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import type { ServiceContext } from './context.ts';
import { AppError, notFound, unauthorized } from './errors.ts';
import { verifyLiffIdToken } from './line/id-token.ts';

/**
 * A store as the mini-apps see it: the store of one service (KS-001 member card, KS-002 shift) with what
 * the caller check and the mini-apps' services need from its LINE account and service link.
 */
export type LiffStore = {
  id: number;
  clientId: number;
  name: string;
  status: 'ACTIVE' | 'INACTIVE' | 'PENDING' | 'CLOSED';
  timeZone: string;
  lineAccountId: number;
  lineAccountName: string;
  accountStatus: 'ACTIVE' | 'INACTIVE';
  loginChannelId: string | null;
  liffId: string | null;
  linkStatus: 'ACTIVE' | 'INACTIVE';
  createdAt: Date;
};

/** The caller as a friend of the store's account. */
export type LiffFriend = { id: number; displayName: string; pictureUrl: string | null; isFriend: boolean };

/** Who called a mini-app route: set on ctx.liff by the access check of a route with `liffAccess(app)`. */
export type LiffCaller = { app: LiffApp; store: LiffStore; friend: LiffFriend; lineUserId: string };

/**
 * What the caller check reads, from the modules that own it (the services module's stores, the friends
 * module's friends); composed once in src/composition.ts, since the platform imports no module.
 */
export type LiffDirectory = {
  findStore: (db: Db, app: LiffApp, storeId: number) => Promise<LiffStore | undefined>;
  findFriend: (
    db: Db,
    scope: { clientId: number; lineAccountId: number },
    lineUserId: string,
  ) => Promise<LiffFriend | undefined>;
};

/** The mini-app's failure when the caller does not follow the account: 422, reason NOT_FOLLOWING. */
export const notFollowing = () =>
  new AppError('UNPROCESSABLE', liffMessages.notFollowing, undefined, { reason: 'NOT_FOLLOWING' });

/**
 * The one caller check of both mini-apps (decision 0024). The LIFF ID token (Authorization: Bearer) is
 * verified with LINE, or the simulator, for the LINE Login channel of the store in the path; the store must
 * serve this mini-app (its service, store, link and account active), and the token's user must be a friend
 * who follows the account. The same failures for both: 401 (no token, token refused), 404 (no such store),
 * 422 NOT_FOLLOWING, 503 (LINE unreachable).
 */
export async function identifyLiffCaller(
  ctx: Pick<ServiceContext, 'db' | 'config' | 'log'>,
  directory: LiffDirectory,
  input: { app: LiffApp; storeId: number; authorization: string | undefined },
): Promise<LiffCaller> {
  const match = /^Bearer\s+(\S+)$/i.exec(input.authorization ?? '');
  if (!match) throw unauthorized(liffMessages.idTokenRequired);
  // A store id that is no positive integer names no store: the same 404 as a missing one.
  const isStoreId = Number.isSafeInteger(input.storeId) && input.storeId > 0;
  const store = isStoreId ? await directory.findStore(ctx.db, input.app, input.storeId) : undefined;
  if (
    !store ||
    store.status !== 'ACTIVE' ||
    store.linkStatus !== 'ACTIVE' ||
    store.accountStatus !== 'ACTIVE' ||
    !store.loginChannelId
  ) {
    throw notFound(liffMessages.storeNotFound);
  }
  let result;
  try {
    result = await verifyLiffIdToken(ctx.config, { idToken: match[1]!, channelId: store.loginChannelId });
  } catch (error) {
    ctx.log.warn({ err: error }, 'LIFF ID token verification unavailable');
    throw new AppError('SERVICE_UNAVAILABLE', liffMessages.lineUnavailable);
  }
  if (!result.ok) throw unauthorized(liffMessages.idTokenInvalid);
  const lineUserId = result.identity.userId;
  const friend = await directory.findFriend(ctx.db, store, lineUserId);
  if (!friend || !friend.isFriend) throw notFollowing();
  return { app: input.app, store, friend, lineUserId };
}

/** The access check's part for `liffAccess(app)` routes: the caller goes on ctx.liff. */
export async function authorizeLiffRequest(
  request: FastifyRequest,
  app: LiffApp,
  directory: LiffDirectory,
): Promise<void> {
  // Before validation: the raw path parameter (a malformed one is no store, 404 after the token's 401).
  const raw = (request.params as { storeId?: string } | undefined)?.storeId ?? '';
  const storeId = /^\d{1,15}$/.test(raw) ? Number(raw) : Number.NaN;
  request.ctx.liff = await identifyLiffCaller(request.ctx, directory, {
    app,
    storeId,
    authorization: request.headers.authorization,
  });
}

/** The caller of a mini-app route (declared `liffAccess`): set by the access check. */
export function requireLiffCaller(ctx: ServiceContext): LiffCaller {
  if (!ctx.liff) throw new Error('requireLiffCaller on a route without liffAccess: declare its access');
  return ctx.liff;
}
