import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { changeFeedOf, createDatabase, type Database } from '../db/client.ts';
import { clients, contactPersons, sessions, users } from '../db/schema/index.ts';
import { createClient, createUser, loginAs } from '../testing/factories.ts';
import { call, createTestApp, type TestApp } from '../testing/test-app.ts';
import { SessionCache } from './session-cache.ts';
import { findSession, type SessionRecord } from './sessions.ts';

/**
 * Decision 0006: sessions are kept in memory between requests, and every change of a row they were read
 * from reaches every API process through the database at commit, so revocation stays immediate.
 */
let t: TestApp;
let master: string;
beforeAll(async () => {
  t = await createTestApp();
  const m = await createUser(t.db, { role: 'MASTER', position: 'OWNER' });
  master = await loginAs(t.app, m.email);
});
afterAll(async () => {
  await t.close();
});

async function clientOwner() {
  const client = await createClient(t.db, { contractStatus: 'ACTIVE' });
  const user = await createUser(t.db, { role: 'CLIENT', position: 'OWNER', clientId: client.id });
  return { client, user, cookie: await loginAs(t.app, user.email) };
}

const get = (app: FastifyInstance, path: string, cookie: string) => call(app, 'GET', path, { cookie });

describe('the session cache', () => {
  it('answers a change made in the database itself at once, not only changes made through the API', async () => {
    const { client, user, cookie } = await clientOwner();
    expect((await get(t.app, '/auth/api/v1/session/me', cookie)).json().position).toBe('OWNER');
    expect((await get(t.app, '/client/api/v1/client', cookie)).json().companyName).toBe(client.companyName);

    // The session view and the own client's are made once per cached session and their bytes sent again
    // (keepAnswer, issue 31): a change gives a new session record, so new views, on both /me routes.
    await t.db.update(users).set({ position: 'STAFF' }).where(eq(users.id, user.id));
    expect((await get(t.app, '/auth/api/v1/session/me', cookie)).json().position).toBe('STAFF');
    expect((await get(t.app, '/auth/api/v1/session/me', cookie)).json().position).toBe('STAFF');
    expect((await get(t.app, '/client/api/v1/session/me', cookie)).json().position).toBe('STAFF');

    await t.db.update(clients).set({ companyName: '改名商店' }).where(eq(clients.id, client.id));
    expect((await get(t.app, '/client/api/v1/client', cookie)).json().companyName).toBe('改名商店');
    expect((await get(t.app, '/client/api/v1/client', cookie)).json().companyName).toBe('改名商店');
    expect((await get(t.app, '/auth/api/v1/session/me', cookie)).json().client.companyName).toBe('改名商店');

    await t.db.insert(contactPersons).values({
      clientId: client.id,
      firstName: '花子',
      lastName: '佐藤',
      email: 'contact@test.example',
      phoneNumber: '0312345678',
    });
    expect((await get(t.app, '/client/api/v1/client', cookie)).json().contactPerson.lastName).toBe('佐藤');

    await t.db.update(clients).set({ contractStatus: 'DISABLED' }).where(eq(clients.id, client.id));
    expect((await get(t.app, '/client/api/v1/client', cookie)).statusCode).toBe(401);
  });

  it('gives a cached session at once (no promise); a read, a touch and a refusal as before', async () => {
    const { client, user, cookie } = await clientOwner();
    const token = cookie.slice('sid='.length);
    const cache = new SessionCache<SessionRecord>(changeFeedOf(t.db)!);
    try {
      const now = t.clock.now();
      const read = findSession(t.db, token, now, t.config, cache);
      expect(read).toBeInstanceOf(Promise); // not cached yet: the database is asked
      const record = await read;
      expect(record?.user.id).toBe(user.id);
      // Cached: the record itself, with no promise (the access check lets the request through at once).
      expect(findSession(t.db, token, now, t.config, cache)).toBe(record);

      // More than a minute later the session is touched (last_seen_at written) before it is given.
      const later = new Date(now.getTime() + 61_000);
      const touched = findSession(t.db, token, later, t.config, cache);
      expect(touched).toBeInstanceOf(Promise);
      expect(await touched).toBe(record);
      const [row] = await t.db
        .select({ lastSeenAt: sessions.lastSeenAt })
        .from(sessions)
        .where(eq(sessions.id, record!.sessionId));
      expect(row!.lastSeenAt.getTime()).toBe(later.getTime());
      expect(findSession(t.db, token, later, t.config, cache)).toBe(record);

      // A disabled client: the change empties the cache, and the session is refused.
      await t.db.update(clients).set({ contractStatus: 'DISABLED' }).where(eq(clients.id, client.id));
      expect(await findSession(t.db, token, later, t.config, cache)).toBeUndefined();
      // An unknown token is asked of the database, and refused.
      expect(await findSession(t.db, `${token}x`, later, t.config, cache)).toBeUndefined();
    } finally {
      cache.close();
    }
  });

  it('ends a session at logout for the next request', async () => {
    const { cookie } = await clientOwner();
    expect((await get(t.app, '/auth/api/v1/session/me', cookie)).statusCode).toBe(200);
    await call(t.app, 'POST', '/auth/api/v1/session/logout', { cookie });
    expect((await get(t.app, '/auth/api/v1/session/me', cookie)).statusCode).toBe(401);
  });

  it('keeps no row read before a change that arrived while it was being read', () => {
    let listener: (change: string) => void = () => {};
    const cache = new SessionCache({
      isLive: () => true,
      subscribe: (l) => {
        listener = l;
        return () => {};
      },
    });
    const record = { sessionId: 1, user: { id: 2, clientId: 3, agencyId: null } };
    const before = cache.generation;
    listener('c:3');
    cache.set('a', record, before);
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', record, cache.generation);
    expect(cache.get('a')).toBe(record);
    listener('c:4');
    expect(cache.get('a')).toBe(record);
    listener('c:3');
    expect(cache.get('a')).toBeUndefined();
  });

  it('holds nothing while its change feed is not live', () => {
    let live = false;
    const cache = new SessionCache({ isLive: () => live, subscribe: () => () => {} });
    const record = { sessionId: 1, user: { id: 2, clientId: null, agencyId: null } };
    cache.set('a', record, cache.generation);
    live = true;
    expect(cache.get('a')).toBeUndefined();
  });
});

