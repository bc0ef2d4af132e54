import { errorMessages } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../../db/schema/index.ts';
import {
  createAgency,
  createClient,
  createClientWithUsers,
  createUser,
  loginAs,
} from '../../testing/factories.ts';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';

const URL = '/client/api/v1/client';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('tenancy: GET /client/api/v1/client', () => {
  it('a client user sees its own client, whatever x-client-id says', async () => {
    const a = await createClientWithUsers(t.app, t.db);
    const b = await createClient(t.db);
    for (const who of [a.owner, a.manager, a.staff]) {
      const own = await call(t.app, 'GET', URL, { cookie: who.cookie });
      expect(own.statusCode).toBe(200);
      expect(own.json()).toMatchObject({ id: a.client.id, companyName: a.client.companyName });
      const other = await call(t.app, 'GET', URL, {
        cookie: who.cookie,
        headers: { 'x-client-id': String(b.id) },
      });
      expect(other.statusCode).toBe(200);
      expect(other.json().id).toBe(a.client.id);
    }
  });

  it('MASTER acts on the client named by x-client-id; 404 for a missing one; 400 without or with a bad header', async () => {
    const master = await createUser(t.db, { role: 'MASTER', position: 'STAFF' });
    const cookie = await loginAs(t.app, master.email);
    const client = await createClient(t.db);
    const ok = await call(t.app, 'GET', URL, { cookie, headers: { 'x-client-id': String(client.id) } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().id).toBe(client.id);
    const missing = await call(t.app, 'GET', URL, { cookie, headers: { 'x-client-id': '987654' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(errorMessages.clientNotFound);
    expect((await call(t.app, 'GET', URL, { cookie })).statusCode).toBe(400);
    const bad = await call(t.app, 'GET', URL, { cookie, headers: { 'x-client-id': 'abc' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('x-client-id header must be a valid number string');
  });

  it("AGENCY reaches its own clients; another agency's client answers 404 like a missing one", async () => {
    const mine = await createAgency(t.db);
    const theirs = await createAgency(t.db);
    const agencyUser = await createUser(t.db, { role: 'AGENCY', position: 'STAFF', agencyId: mine.id });
    const cookie = await loginAs(t.app, agencyUser.email);
    const own = await createClient(t.db, { agencyId: mine.id });
    const foreign = await createClient(t.db, { agencyId: theirs.id });
    const direct = await createClient(t.db);
    expect(
      (await call(t.app, 'GET', URL, { cookie, headers: { 'x-client-id': String(own.id) } })).statusCode,
    ).toBe(200);
    for (const other of [foreign, direct]) {
      const response = await call(t.app, 'GET', URL, {
        cookie,
        headers: { 'x-client-id': String(other.id) },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({
        success: false,
        code: 'NOT_FOUND',
        message: errorMessages.clientNotFound,
      });
      expect(response.body).not.toContain(other.companyName);
    }
  });

  it('answers 401 without a session', async () => {
    const response = await call(t.app, 'GET', URL);
    expect(response.statusCode).toBe(401);
  });

  it('a client that is disabled loses access at once, without logging out', async () => {
    const a = await createClientWithUsers(t.app, t.db);
    expect((await call(t.app, 'GET', URL, { cookie: a.staff.cookie })).statusCode).toBe(200);
    await t.db.update(clients).set({ contractStatus: 'DISABLED' }).where(eq(clients.id, a.client.id));
    expect((await call(t.app, 'GET', URL, { cookie: a.staff.cookie })).statusCode).toBe(401);
  });

  it('GET /client/api/v1/session/me answers the session for client users', async () => {
    const a = await createClientWithUsers(t.app, t.db);
    const response = await call(t.app, 'GET', '/client/api/v1/session/me', { cookie: a.manager.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      role: 'CLIENT',
      position: 'MANAGER',
      client: { id: a.client.id },
    });
  });
});
