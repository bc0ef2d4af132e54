import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createUser, loginAs } from '../../testing/factories.ts';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';

const M = '/master/api/v1';
let t: TestApp;
let master: string;
beforeAll(async () => {
  t = await createTestApp();
  master = await loginAs(t.app, (await createUser(t.db, { role: 'MASTER', position: 'OWNER' })).email);
});
afterAll(async () => {
  await t.close();
});

describe('audit log', () => {
  it('the audit log has actor, action, target, before and after; filters by action', async () => {
    const client = await createClient(t.db, { monthlyFee: 1000 });
    await call(t.app, 'PATCH', `${M}/client/${client.id}`, { cookie: master, body: { monthlyFee: 2000 } });
    const logs = await call(t.app, 'GET', `${M}/audit-logs`, {
      cookie: master,
      query: { action: 'client.update', clientId: String(client.id) },
    });
    const [entry] = logs.json().data;
    expect(entry).toMatchObject({
      action: 'client.update',
      targetType: 'client',
      targetId: client.id,
      actor: { role: 'MASTER', position: 'OWNER' },
      before: { monthlyFee: 1000 },
      after: { monthlyFee: 2000 },
    });
    const bad = await call(t.app, 'GET', `${M}/audit-logs`, { cookie: master, query: { action: 'x' } });
    expect(bad.statusCode).toBe(400);
  });
});
