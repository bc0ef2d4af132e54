import { fieldMessages, errorMessages, productName } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencies, clients, contactPersons, users } from '../../db/schema/index.ts';
import { createAgency, createUser, loginAs, readMailbox, TEST_PASSWORD } from '../../testing/factories.ts';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';

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

describe('password reset', () => {
  it('titles the mail in English only when the page asking for it is in English', async () => {
    const user = await createUser(t.db, { role: 'MASTER', position: 'OWNER' });
    const requested = await call(t.app, 'POST', `${P}/password/reset`, {
      body: { email: user.email },
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(requested.statusCode).toBe(200);
    expect((await readMailbox(t.app, t.db, user.email))[0]!.subject).toBe(
      `[${productName.en}] Reset your password`,
    );
  });

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
    // the subject in one language: Japanese, or English when the page asking is in English
    expect((await readMailbox(t.app, t.db, user.email))[0]!.subject).toBe(
      `【${productName.ja}】パスワード再設定のご案内`,
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
