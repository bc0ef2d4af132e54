import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgency, createClient, createUser, loginAs } from '../../testing/factories.ts';
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
    const client = await createClient(t.db, { monthlyFee: 1000, companyName: '監査テスト株式会社' });
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
      targetName: '監査テスト株式会社',
      actor: { role: 'MASTER', position: 'OWNER' },
      before: { monthlyFee: 1000 },
      after: { monthlyFee: 2000 },
    });
    const user = await createUser(t.db, { role: 'CLIENT', position: 'STAFF', clientId: client.id });
    const changed = await call(t.app, 'PATCH', `${M}/user/${user.id}`, {
      cookie: master,
      body: { lastName: '監査', firstName: '花子' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const userLogs = await call(t.app, 'GET', `${M}/audit-logs`, {
      cookie: master,
      query: { action: 'user.update', targetId: String(user.id) },
    });
    expect(userLogs.json().data[0]).toMatchObject({ targetType: 'user', targetName: '監査 花子' });
    const bad = await call(t.app, 'GET', `${M}/audit-logs`, { cookie: master, query: { action: 'x' } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the master user list', () => {
  it('names the client or agency each user belongs to (null for the master)', async () => {
    const client = await createClient(t.db, { companyName: '所属テスト商店' });
    const agency = await createAgency(t.db, { name: '所属テスト代理店' });
    const clientUser = await createUser(t.db, { role: 'CLIENT', position: 'OWNER', clientId: client.id });
    const agencyUser = await createUser(t.db, { role: 'AGENCY', position: 'OWNER', agencyId: agency.id });
    const list = await call(t.app, 'GET', `${M}/users`, { cookie: master, query: { limit: '100' } });
    expect(list.statusCode, list.body).toBe(200);
    const tenantOf = (id: number) =>
      list.json().data.find((u: { id: number }) => u.id === id)?.tenantName as string | null | undefined;
    expect(tenantOf(clientUser.id)).toBe('所属テスト商店');
    expect(tenantOf(agencyUser.id)).toBe('所属テスト代理店');
    expect(list.json().data.find((u: { role: string }) => u.role === 'MASTER').tenantName).toBeNull();
  });
});
