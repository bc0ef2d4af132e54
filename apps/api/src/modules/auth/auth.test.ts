import { fieldMessages, errorMessages, productName } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencies, clients, contactPersons, sessions, users } from '../../db/schema/index.ts';
import {
  createAgency,
  createClient,
  createUser,
  loginAs,
  readMailbox,
  TEST_PASSWORD,
} from '../../testing/factories.ts';
import { call, createTestApp, sessionCookie, TEST_ORIGIN, type TestApp } from '../../testing/test-app.ts';

const P = '/auth/api/v1/session';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ DEV_MAILBOX: 'true' });
});
afterAll(async () => {
  await t.close();
});

/** The newest mail to an address, read through the development mailbox API, and the token in its link. */
async function lastMailToken(to: string, path: string): Promise<string> {
  const mail = (await readMailbox(t.app, t.db, to))[0];
  expect(mail).toBeDefined();
  const match = new RegExp(`${path}\\?token=([A-Za-z0-9_%-]+)`).exec(mail!.text);
  expect(match).not.toBeNull();
  return decodeURIComponent(match![1]!);
}

/** A pending e-mail change of the signed-in master user: the verification token mailed to the new address. */
async function emailChangeToken(cookie: string): Promise<string> {
  const to = `new-${Math.random().toString(36).slice(2)}@test.example`;
  const changed = await call(t.app, 'PATCH', '/master/api/v1/account/email', {
    cookie,
    body: { email: to, password: TEST_PASSWORD },
  });
  expect(changed.statusCode).toBe(200);
  return lastMailToken(to, '/verify-email');
}

/** The client whose owner signed up with this address (the public sign-up answers no client id). */
async function clientIdOfOwner(email: string): Promise<number> {
  const [owner] = await t.db.select().from(users).where(eq(users.email, email));
  expect(owner?.clientId).toBeTypeOf('number');
  return owner!.clientId!;
}

async function mailCount(to: string): Promise<number> {
  return (await readMailbox(t.app, t.db, to)).length;
}

