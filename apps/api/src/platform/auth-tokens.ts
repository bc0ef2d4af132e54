/** Single-use tokens (password set/reset, e-mail verification) and the web links that carry them. */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { authTokens } from '../db/schema/index.ts';
import type { ServiceContext } from './context.ts';
import { randomToken, sha256Hex } from './crypto.ts';

export type AuthTokenKind = (typeof authTokens.$inferSelect)['kind'];

/** A new single-use token; only its hash is stored. Earlier unused tokens of the same kind stop working. */
export async function issueAuthToken(
  db: Db,
  input: { userId: number; kind: AuthTokenKind; now: Date; ttlMs: number },
): Promise<string> {
  const token = randomToken();
  await db
    .update(authTokens)
    .set({ usedAt: input.now })
    .where(
      and(eq(authTokens.userId, input.userId), eq(authTokens.kind, input.kind), isNull(authTokens.usedAt)),
    );
  await db.insert(authTokens).values({
    userId: input.userId,
    kind: input.kind,
    tokenHash: sha256Hex(token),
    createdAt: input.now,
    expiresAt: new Date(input.now.getTime() + input.ttlMs),
  });
  return token;
}

/**
 * Void every unused token of a user (password set/reset and e-mail verification): a new password ends
 * whatever links were mailed before it, so a leaked older link cannot take the account back.
 */
export async function revokeAuthTokens(db: Db, input: { userId: number; now: Date }): Promise<void> {
  await db
    .update(authTokens)
    .set({ usedAt: input.now })
    .where(and(eq(authTokens.userId, input.userId), isNull(authTokens.usedAt)));
}

/**
 * Use a token once: marks it used and answers its user id, or undefined when it is unknown, used
 * or expired. The conditional update makes two concurrent uses impossible.
 */
export async function consumeAuthToken(
  db: Db,
  input: { token: string; kind: AuthTokenKind; now: Date },
): Promise<number | undefined> {
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: input.now })
    .where(
      and(
        eq(authTokens.tokenHash, sha256Hex(input.token)),
        eq(authTokens.kind, input.kind),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, input.now),
      ),
    )
    .returning({ userId: authTokens.userId });
  return row?.userId;
}

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
