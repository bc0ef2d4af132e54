import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/env.ts';
import { productionEnv } from '../../testing/production-env.ts';
import { createAgency, createClientWithUsers, createUser, loginAs } from '../../testing/factories.ts';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';

const MAILS = '/dev/api/v1/mails';

describe('development mailbox configuration', () => {
  it('is off unless DEV_MAILBOX is set, with or without SMTP', () => {
    expect(loadConfig({}).devMailbox).toBe(false);
    expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' }).devMailbox).toBe(false);
    expect(loadConfig({ DEV_MAILBOX: 'true' }).devMailbox).toBe(true);
  });

  it('refuses to start with NODE_ENV=production', () => {
    expect(() => loadConfig(productionEnv({ DEV_MAILBOX: 'true' }))).toThrow(
      /DEV_MAILBOX: the development mailbox cannot be served with NODE_ENV=production/,
    );
    expect(loadConfig(productionEnv()).devMailbox).toBe(false);
  });

  it('serves no mailbox route when off: the reset token cannot be read', async () => {
    const t = await createTestApp();
    try {
      const user = await createUser(t.db, { role: 'CLIENT', position: 'OWNER' });
      const reset = await call(t.app, 'POST', '/auth/api/v1/session/password/reset', {
        body: { email: user.email },
      });
      expect(reset.statusCode).toBe(200);
      const master = await createUser(t.db, { role: 'MASTER', position: 'OWNER' });
      for (const cookie of [undefined, await loginAs(t.app, master.email)]) {
        const response = await call(t.app, 'GET', MAILS, { cookie, query: { to: user.email } });
        expect(response.statusCode).toBe(404);
        expect(response.body).not.toContain('token=');
      }
    } finally {
      await t.close();
    }
  });
});

describe('development mailbox when enabled', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ DEV_MAILBOX: 'true' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('the takeover reproduction fails: anonymous, agency and client users cannot read a reset link', async () => {
    const victim = await createUser(t.db, { role: 'MASTER', position: 'OWNER' });
    const reset = await call(t.app, 'POST', '/auth/api/v1/session/password/reset', {
      body: { email: victim.email },
    });
    expect(reset.statusCode).toBe(200);

    const anonymous = await call(t.app, 'GET', MAILS, { query: { to: victim.email } });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    expect(anonymous.body).not.toContain('token=');

    const tenant = await createClientWithUsers(t.app, t.db);
    const agency = await createAgency(t.db);
    const agencyOwner = await createUser(t.db, { role: 'AGENCY', position: 'OWNER', agencyId: agency.id });
    const cookies = [
      tenant.owner.cookie,
      tenant.manager.cookie,
      tenant.staff.cookie,
      await loginAs(t.app, agencyOwner.email),
    ];
    for (const cookie of cookies) {
      const response = await call(t.app, 'GET', MAILS, { cookie, query: { to: victim.email } });
      expect(response.statusCode).toBe(403);
      expect(response.body).not.toContain('token=');
    }
  });

  it('a logged-in MASTER user reads it', async () => {
    const user = await createUser(t.db, { role: 'CLIENT', position: 'STAFF' });
    await call(t.app, 'POST', '/auth/api/v1/session/password/reset', { body: { email: user.email } });
    const master = await createUser(t.db, { role: 'MASTER', position: 'STAFF' });
    const response = await call(t.app, 'GET', MAILS, {
      cookie: await loginAs(t.app, master.email),
      query: { to: user.email },
    });
    expect(response.statusCode).toBe(200);
    const [mail] = response.json<{ data: { to: string; text: string }[] }>().data;
    expect(mail?.to).toBe(user.email);
    expect(mail?.text).toContain('password/reset/confirm?token=');
  });
});
