/** Single-use tokens (password set/reset, e-mail verification) and the web links that carry them. */
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { authTokens } from '../db/schema/index.ts';
import type { ServiceContext } from './context.ts';
import { randomToken, sha256Hex } from './crypto.ts';

export type AuthTokenKind = (typeof authTokens.$inferSelect)['kind'];

/** A new single-use token; only its hash is stored. Earlier unused tokens of the same kind stop working (but for EMAIL_CHANGE_CANCEL). */
export async function issueAuthToken(
  db: Db,
  input: { userId: number; kind: AuthTokenKind; now: Date; ttlMs: number; email?: string },
): Promise<string> {
  const token = randomToken();
  // An earlier "this was not me" link stays valid: a second change must not void the owner's way back.
  if (input.kind !== 'EMAIL_CHANGE_CANCEL') {
    await db
      .update(authTokens)
      .set({ usedAt: input.now })
      .where(
        and(eq(authTokens.userId, input.userId), eq(authTokens.kind, input.kind), isNull(authTokens.usedAt)),
      );
  }
  await db.insert(authTokens).values({
    userId: input.userId,
    kind: input.kind,
    tokenHash: sha256Hex(token),
    email: input.email ?? null,
    createdAt: input.now,
    expiresAt: new Date(input.now.getTime() + input.ttlMs),
  });
  return token;
}

/**
 * Void every unused reset and verification token of a user: a new password ends whatever links were
 * mailed before it, so a leaked older link cannot take the account back. The "this was not me" link of an
 * e-mail change stays: it is the owner's way back if whoever changed the address changes the password too.
 */
export async function revokeAuthTokens(db: Db, input: { userId: number; now: Date }): Promise<void> {
  await db
    .update(authTokens)
    .set({ usedAt: input.now })
    .where(
      and(
        eq(authTokens.userId, input.userId),
        isNull(authTokens.usedAt),
        inArray(authTokens.kind, ['PASSWORD_RESET', 'EMAIL_VERIFY']),
      ),
    );
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
    .returning({ userId: authTokens.userId, email: authTokens.email });
  return row?.userId;
}

/** consumeAuthToken for a token that carries an address: its user and that address. */
export async function consumeAuthTokenWithEmail(
  db: Db,
  input: { token: string; kind: AuthTokenKind; now: Date },
): Promise<{ userId: number; email: string | null } | undefined> {
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
    .returning({ userId: authTokens.userId, email: authTokens.email });
  return row;
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

/** How long the "this was not me" link of an e-mail change works. */
export const EMAIL_CHANGE_CANCEL_TTL_MS = 14 * 24 * 3600_000;

/** The link mailed to the old address of an e-mail change: it restores that address (auth module). */
export async function issueEmailChangeCancelLink(
  ctx: ServiceContext,
  tx: Db,
  userId: number,
  oldEmail: string,
) {
  const token = await issueAuthToken(tx, {
    userId,
    kind: 'EMAIL_CHANGE_CANCEL',
    now: ctx.clock.now(),
    ttlMs: EMAIL_CHANGE_CANCEL_TTL_MS,
    email: oldEmail,
  });
  return `${ctx.config.appUrl}/email-change/cancel?token=${encodeURIComponent(token)}`;
}
