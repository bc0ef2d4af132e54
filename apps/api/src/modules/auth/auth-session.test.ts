// Sessions: login, the session's reads and logout, expiry, CSRF and the login rate limits (the flows that
// mail a link, password reset and signup, are auth.test.ts's).

import { authEndpoints, clientAreaEndpoints, fieldMessages, errorMessages } from '@app/contracts';
import type { z } from 'zod';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/index.ts';
import { createClient, createUser, loginAs, TEST_PASSWORD } from '../../testing/factories.ts';
import { call, createTestApp, sessionCookie, TEST_ORIGIN, type TestApp } from '../../testing/test-app.ts';

const P = '/auth/api/v1/session';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ DEV_MAILBOX: 'true' });
});
afterAll(async () => {
  await t.close();
});

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

  it('the hot reads written by fast-json-stringify answer exactly what their contracts describe', async () => {
    // every route's success answer is written by fast-json-stringify (route.ts, answerSerializer); these
    // three are kept views (keepAnswer): the second read sends the bytes the first one wrote
    const client = await createClient(t.db, { companyName: 'めぐみ食堂' });
    const user = await createUser(t.db, { role: 'CLIENT', position: 'MANAGER', clientId: client.id });
    const cookie = await loginAs(t.app, user.email);
    for (const [path, schema] of [
      [`${P}/me`, authEndpoints.me.responses[200]],
      ['/client/api/v1/session/me', clientAreaEndpoints.sessionMe.responses[200]],
      ['/client/api/v1/client', clientAreaEndpoints.getClient.responses[200]],
    ] as const) {
      const texts: string[] = [];
      for (let read = 0; read < 2; read++) {
        const response = await call(t.app, 'GET', path, { cookie });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(response.headers['content-length']).toBe(String(Buffer.byteLength(response.body)));
        expect(response.headers['cache-control']).toBe('no-store');
        const body = response.json();
        expect((schema as z.ZodType).parse(body)).toEqual(body); // nothing missing, nothing extra
        expect(response.body).toBe(JSON.stringify((schema as z.ZodType).parse(body))); // same text as Zod's
        texts.push(response.body);
      }
      expect(texts[1]).toBe(texts[0]);
      expect(texts[0]).toContain('めぐみ食堂');
    }
  });

  it('answers 401 without a session and with an unknown cookie', async () => {
    expect((await call(t.app, 'GET', `${P}/me`)).statusCode).toBe(401);
    const response = await call(t.app, 'GET', `${P}/me`, { cookie: 'sid=forged-value' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
  });

  it('finds the session cookie among the other cookies a browser sends (the header is parsed when a route needs it)', async () => {
    const user = await createUser(t.db, { role: 'MASTER', position: 'OWNER' });
    const cookie = await loginAs(t.app, user.email);
    const among = await call(t.app, 'GET', `${P}/me`, { cookie: `theme=dark; ${cookie}; lang="ja"` });
    expect(among.statusCode).toBe(200);
    expect(among.json()).toMatchObject({ user: { id: user.id } });
    // the first of two session cookies counts, as the cookie parser reads them
    const token = cookie.slice('sid='.length);
    expect((await call(t.app, 'GET', `${P}/me`, { cookie: `sid=forged; sid=${token}` })).statusCode).toBe(
      401,
    );
    expect((await call(t.app, 'GET', `${P}/me`, { cookie: `sid=${token}; sid=forged` })).statusCode).toBe(
      200,
    );
    // a write still finds the cookie for its CSRF check: no origin, refused
    const none = await call(t.app, 'POST', `${P}/logout`, {
      cookie: `theme=dark; ${cookie}`,
      noOrigin: true,
    });
    expect(none.statusCode).toBe(403);
    // a route that needs no session answers whatever the header holds
    const health = await call(t.app, 'GET', '/healthz', { cookie: 'garbage;;=%E0%A4%A; sid' });
    expect(health.statusCode).toBe(200);
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
