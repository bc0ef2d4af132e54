import type { Db } from '../../db/client.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { issueAuthToken } from './auth.repository.ts';

/** How long an e-mail verification link works. */
export const VERIFY_TTL_MS = 72 * 3600_000;

/**
 * Issue a single-use token and answer the web page link that uses it. The page paths are the web app's
 * (apps/web routes): one place for them, whichever mail carries the link.
 */
export async function issueSetPasswordLink(ctx: ServiceContext, tx: Db, userId: number, ttlMs: number) {
  const token = await issueAuthToken(tx, { userId, kind: 'PASSWORD_RESET', now: ctx.clock.now(), ttlMs });
  return `${ctx.config.appUrl}/password/reset/confirm?token=${encodeURIComponent(token)}`;
}

export async function issueVerifyEmailLink(ctx: ServiceContext, tx: Db, userId: number) {
  const token = await issueAuthToken(tx, {
    userId,
    kind: 'EMAIL_VERIFY',
    now: ctx.clock.now(),
    ttlMs: VERIFY_TTL_MS,
  });
  return `${ctx.config.appUrl}/verify-email?token=${encodeURIComponent(token)}`;
}
