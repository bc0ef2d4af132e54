import { fieldMessages, userMessages, type Role } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, users } from '../../db/schema/index.ts';
import {
  createAgency,
  createClientWithUsers,
  createUser,
  loginAs,
  readMailbox,
  TEST_PASSWORD,
} from '../../testing/factories.ts';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';

/** The master's and the agency's own account calls: the client's e-mail and password rules, in their areas. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ DEV_MAILBOX: 'true' });
});
afterAll(async () => {
  await t.close();
});

const tokenIn = (text: string, path: string) =>
  decodeURIComponent(new RegExp(`${path}\\?token=([A-Za-z0-9_%-]+)`).exec(text)![1]!);

const areas = [
  { role: 'MASTER', base: '/master/api/v1', home: '/master/api/v1/clients' },
  { role: 'AGENCY', base: '/agency/api/v1', home: '/agency/api/v1/clients' },
] as const satisfies readonly { role: Role; base: string; home: string }[];

async function signedIn(role: Role, position: 'OWNER' | 'MANAGER' | 'STAFF' = 'STAFF') {
  const agencyId = role === 'AGENCY' ? (await createAgency(t.db)).id : null;
  const user = await createUser(t.db, { role, position, agencyId });
  return { user, cookie: await loginAs(t.app, user.email) };
}

describe.each(areas)('$role own account', ({ role, base, home }) => {
  it('shows the profile, keeps a new e-mail pending until the mailed link is opened, then switches it', async () => {
    const me = await signedIn(role);
    const profile = await call(t.app, 'GET', `${base}/account`, { cookie: me.cookie });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ id: me.user.id, email: me.user.email, role, pendingEmail: null });

    const next = `moved-${me.user.id}@test.example`;
    const changed = await call(t.app, 'PATCH', `${base}/account/email`, {
      cookie: me.cookie,
      body: { email: next.toUpperCase(), password: TEST_PASSWORD },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ email: me.user.email, pendingEmail: next });
    const pending = await call(t.app, 'GET', `${base}/account`, { cookie: me.cookie });
    expect(pending.json()).toMatchObject({ email: me.user.email, pendingEmail: next });
    await loginAs(t.app, me.user.email); // the old address works until the link is opened

    const [mail] = await readMailbox(t.app, t.db, next);
    const token = tokenIn(mail!.text, '/verify-email');
    const verified = await call(t.app, 'POST', '/auth/api/v1/session/verify/email', { body: { token } });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().email).toBe(next);
    const cookie = await loginAs(t.app, next);
    const after = await call(t.app, 'GET', `${base}/account`, { cookie });
    expect(after.json()).toMatchObject({ email: next, pendingEmail: null });
    const audits = await t.db.select().from(auditLogs).where(eq(auditLogs.targetId, me.user.id));
    expect(audits.find((a) => a.action === 'user.email.change')).toMatchObject({
      actorUserId: me.user.id,
      actorRole: role,
      targetType: 'user',
    });
  });

  it('tells the old address, whose link undoes the change even after the new address and password took over', async () => {
    const me = await signedIn(role);
    const original = me.user.email;
    const taken = `taken-${me.user.id}@test.example`;
    const requested = await call(t.app, 'PATCH', `${base}/account/email`, {
      cookie: me.cookie,
      body: { email: taken, password: TEST_PASSWORD },
    });
    expect(requested.statusCode).toBe(200);
    const [notice] = await readMailbox(t.app, t.db, original);
    expect(notice!.text).toContain(taken);
    const cancelToken = tokenIn(notice!.text, '/email-change/cancel');
    // whoever asked confirms the new address and changes the password
    const [verifyMail] = await readMailbox(t.app, t.db, taken);
    const verify = tokenIn(verifyMail!.text, '/verify-email');
    expect(
      (await call(t.app, 'POST', '/auth/api/v1/session/verify/email', { body: { token: verify } }))
        .statusCode,
    ).toBe(200);
    const theirs = await loginAs(t.app, taken);
    const repassword = await call(t.app, 'PATCH', `${base}/account/password`, {
      cookie: theirs,
      body: { oldPassword: TEST_PASSWORD, newPassword: 'Taken-over1!' },
    });
    expect(repassword.statusCode).toBe(200);
    // the owner: "this was not me"
    const undone = await call(t.app, 'POST', '/auth/api/v1/session/email/cancel', {
      body: { token: cancelToken },
    });
    expect(undone.statusCode, undone.body).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, me.user.id));
    expect(row).toMatchObject({ email: original, pendingEmail: null });
    expect((await call(t.app, 'GET', `${base}/account`, { cookie: theirs })).statusCode).toBe(401);
    for (const password of ['Taken-over1!', TEST_PASSWORD]) {
      const login = await call(t.app, 'POST', '/auth/api/v1/session/login', {
        body: { email: taken, password },
      });
      expect(login.statusCode).toBe(401);
    }
    const [reset] = await readMailbox(t.app, t.db, original);
    const resetToken = tokenIn(reset!.text, '/password/reset/confirm');
    const set = await call(t.app, 'POST', '/auth/api/v1/session/password/confirm', {
      body: { token: resetToken, password: 'Mine-again1!' },
    });
    expect(set.statusCode).toBe(200);
    await loginAs(t.app, original, 'Mine-again1!');
    const again = await call(t.app, 'POST', '/auth/api/v1/session/email/cancel', {
      body: { token: cancelToken },
    });
    expect(again.statusCode).toBe(401);
    const audits = await t.db.select().from(auditLogs).where(eq(auditLogs.targetId, me.user.id));
    expect(audits.some((a) => a.action === 'user.email.change.cancel')).toBe(true);
  });

  it('refuses a bad, unchanged or taken e-mail with the contract texts and changes nothing', async () => {
    const me = await signedIn(role);
    const someoneElse = await signedIn(role);
    const password = TEST_PASSWORD;
    const cases = [
      [{ password }, 400, fieldMessages.emailRequired],
      [{ email: 'not-an-address', password }, 400, fieldMessages.email],
      [{ email: me.user.email, password }, 400, userMessages.sameEmail],
      [{ email: someoneElse.user.email, password }, 409, undefined],
      // a session alone is not enough: the current password, right
      [{ email: 'elsewhere@test.example' }, 400, fieldMessages.passwordRequired],
      [{ email: 'elsewhere@test.example', password: 'Wrong-pass1!' }, 400, userMessages.wrongPassword],
    ] as const;
    for (const [body, status, message] of cases) {
      const response = await call(t.app, 'PATCH', `${base}/account/email`, { cookie: me.cookie, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      if (message) expect(response.json().message).toBe(message);
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, me.user.id));
    expect(row).toMatchObject({ email: me.user.email, pendingEmail: null });
  });

  it('password change: checks the old one, keeps this session and ends the others', async () => {
    const me = await signedIn(role, 'OWNER');
    const second = await loginAs(t.app, me.user.email);
    const refused = [
      [{ oldPassword: 'Wrong-pass1!', newPassword: 'Other-pass1!' }, userMessages.wrongPassword],
      [{ oldPassword: TEST_PASSWORD, newPassword: 'weak' }, fieldMessages.passwordMin],
      [{ oldPassword: '', newPassword: 'Other-pass1!' }, fieldMessages.passwordRequired],
      [{ oldPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD }, userMessages.samePassword],
    ] as const;
    for (const [body, message] of refused) {
      const response = await call(t.app, 'PATCH', `${base}/account/password`, { cookie: me.cookie, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toBe(message);
    }
    // nothing changed: the second session still works
    expect((await call(t.app, 'GET', home, { cookie: second })).statusCode).toBe(200);

    const ok = await call(t.app, 'PATCH', `${base}/account/password`, {
      cookie: me.cookie,
      body: { oldPassword: TEST_PASSWORD, newPassword: 'Other-pass1!' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: true });
    expect((await call(t.app, 'GET', home, { cookie: me.cookie })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', home, { cookie: second })).statusCode).toBe(401);
    const login = await call(t.app, 'POST', '/auth/api/v1/session/login', {
      body: { email: me.user.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(401);
    await loginAs(t.app, me.user.email, 'Other-pass1!');
  });

  it('401 without a session; 403 for the other roles', async () => {
    for (const [method, path, body] of [
      ['GET', `${base}/account`, undefined],
      ['PATCH', `${base}/account/email`, { email: 'someone@test.example', password: TEST_PASSWORD }],
      ['PATCH', `${base}/account/password`, { oldPassword: TEST_PASSWORD, newPassword: 'Other-pass1!' }],
    ] as const) {
      expect((await call(t.app, method, path, { body })).statusCode).toBe(401);
      const otherRole = await signedIn(role === 'MASTER' ? 'AGENCY' : 'MASTER', 'OWNER');
      const client = await createClientWithUsers(t.app, t.db);
      for (const cookie of [otherRole.cookie, client.owner.cookie]) {
        const response = await call(t.app, method, path, { cookie, body });
        expect(response.statusCode, `${method} ${path}`).toBe(403);
      }
      const [row] = await t.db.select().from(users).where(eq(users.id, client.owner.user.id));
      expect(row!.pendingEmail).toBeNull();
    }
  });
});