describe('POST /login', () => {
  it('logs in with a lower-cased e-mail, answers role and user, sets an HttpOnly SameSite=Lax cookie', async () => {
    const user = await createUser(t.db, { role: 'MASTER', position: 'OWNER' });
    const response = await call(t.app, 'POST', `${P}/login`, {
      body: { email: user.email.toUpperCase(), password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.role).toBe('MASTER');
    expect(body.position).toBe('OWNER');
    expect(body.user).toMatchObject({ id: user.id, email: user.email, emailVerified: true });
    expect(body.user.passwordHash).toBeUndefined();
    const cookie = response.cookies.find((c) => c.name === 'sid')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.path).toBe('/');
    expect(cookie.secure).toBeFalsy(); // http APP_URL
    // only a hash of the cookie value is stored
    const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row!.tokenHash).not.toBe(cookie.value);
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('answers the same 401 for a wrong password and for an unknown e-mail', async () => {
    const user = await createUser(t.db, {
      role: 'CLIENT',
      position: 'OWNER',
      clientId: (await createClient(t.db)).id,
    });
    const wrong = await call(t.app, 'POST', `${P}/login`, {
      body: { email: user.email, password: 'Wrong-pass1' },
    });
    const unknown = await call(t.app, 'POST', `${P}/login`, {
      body: { email: 'nobody@test.example', password: 'Wrong-pass1' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    const strip = (b: Record<string, unknown>) => ({ ...b, requestId: undefined });
    expect(strip(wrong.json())).toEqual(strip(unknown.json()));
    expect(wrong.json()).toMatchObject({
      success: false,
      code: 'UNAUTHORIZED',
      message: errorMessages.invalidCredentials,
    });
    expect(wrong.json().requestId).toBe(wrong.headers['x-request-id']);
    expect(wrong.cookies.find((c) => c.name === 'sid')).toBeUndefined();
  });

  it.each([
    [{ email: 'not-an-email', password: 'Valid-pass1' }, fieldMessages.email],
    [{ email: 'a@test.example', password: 'Sh0rt!' }, fieldMessages.passwordMin],
    [{ email: 'a@test.example', password: `Aa1!${'x'.repeat(97)}` }, fieldMessages.passwordMax],
    [{ email: 'a@test.example', password: 'alllowercase1!' }, fieldMessages.passwordComplexity],
    [{ email: 'a@test.example', password: 'Has space1!' }, fieldMessages.passwordSpaces],
    [{ password: 'Valid-pass1' }, fieldMessages.emailRequired],
  ])('refuses %j with 400 and the text of the broken rule', async (body, message) => {
    const response = await call(t.app, 'POST', `${P}/login`, { body });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message });
    expect(response.json().errors[0]).toMatchObject({ message });
  });

  it('refuses malformed JSON with a 400 failure body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${P}/login`,
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, message: errorMessages.invalidJson });
  });

  it('refuses an unverified e-mail, but only after the right password', async () => {
    const user = await createUser(t.db, { role: 'MASTER', position: 'STAFF', emailVerifiedAt: null });
    const response = await call(t.app, 'POST', `${P}/login`, {
      body: { email: user.email, password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(errorMessages.emailNotVerified);
  });

  it.each(['DISABLED', 'CANCELLED'] as const)('refuses users of a %s client', async (contractStatus) => {
    const client = await createClient(t.db, { contractStatus });
    const user = await createUser(t.db, { role: 'CLIENT', position: 'OWNER', clientId: client.id });
    const response = await call(t.app, 'POST', `${P}/login`, {
      body: { email: user.email, password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(errorMessages.accountUnavailable);
  });

  it('rotates the session: logging in again ends the session the browser had', async () => {
    const user = await createUser(t.db, { role: 'MASTER', position: 'MANAGER' });
    const first = await loginAs(t.app, user.email);
    const again = await call(t.app, 'POST', `${P}/login`, {
      cookie: first,
      body: { email: user.email, password: TEST_PASSWORD },
    });
    expect(again.statusCode).toBe(200);
    const second = sessionCookie(again);
    expect(second).not.toBe(first);
    expect((await call(t.app, 'GET', `${P}/me`, { cookie: first })).statusCode).toBe(401);
    expect((await call(t.app, 'GET', `${P}/me`, { cookie: second })).statusCode).toBe(200);
  });
});

describe('GET /me and POST /logout', () => {
  it('answers role, position, user and client of the session', async () => {
    const client = await createClient(t.db, { companyName: 'めぐみ食堂' });
    const user = await createUser(t.db, { role: 'CLIENT', position: 'MANAGER', clientId: client.id });
    const cookie = await loginAs(t.app, user.email);
    const response = await call(t.app, 'GET', `${P}/me`, { cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      role: 'CLIENT',
      position: 'MANAGER',
      user: { id: user.id },
      client: { id: client.id, companyName: 'めぐみ食堂' },
      agency: null,
    });
  });

  it('answers 401 without a session and with an unknown cookie', async () => {
    expect((await call(t.app, 'GET', `${P}/me`)).statusCode).toBe(401);
    const response = await call(t.app, 'GET', `${P}/me`, { cookie: 'sid=forged-value' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
  });

  it('logout deletes the session and clears the cookie', async () => {
    const user = await createUser(t.db, { role: 'MASTER', position: 'OWNER' });
    const cookie = await loginAs(t.app, user.email);
    const response = await call(t.app, 'POST', `${P}/logout`, { cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect(response.cookies.find((c) => c.name === 'sid')?.value).toBe('');
    expect((await call(t.app, 'GET', `${P}/me`, { cookie })).statusCode).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });
});

describe('session expiry', () => {
  it('ends a session idle for longer than the idle time, and keeps an active one alive', async () => {
    const user = await createUser(t.db, { role: 'MASTER', position: 'OWNER' });
    const cookie = await loginAs(t.app, user.email);
    const idleMs = t.config.session.idleMinutes * 60_000;
    t.clock.advance(idleMs - 60_000);
    expect((await call(t.app, 'GET', `${P}/me`, { cookie })).statusCode).toBe(200); // touches lastSeenAt
    t.clock.advance(idleMs - 60_000);
    expect((await call(t.app, 'GET', `${P}/me`, { cookie })).statusCode).toBe(200);
    t.clock.advance(idleMs + 1000);
    expect((await call(t.app, 'GET', `${P}/me`, { cookie })).statusCode).toBe(401);
  });

  it('ends a session at its absolute expiry however active it is', async () => {
    const user = await createUser(t.db, { role: 'MASTER', position: 'OWNER' });
    const cookie = await loginAs(t.app, user.email);
    const step = (t.config.session.idleMinutes - 5) * 60_000;
    const absoluteMs = t.config.session.absoluteHours * 3600_000;
    let elapsed = 0;
    while (elapsed + step < absoluteMs) {
      t.clock.advance(step);
      elapsed += step;
      expect((await call(t.app, 'GET', `${P}/me`, { cookie })).statusCode).toBe(200);
    }
    t.clock.advance(absoluteMs - elapsed + 1000);
    expect((await call(t.app, 'GET', `${P}/me`, { cookie })).statusCode).toBe(401);
  });
});

describe('password reset', () => {
  it('mails a single-use link; confirming sets the password and ends every session', async () => {
    const user = await createUser(t.db, {
      role: 'AGENCY',
      position: 'OWNER',
      agencyId: (await createAgency(t.db)).id,
    });
    const oldCookie = await loginAs(t.app, user.email);
    const requested = await call(t.app, 'POST', `${P}/password/reset`, {
      body: { email: user.email.toUpperCase() },
    });
    expect(requested.statusCode).toBe(200);
    // the product's one name, as the web app says it
    expect((await readMailbox(t.app, t.db, user.email))[0]!.subject).toBe(
      `【${productName.ja}】パスワード再設定のご案内 / Reset your password`,
    );
    const token = await lastMailToken(user.email, '/password/reset/confirm');

    const confirmed = await call(t.app, 'POST', `${P}/password/confirm`, {
      body: { token, password: 'New-pass-2' },
    });
    expect(confirmed.statusCode).toBe(200);
    expect((await call(t.app, 'GET', `${P}/me`, { cookie: oldCookie })).statusCode).toBe(401);
    expect(
      (await call(t.app, 'POST', `${P}/login`, { body: { email: user.email, password: TEST_PASSWORD } }))
        .statusCode,
    ).toBe(401);
    await loginAs(t.app, user.email, 'New-pass-2');

    const reused = await call(t.app, 'POST', `${P}/password/confirm`, {
      body: { token, password: 'Other-pass-3' },
    });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().message).toBe(errorMessages.invalidToken);
  });

  it('a password change voids every reset and verification link mailed before it', async () => {
    const user = await createUser(t.db, { role: 'MASTER', position: 'STAFF' });
    const cookie = await loginAs(t.app, user.email);
    await call(t.app, 'POST', `${P}/password/reset`, { body: { email: user.email } });
    const reset = await lastMailToken(user.email, '/password/reset/confirm');
    const verify = await emailChangeToken(cookie);
    const changed = await call(t.app, 'PATCH', '/master/api/v1/account/password', {
      cookie,
      body: { oldPassword: TEST_PASSWORD, newPassword: 'Changed-pass-4' },
    });
    expect(changed.statusCode).toBe(200);
    const confirm = await call(t.app, 'POST', `${P}/password/confirm`, {
      body: { token: reset, password: 'Attacker-pass-5' },
    });
    expect(confirm.statusCode).toBe(401);
    expect(confirm.json().message).toBe(errorMessages.invalidToken);
    expect((await call(t.app, 'POST', `${P}/verify/email`, { body: { token: verify } })).statusCode).toBe(
      401,
    );
    await loginAs(t.app, user.email, 'Changed-pass-4');
  });

  it('a reset voids the other links mailed before it, and ends every session', async () => {
    const user = await createUser(t.db, { role: 'MASTER', position: 'STAFF' });
    const other = await loginAs(t.app, user.email);
    const verify = await emailChangeToken(other);
    await call(t.app, 'POST', `${P}/password/reset`, { body: { email: user.email } });
    const reset = await lastMailToken(user.email, '/password/reset/confirm');
    const confirmed = await call(t.app, 'POST', `${P}/password/confirm`, {
      body: { token: reset, password: 'Reset-pass-6' },
    });
    expect(confirmed.statusCode).toBe(200);
    expect((await call(t.app, 'POST', `${P}/verify/email`, { body: { token: verify } })).statusCode).toBe(
      401,
    );
    expect((await call(t.app, 'GET', `${P}/me`, { cookie: other })).statusCode).toBe(401);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const response = await call(t.app, 'POST', `${P}/password/reset`, {
      body: { email: 'ghost@test.example' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect(await mailCount('ghost@test.example')).toBe(0);
  });

  it('refuses an expired token', async () => {
    const user = await createUser(t.db, { role: 'MASTER', position: 'STAFF' });
    await call(t.app, 'POST', `${P}/password/reset`, { body: { email: user.email } });
    const token = await lastMailToken(user.email, '/password/reset/confirm');
    t.clock.advance(61 * 60_000);
    const response = await call(t.app, 'POST', `${P}/password/confirm`, {
      body: { token, password: 'New-pass-2' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('a newer link replaces the older one', async () => {
    const user = await createUser(t.db, { role: 'MASTER', position: 'STAFF' });
    await call(t.app, 'POST', `${P}/password/reset`, { body: { email: user.email } });
    const first = await lastMailToken(user.email, '/password/reset/confirm');
    await call(t.app, 'POST', `${P}/password/reset`, { body: { email: user.email } });
    const second = await lastMailToken(user.email, '/password/reset/confirm');
    expect(
      (await call(t.app, 'POST', `${P}/password/confirm`, { body: { token: first, password: 'New-pass-2' } }))
        .statusCode,
    ).toBe(401);
    expect(
      (
        await call(t.app, 'POST', `${P}/password/confirm`, {
          body: { token: second, password: 'New-pass-2' },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('validates the new password and the token', async () => {
    const weak = await call(t.app, 'POST', `${P}/password/confirm`, {
      body: { token: 'x', password: 'weakpass' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe(fieldMessages.passwordComplexity);
    const noToken = await call(t.app, 'POST', `${P}/password/confirm`, {
      body: { token: '', password: 'Good-pass1' },
    });
    expect(noToken.statusCode).toBe(400);
    expect(noToken.json().message).toBe(fieldMessages.tokenRequired);
    const badEmail = await call(t.app, 'POST', `${P}/password/reset`, { body: { email: 'nope' } });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().message).toBe(fieldMessages.email);
  });
});

const signupBody = (overrides: Record<string, unknown> = {}) => ({
  client: {
    companyName: 'さくらカフェ株式会社',
    companyNameKana: 'サクラカフェカブシキガイシャ',
    address: { postalCode: '1500001', prefecture: '東京都', city: '渋谷区', addressOther: '神宮前1-2-3' },
  },
  contactPerson: {
    lastName: '桜井',
    firstName: '花',
    lastNameKana: 'サクライ',
    firstNameKana: 'ハナ',
    email: 'contact@sakura.example',
    phoneNumber: '03-1234-5678',
  },
  user: { lastName: '桜井', firstName: '花', email: 'Hana@Sakura.example', password: 'Sakura-pass1' },
  ...overrides,
});

describe('client signup and e-mail verification', () => {
  it('creates client, contact person and owner in one go; the owner verifies the e-mail, then logs in', async () => {
    const agency = await createAgency(t.db);
    const response = await call(t.app, 'POST', `${P}/client/signup`, {
      body: signupBody({ agencyId: agency.id }),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ link: `${t.config.appUrl}/login` });
    const clientId = await clientIdOfOwner('hana@sakura.example');
    const [client] = await t.db.select().from(clients).where(eq(clients.id, clientId));
    expect(client).toMatchObject({
      agencyId: agency.id,
      companyName: 'さくらカフェ株式会社',
      contractStatus: 'PENDING_APPROVAL',
    });
    expect(
      await t.db.select().from(contactPersons).where(eq(contactPersons.clientId, clientId)),
    ).toHaveLength(1);
    const [owner] = await t.db.select().from(users).where(eq(users.clientId, clientId));
    expect(owner).toMatchObject({
      email: 'hana@sakura.example',
      role: 'CLIENT',
      position: 'OWNER',
      emailVerifiedAt: null,
    });
    expect(owner!.passwordHash.startsWith('$argon2id$')).toBe(true);

    const before = await call(t.app, 'POST', `${P}/login`, {
      body: { email: 'hana@sakura.example', password: 'Sakura-pass1' },
    });
    expect(before.statusCode).toBe(401);

    const token = await lastMailToken('hana@sakura.example', '/verify-email');
    const verified = await call(t.app, 'POST', `${P}/verify/email`, { body: { token } });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ email: 'hana@sakura.example', emailVerified: true });
    const again = await call(t.app, 'POST', `${P}/verify/email`, { body: { token } });
    expect(again.statusCode).toBe(401);

    await loginAs(t.app, 'hana@sakura.example', 'Sakura-pass1');
  });

  it('answers 404 for an unknown agency and writes nothing', async () => {
    const before = (await t.db.select().from(clients)).length;
    const response = await call(t.app, 'POST', `${P}/client/signup`, {
      body: signupBody({ agencyId: 999999, user: { ...signupBody().user, email: 'x1@sakura.example' } }),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(errorMessages.agencyNotFound);
    expect((await t.db.select().from(clients)).length).toBe(before);
  });

  it.each([
    [
      'a name over 15 characters',
      { user: { ...signupBody().user, lastName: 'あ'.repeat(16) } },
      fieldMessages.lastNameMax,
    ],
    [
      'a first name over 15',
      { user: { ...signupBody().user, firstName: 'あ'.repeat(16) } },
      fieldMessages.firstNameMax,
    ],
    [
      'a phone over 20',
      { contactPerson: { ...signupBody().contactPerson, phoneNumber: '0'.repeat(21) } },
      fieldMessages.phoneMax,
    ],
    [
      'a 6-character postal code',
      {
        client: { ...signupBody().client, address: { ...signupBody().client.address, postalCode: '150000' } },
      },
      fieldMessages.postalCode,
    ],
    [
      'a 9-character postal code',
      {
        client: {
          ...signupBody().client,
          address: { ...signupBody().client.address, postalCode: '150-00011' },
        },
      },
      fieldMessages.postalCode,
    ],
    [
      'a weak password',
      { user: { ...signupBody().user, password: 'password' } },
      fieldMessages.passwordComplexity,
    ],
    ['no company name', { client: { ...signupBody().client, companyName: '' } }, fieldMessages.required],
  ])('refuses %s with 400 and its text', async (_label, overrides, message) => {
    const response = await call(t.app, 'POST', `${P}/client/signup`, { body: signupBody(overrides) });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('refuses a signup without the user part', async () => {
    const { user: _user, ...body } = signupBody();
    const response = await call(t.app, 'POST', `${P}/client/signup`, { body });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].path).toBe('body.user');
  });

  it('resend sends a new link to an unverified address only, and always answers the same', async () => {
    const user = await createUser(t.db, { role: 'MASTER', position: 'STAFF', emailVerifiedAt: null });
    const response = await call(t.app, 'POST', `${P}/verify/email/resend`, { body: { email: user.email } });
    expect(response.statusCode).toBe(200);
    const token = await lastMailToken(user.email, '/verify-email');
    expect((await call(t.app, 'POST', `${P}/verify/email`, { body: { token } })).statusCode).toBe(200);

    const verified = await call(t.app, 'POST', `${P}/verify/email/resend`, { body: { email: user.email } });
    expect(verified.json()).toEqual({ success: true });
    expect(await mailCount(user.email)).toBe(1);
    const unknown = await call(t.app, 'POST', `${P}/verify/email/resend`, {
      body: { email: 'ghost2@test.example' },
    });
    expect(unknown.json()).toEqual({ success: true });
  });

  it('refuses verification with an unknown token (401) or none (400)', async () => {
    expect((await call(t.app, 'POST', `${P}/verify/email`, { body: { token: 'nope' } })).statusCode).toBe(
      401,
    );
    const empty = await call(t.app, 'POST', `${P}/verify/email`, { body: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(fieldMessages.tokenRequired);
  });
});

describe('CSRF', () => {
  it('refuses a cookie-authenticated write from another origin, or naming no origin', async () => {
    const user = await createUser(t.db, { role: 'MASTER', position: 'OWNER' });
    const cookie = await loginAs(t.app, user.email);
    const foreign = await call(t.app, 'POST', `${P}/logout`, {
      cookie,
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ code: 'CSRF_REJECTED', message: errorMessages.csrfRejected });
    const none = await call(t.app, 'POST', `${P}/logout`, { cookie, noOrigin: true });
    expect(none.statusCode).toBe(403);
    // the session survived both attempts
    expect((await call(t.app, 'GET', `${P}/me`, { cookie })).statusCode).toBe(200);
    const referer = await call(t.app, 'POST', `${P}/logout`, {
      cookie,
      noOrigin: true,
      headers: { referer: 'http://localhost:3000/master' },
    });
    expect(referer.statusCode).toBe(200);
  });

  it('refuses a cross-site login attempt (login CSRF)', async () => {
    const user = await createUser(t.db, { role: 'MASTER', position: 'OWNER' });
    const response = await call(t.app, 'POST', `${P}/login`, {
      headers: { origin: 'https://evil.example' },
      body: { email: user.email, password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('rate limits', () => {
  it('answers 429 with the failure body after too many login attempts', async () => {
    const limited = await createTestApp({ RATE_LIMIT_LOGIN: '10', RATE_LIMIT_MAIL: '5' });
    try {
      const body = { email: 'someone@test.example', password: 'Wrong-pass1' };
      for (let i = 0; i < limited.config.rateLimits.login; i++) {
        expect((await call(limited.app, 'POST', `${P}/login`, { body })).statusCode).toBe(401);
      }
      const blocked = await call(limited.app, 'POST', `${P}/login`, { body });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({
        success: false,
        code: 'RATE_LIMITED',
        message: errorMessages.rateLimited,
      });
      // the password reset has its own budget
      for (let i = 0; i < limited.config.rateLimits.passwordReset; i++) {
        await call(limited.app, 'POST', `${P}/password/reset`, { body: { email: 'someone@test.example' } });
      }
      const reset = await call(limited.app, 'POST', `${P}/password/reset`, {
        body: { email: 'someone@test.example' },
      });
      expect(reset.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('password spraying', () => {
  it('refuses an IP whose failed logins across many addresses reach its limit; another IP still logs in', async () => {
    const limited = await createTestApp({ RATE_LIMIT_LOGIN: '10', RATE_LIMIT_LOGIN_IP: '5' });
    try {
      const user = await createUser(limited.db, { role: 'MASTER', position: 'OWNER' });
      const login = (email: string, password: string, remoteAddress: string) =>
        limited.app.inject({
          method: 'POST',
          url: `${P}/login`,
          remoteAddress,
          headers: { origin: TEST_ORIGIN },
          payload: { email, password },
        });
      // one password tried on five addresses: each address failed once only
      for (let i = 0; i < 5; i++)
        expect((await login(`spray-${i}@test.example`, 'Spring-2026', '203.0.113.7')).statusCode).toBe(401);
      const refused = await login(user.email, TEST_PASSWORD, '203.0.113.7');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', message: errorMessages.rateLimited });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await login(user.email, TEST_PASSWORD, '198.51.100.20')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('login counts failures only', () => {
  it('lets one account log in again and again, and refuses only after the failures reach the limit', async () => {
    const limited = await createTestApp({ RATE_LIMIT_LOGIN: '10', RATE_LIMIT_MAIL: '5' });
    try {
      const user = await createUser(limited.db, { role: 'MASTER', position: 'OWNER' });
      const good = { email: user.email, password: TEST_PASSWORD };
      const wrong = { email: user.email, password: 'Wrong-pass1' };
      for (let i = 0; i < 12; i++) {
        expect((await call(limited.app, 'POST', `${P}/login`, { body: good })).statusCode).toBe(200);
      }
      for (let i = 0; i < 9; i++) {
        expect((await call(limited.app, 'POST', `${P}/login`, { body: wrong })).statusCode).toBe(401);
      }
      // nine failures leave one attempt, and a success does not reset the count
      expect((await call(limited.app, 'POST', `${P}/login`, { body: good })).statusCode).toBe(200);
      // the address in other letters is the same address
      const tenth = await call(limited.app, 'POST', `${P}/login`, {
        body: { ...wrong, email: user.email.toUpperCase() },
      });
      expect(tenth.statusCode).toBe(401);
      const refused = await call(limited.app, 'POST', `${P}/login`, { body: good });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // another address from the same IP has its own allowance
      const other = await createUser(limited.db, { role: 'MASTER', position: 'OWNER' });
      const otherLogin = await call(limited.app, 'POST', `${P}/login`, {
        body: { email: other.email, password: TEST_PASSWORD },
      });
      expect(otherLogin.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('data written by signup', () => {
  it('keeps agencies untouched when signing up without one', async () => {
    const before = (await t.db.select().from(agencies)).length;
    const response = await call(t.app, 'POST', `${P}/client/signup`, {
      body: signupBody({ user: { ...signupBody().user, email: 'solo@sakura.example' } }),
    });
    expect(response.statusCode).toBe(201);
    const [client] = await t.db
      .select()
      .from(clients)
      .where(eq(clients.id, await clientIdOfOwner('solo@sakura.example')));
    expect(client!.agencyId).toBeNull();
    expect((await t.db.select().from(agencies)).length).toBe(before);
  });
});
