import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, contactPersons, users } from '../../db/schema/index.ts';
import { createUser, loginAs, readMailbox, TEST_PASSWORD } from '../../testing/factories.ts';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';

/** The public sign-up answers alike for a new address and for a known one (decision 0023). */
const SIGNUP = '/auth/api/v1/session/client/signup';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ DEV_MAILBOX: 'true' });
});
afterAll(async () => {
  await t.close();
});

const signupBody = (email: string) => ({
  client: {
    companyName: '株式会社みなと',
    companyNameKana: 'カブシキガイシャミナト',
    address: { postalCode: '1050011', prefecture: '東京都', city: '港区', addressOther: '芝公園4-2-8' },
  },
  contactPerson: {
    lastName: '港',
    firstName: '太郎',
    lastNameKana: 'ミナト',
    firstNameKana: 'タロウ',
    email: 'contact@minato.example',
    phoneNumber: '03-0000-0000',
  },
  user: { lastName: '港', firstName: '太郎', email, password: 'Minato-pass1' },
});

const counts = async () => ({
  clients: (await t.db.select().from(clients)).length,
  contactPersons: (await t.db.select().from(contactPersons)).length,
  users: (await t.db.select().from(users)).length,
});

describe('public sign-up with an address that already has an account', () => {
  it('answers as for a new address, creates nothing and tells the address by mail', async () => {
    const fresh = await call(t.app, 'POST', SIGNUP, { body: signupBody('new-owner@minato.example') });
    expect(fresh.statusCode).toBe(201);

    for (const role of ['MASTER', 'CLIENT'] as const) {
      const existing = await createUser(t.db, { role, position: 'OWNER' });
      const before = await counts();
      const known = await call(t.app, 'POST', SIGNUP, { body: signupBody(existing.email.toUpperCase()) });

      expect(known.statusCode).toBe(fresh.statusCode);
      expect(known.json()).toEqual(fresh.json());
      expect(Object.keys(known.headers).sort()).toEqual(Object.keys(fresh.headers).sort());
      expect(await counts()).toEqual(before);

      const [mail] = await readMailbox(t.app, t.db, existing.email);
      expect(mail!.subject).toContain('アカウント登録のお申し込みについて');
      expect(mail!.subject).not.toContain('About your sign-up');
      expect(mail!.text).toContain(`${t.config.appUrl}/login`);
      expect(mail!.text).toContain(`${t.config.appUrl}/password/reset`);
      expect(mail!.text).not.toContain('Minato-pass1');

      // The account is untouched: its own password still works, the sign-up's does not.
      await loginAs(t.app, existing.email, TEST_PASSWORD);
      const withSignupPassword = await call(t.app, 'POST', '/auth/api/v1/session/login', {
        body: { email: existing.email, password: 'Minato-pass1' },
      });
      expect(withSignupPassword.statusCode).toBe(401);
    }
  });

  it('sends the verification mail to a new address, and the sign-up mail to nobody else', async () => {
    const response = await call(t.app, 'POST', SIGNUP, { body: signupBody('second-owner@minato.example') });
    expect(response.statusCode).toBe(201);
    const mails = await readMailbox(t.app, t.db, 'second-owner@minato.example');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/】メールアドレスの確認$/);
  });

  it('still answers 404 for an unknown agency, known address or not, writing nothing', async () => {
    const existing = await createUser(t.db, { role: 'MASTER', position: 'OWNER' });
    const before = await counts();
    for (const email of [existing.email, 'third-owner@minato.example']) {
      const response = await call(t.app, 'POST', SIGNUP, {
        body: { ...signupBody(email), agencyId: 999999 },
      });
      expect(response.statusCode).toBe(404);
    }
    expect(await counts()).toEqual(before);
    expect(await readMailbox(t.app, t.db, existing.email)).toHaveLength(0);
  });
});
