import { and, eq, getTableColumns, gt, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config/env.ts';
import type { Db } from '../db/client.ts';
import { agencies, clients, contactPersons, sessions, users } from '../db/schema/index.ts';
import { randomToken, sha256Hex } from './crypto.ts';
import type { SessionCache } from './session-cache.ts';

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

const { passwordHash: _passwordHash, ...userColumns } = getTableColumns(users);

/** The session join: the session with its user, the user's client (and its contact person) and agency. */
function sessionLookup(db: Db) {
  return db
    .select({
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      user: userColumns,
      client: getTableColumns(clients),
      contact: getTableColumns(contactPersons),
      agency: { id: agencies.id, name: agencies.name },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(clients, eq(clients.id, users.clientId))
    .leftJoin(contactPersons, eq(contactPersons.clientId, users.clientId))
    .leftJoin(agencies, eq(agencies.id, users.agencyId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
        gt(sessions.lastSeenAt, sql.placeholder('idleSince')),
      ),
    )
    .limit(1);
}

/**
 * A signed-in session as one query reads it: everything the session view (/me) and the own client's
 * reads need, so no route reads these rows again. The password hash stays out.
 */
export type SessionRecord = Awaited<ReturnType<ReturnType<typeof sessionLookup>['execute']>>[number];

// Prepared once per database: drizzle builds the SQL once, PostgreSQL parses and plans it once per
// connection (named statements).
const prepared = new WeakMap<
  Db,
  {
    lookup: ReturnType<ReturnType<typeof sessionLookup>['prepare']>;
    touch: ReturnType<typeof prepareTouch>;
  }
>();
function prepareTouch(db: Db) {
  return db
    .update(sessions)
    .set({ lastSeenAt: sql`${sql.placeholder('now')}::timestamptz` })
    .where(eq(sessions.id, sql.placeholder('sessionId')))
    .prepare('session_touch');
}
function preparedFor(db: Db) {
  let statements = prepared.get(db);
  if (!statements) {
    statements = { lookup: sessionLookup(db).prepare('session_lookup'), touch: prepareTouch(db) };
    prepared.set(db, statements);
  }
  return statements;
}

/**
 * The SHA-256 of a session token, remembered for the tokens this process saw last (issue 31: hashing the
 * cookie cost about 6% of an authenticated read). Bounded: at most HASHES_KEPT tokens, the oldest half
 * forgotten when full. Holds what the session cache (decision 0006) already holds the sessions of.
 */
const HASHES_KEPT = 10_000;
const tokenHashes = new Map<string, string>();
function tokenHashOf(token: string): string {
  let hash = tokenHashes.get(token);
  if (hash === undefined) {
    hash = sha256Hex(token);
    if (tokenHashes.size >= HASHES_KEPT) {
      let drop = HASHES_KEPT / 2;
      for (const key of tokenHashes.keys()) {
        tokenHashes.delete(key);
        if (--drop === 0) break;
      }
    }
    tokenHashes.set(token, hash);
  }
  return hash;
}

/**
 * The live session of a cookie value with its user, or undefined (unknown, idle too long, expired,
 * or its client disabled or cancelled). One query, or none when the cache holds the session; and then
 * the answer comes at once, not as a promise (issue 31: a cached session's request makes no promise and
 * waits no microtask for it). Only reading the database or touching `last_seen_at` waits.
 */
export function findSession(
  db: Db,
  token: string,
  now: Date,
  config: Config,
  cache?: SessionCache<SessionRecord>,
): SessionRecord | undefined | Promise<SessionRecord | undefined> {
  const tokenHash = tokenHashOf(token);
  // Compared as numbers: a cached session costs no Date and no ISO string (issue 31).
  const nowMs = now.getTime();
  const idleSinceMs = nowMs - config.session.idleMinutes * 60_000;
  const record = cache?.get(tokenHash);
  // Past either limit by what this process saw: another process may have used it since, so ask.
  if (record && record.expiresAt.getTime() > nowMs && record.lastSeenAt.getTime() > idleSinceMs)
    return liveSession(db, record, now);
  return readSession(db, tokenHash, now, idleSinceMs, cache);
}

async function readSession(
  db: Db,
  tokenHash: string,
  now: Date,
  idleSinceMs: number,
  cache: SessionCache<SessionRecord> | undefined,
): Promise<SessionRecord | undefined> {
  const generation = cache?.generation ?? 0;
  const [record] = await preparedFor(db).lookup.execute({
    tokenHash,
    now: now.toISOString(),
    idleSince: new Date(idleSinceMs).toISOString(),
  });
  if (!record) return undefined;
  cache?.set(tokenHash, record, generation);
  return liveSession(db, record, now);
}

/** A session's record as found: refused when its client is disabled or cancelled, touched once a minute. */
function liveSession(
  db: Db,
  record: SessionRecord,
  now: Date,
): SessionRecord | undefined | Promise<SessionRecord> {
  // A disabled or cancelled client's users lose access at once, not at their next login.
  const status = record.client?.contractStatus;
  if (status === 'DISABLED' || status === 'CANCELLED') return undefined;
  if (now.getTime() - record.lastSeenAt.getTime() > TOUCH_AFTER_MS) return touchSession(db, record, now);
  return record;
}

async function touchSession(db: Db, record: SessionRecord, now: Date): Promise<SessionRecord> {
  await preparedFor(db).touch.execute({ now: now.toISOString(), sessionId: record.sessionId });
  record.lastSeenAt = now;
  return record;
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

/**
 * The session cookie's value. The Cookie header is parsed here, by @fastify/cookie's own parser, the first
 * time a request asks (the plugin's hook is off: a request that never needs a session, a health check or a
 * static file, parses nothing), and kept on request.cookies as the plugin's hook would have.
 */
export function readSessionCookie(request: FastifyRequest, config: Config): string | undefined {
  let cookies = request.cookies as FastifyRequest['cookies'] | null;
  if (!cookies) {
    const header = request.headers.cookie;
    cookies = request.cookies = header ? request.server.parseCookie(header) : {};
  }
  const value = cookies[config.session.cookieName];
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