// Two API processes on one PostgreSQL database: each with its own pool, listener and cache.
describe.runIf(process.env.TEST_DATABASE_URL)('across API processes on PostgreSQL', () => {
  let second: { app: FastifyInstance; database: Database };
  beforeAll(async () => {
    const database = await createDatabase({ kind: 'postgres', url: t.databaseUrl!, poolSize: 2 });
    const app = await buildApp({ config: t.config, db: database.db, clock: t.clock, logger: false });
    await app.ready();
    second = { app, database };
  });
  afterAll(async () => {
    await second.app.close();
    await second.database.close();
  });

  /** Resolves when the second process has received the given change from the database. */
  const received = (change: string, matches = (c: string) => c === change) =>
    new Promise<void>((resolve) => {
      const stop = changeFeedOf(second.database.db)!.subscribe((c) => {
        if (matches(c)) {
          stop();
          resolve();
        }
      });
    });

  it.each([
    ['disable', 'DISABLED'],
    ['cancel', 'CANCELLED'],
  ])('a client %s on one process: the next request on the other is refused', async (verb, status) => {
    const { client, cookie } = await clientOwner();
    // The second process has the session in its cache.
    expect((await get(second.app, '/auth/api/v1/session/me', cookie)).statusCode).toBe(200);
    expect((await get(second.app, '/client/api/v1/client', cookie)).statusCode).toBe(200);

    const arrived = received(`c:${client.id}`);
    const response = await call(t.app, 'POST', `/master/api/v1/client/${client.id}/${verb}`, {
      cookie: master,
      body: { contractStatus: status },
    });
    expect(response.statusCode, response.body).toBe(200);
    await arrived;
    expect((await get(second.app, '/client/api/v1/client', cookie)).statusCode).toBe(401);
    expect((await get(second.app, '/auth/api/v1/session/me', cookie)).statusCode).toBe(401);
  });

  it('a logout on one process: the next request on the other is refused', async () => {
    const { cookie } = await clientOwner();
    expect((await get(second.app, '/auth/api/v1/session/me', cookie)).statusCode).toBe(200);
    const sessionId = (await get(t.app, '/auth/api/v1/session/me', cookie)).statusCode;
    expect(sessionId).toBe(200);
    const ended = received('*', (c) => c.startsWith('s:'));
    await call(t.app, 'POST', '/auth/api/v1/session/logout', { cookie });
    await ended;
    expect((await get(second.app, '/auth/api/v1/session/me', cookie)).statusCode).toBe(401);
  });
});
