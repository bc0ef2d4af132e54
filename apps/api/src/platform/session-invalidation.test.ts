import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../db/schema/index.ts';
import { createClient, createUser, loginAs, readMailbox, TEST_PASSWORD } from '../testing/factories.ts';
import { call, createTestApp, type TestApp } from '../testing/test-app.ts';

/** ASVS session items (decision 0004): which changes end which sessions, checked through HTTP. */
let t: TestApp;
let master: string;
beforeAll(async () => {
  t = await createTestApp({ DEV_MAILBOX: 'true' });
  const m = await createUser(t.db, { role: 'MASTER', position: 'OWNER' });
  master = await loginAs(t.app, m.email);
});
afterAll(async () => {
  await t.close();
});

const me = async (cookie: string) =>
  (await call(t.app, 'GET', '/auth/api/v1/session/me', { cookie })).statusCode;
const tokenIn = (text: string, path: string) =>
  decodeURIComponent(new RegExp(`${path}\\?token=([A-Za-z0-9_%-]+)`).exec(text)![1]!);

async function clientOwner() {
  const client = await createClient(t.db, { contractStatus: 'ACTIVE' });
  const user = await createUser(t.db, { role: 'CLIENT', position: 'OWNER', clientId: client.id });
  return { client, user };
}

describe('sessions end', () => {
  it('on a password change: every other session of the user, the current one stays', async () => {
    const { user } = await clientOwner();
    const here = await loginAs(t.app, user.email);
    const elsewhere = await loginAs(t.app, user.email);
    const response = await call(t.app, 'PATCH', '/client/api/v1/client/update/password', {
      cookie: here,
      body: { oldPassword: TEST_PASSWORD, newPassword: 'Changed-pass2!' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await me(elsewhere)).toBe(401);
    expect(await me(here)).toBe(200);
  });

  it('on a password reset: every session of the user', async () => {
    const { user } = await clientOwner();
    const cookies = [await loginAs(t.app, user.email), await loginAs(t.app, user.email)];
    await call(t.app, 'POST', '/auth/api/v1/session/password/reset', { body: { email: user.email } });
    const [mail] = await readMailbox(t.app, t.db, user.email);
    const confirmed = await call(t.app, 'POST', '/auth/api/v1/session/password/confirm', {
      body: { token: tokenIn(mail!.text, 'password/reset/confirm'), password: 'Reset-pass3!' },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    for (const cookie of cookies) expect(await me(cookie)).toBe(401);
  });

  it('on an e-mail change: every session of the user once the new address is confirmed', async () => {
    const { user } = await clientOwner();
    const here = await loginAs(t.app, user.email);
    const elsewhere = await loginAs(t.app, user.email);
    const newEmail = `changed-${user.id}@test.example`;
    const requested = await call(t.app, 'PATCH', '/client/api/v1/client/update/email', {
      cookie: here,
      body: { email: newEmail, password: TEST_PASSWORD },
    });
    expect(requested.statusCode, requested.body).toBe(200);
    // until the link is opened the old address and its sessions keep working
    expect(await me(elsewhere)).toBe(200);
    const [mail] = await readMailbox(t.app, t.db, newEmail);
    const verified = await call(t.app, 'POST', '/auth/api/v1/session/verify/email', {
      body: { token: tokenIn(mail!.text, 'verify-email') },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(await me(here)).toBe(401);
    expect(await me(elsewhere)).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect(await me(await loginAs(t.app, newEmail))).toBe(200);
  });

  it.each([
    ['disabled', 'disable', 'DISABLED'],
    ['cancelled', 'cancel', 'CANCELLED'],
  ])('when the account is %s: every session of its users, and login is refused', async (_, verb, status) => {
    const { client, user } = await clientOwner();
    const cookie = await loginAs(t.app, user.email);
    expect(await me(cookie)).toBe(200);
    const response = await call(t.app, 'POST', `/master/api/v1/client/${client.id}/${verb}`, {
      cookie: master,
      body: { contractStatus: status },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await me(cookie)).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    const login = await call(t.app, 'POST', '/auth/api/v1/session/login', {
      body: { email: user.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(401);
  });
});
