import { and, eq, gt, inArray, lt, ne, or } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config/env.ts';
import type { Db } from '../db/client.ts';
import { clients, sessions, users } from '../db/schema/index.ts';
import { randomToken, sha256Hex } from './crypto.ts';

const TOUCH_AFTER_MS = 60_000;

export async function createSession(
  db: Db,
  input: { userId: number; now: Date; ip: string; userAgent: string | undefined; config: Config },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken();
  const expiresAt = new Date(input.now.getTime() + input.config.session.absoluteHours * 3600_000);
  await db.insert(sessions).values({
    tokenHash: sha256Hex(token),
    userId: input.userId,
    createdAt: input.now,
    lastSeenAt: input.now,
    expiresAt,
    ip: input.ip.slice(0, 64),
    userAgent: input.userAgent?.slice(0, 300) ?? null,
  });
  return { token, expiresAt };
}

/** The live session of a cookie value with its user, or undefined (unknown, idle too long, expired). */
export async function findSession(db: Db, token: string, now: Date, config: Config) {
  const idleSince = new Date(now.getTime() - config.session.idleMinutes * 60_000);
  const [row] = await db
    .select({
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      userId: users.id,
      role: users.role,
      position: users.position,
      clientId: users.clientId,
      agencyId: users.agencyId,
      contractStatus: clients.contractStatus,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(clients, eq(clients.id, users.clientId))
    .where(
      and(
        eq(sessions.tokenHash, sha256Hex(token)),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, idleSince),
      ),
    )
    .limit(1);
  if (!row) return undefined;
  // A disabled or cancelled client's users lose access at once, not at their next login.
  if (row.contractStatus === 'DISABLED' || row.contractStatus === 'CANCELLED') return undefined;
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.sessionId));
  }
  return row;
}

export async function deleteSessionByToken(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, sha256Hex(token)));
}

/** End every session of a user, or all but one (after a password change). */
export async function deleteUserSessions(db: Db, userId: number, keepSessionId?: number): Promise<void> {
  await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        keepSessionId !== undefined ? ne(sessions.id, keepSessionId) : undefined,
      ),
    );
}

/** End the sessions of every user of a client (cancel, disable). */
export async function deleteClientUserSessions(db: Db, clientId: number): Promise<void> {
  const ids = db.select({ id: users.id }).from(users).where(eq(users.clientId, clientId));
  await db.delete(sessions).where(inArray(sessions.userId, ids));
}

/** Housekeeping: drop sessions past either expiry. */
export async function deleteExpiredSessions(db: Db, now: Date, config: Config): Promise<void> {
  const idleSince = new Date(now.getTime() - config.session.idleMinutes * 60_000);
  await db.delete(sessions).where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, idleSince)));
}

export function readSessionCookie(request: FastifyRequest, config: Config): string | undefined {
  const value = request.cookies[config.session.cookieName];
  return value && value.length <= 200 ? value : undefined;
}

export function setSessionCookie(reply: FastifyReply, config: Config, token: string, expiresAt: Date): void {
  void reply.setCookie(config.session.cookieName, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.session.cookieSecure,
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  void reply.clearCookie(config.session.cookieName, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.session.cookieSecure,
  });
}
