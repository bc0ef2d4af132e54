import { errorMessages } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clientSignupBody,
  createAgency,
  createClient,
  createUser,
  loginAs,
  testAddress,
} from '../../testing/factories.ts';
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

describe('agencies and commissions', () => {
  it('creates, lists, searches, reads and updates agencies; 404 when missing', async () => {
    const created = await call(t.app, 'POST', `${M}/agency`, {
      cookie: master,
      body: { name: 'さくら代理店', ...testAddress, marginRate: 12.5 },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'さくら代理店', marginRate: 12.5 });
    const id = created.json().id as number;
    const bad = await call(t.app, 'POST', `${M}/agency`, {
      cookie: master,
      body: { name: 'x', ...testAddress, marginRate: 100.5 },
    });
    expect(bad.json().message).toBe(
      'Margin rate must be a number from 0 to 100 with at most 2 decimal places',
    );
    const list = await call(t.app, 'GET', `${M}/agencies`, { cookie: master, query: { search: 'さくら' } });
    expect(list.json().data.map((a: { id: number }) => a.id)).toEqual([id]);
    const detail = await call(t.app, 'GET', `${M}/agency/${id}`, { cookie: master });
    expect(detail.json()).toMatchObject({
      clientCount: 0,
      currentMonth: '2026-11',
      currentMonthCommission: 0,
    });
    const missing = await call(t.app, 'GET', `${M}/agency/987654`, { cookie: master });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(errorMessages.agencyNotFound);
    expect(
      (await call(t.app, 'PATCH', `${M}/agency/${id}`, { cookie: master, body: { marginRate: 15 } })).json()
        .marginRate,
    ).toBe(15);
  });

  it('counts a client in each month it was ACTIVE; fee x rate / 100 floored per client', async () => {
    const agency = await createAgency(t.db, { marginRate: '15.25' });
    const agent = await createUser(t.db, { role: 'AGENCY', position: 'STAFF', agencyId: agency.id });
    const cookie = await loginAs(t.app, agent.email);
    const a = await createClient(t.db, { agencyId: agency.id, contractStatus: 'DRAFT', monthlyFee: 12345 });
    const b = await createClient(t.db, { agencyId: agency.id, contractStatus: 'DRAFT', monthlyFee: 10000 });
    const move = (id: number, contractStatus: string) =>
      call(t.app, 'PATCH', `${M}/client/${id}/contract-status`, { cookie: master, body: { contractStatus } });
    t.clock.set(new Date('2026-09-10T03:00:00Z'));
    await move(a.id, 'ACTIVE');
    t.clock.set(new Date('2026-10-05T03:00:00Z'));
    await move(b.id, 'ACTIVE');
    await move(a.id, 'SUSPENDED');
    t.clock.set(new Date('2026-11-21T09:00:00Z'));
    const report = await call(t.app, 'GET', '/agency/api/v1/commissions', {
      cookie,
      query: { from: '2026-08', to: '2026-12' },
    });
    expect(report.statusCode).toBe(200);
    const months = report.json().months as { month: string; commission: number; clientCount: number }[];
    // 12345 x 15.25% = 1882.6125 -> 1882; 10000 x 15.25% = 1525
    expect(months.map((m) => [m.month, m.clientCount, m.commission])).toEqual([
      ['2026-08', 0, 0],
      ['2026-09', 1, 1882],
      ['2026-10', 2, 1882 + 1525],
      ['2026-11', 1, 1525],
      ['2026-12', 0, 0],
    ]);
    expect(report.json().total).toBe(1882 * 2 + 1525 * 2);
    const own = await call(t.app, 'GET', '/agency/api/v1/agency', { cookie });
    expect(own.json()).toMatchObject({ id: agency.id, marginRate: 15.25, currentMonthCommission: 1525 });
    const badMonth = await call(t.app, 'GET', '/agency/api/v1/commissions', {
      cookie,
      query: { from: '2026-13' },
    });
    expect(badMonth.json().message).toBe('Month must be in YYYY-MM format');
    const defaults = await call(t.app, 'GET', `${M}/agency/${agency.id}/commissions`, { cookie: master });
    expect(defaults.json()).toMatchObject({ from: '2025-12', to: '2026-11' });
  });

  it('agency area: own clients, signup with its agencyId, signup link', async () => {
    const agency = await createAgency(t.db);
    const owner = await createUser(t.db, { role: 'AGENCY', position: 'OWNER', agencyId: agency.id });
    const cookie = await loginAs(t.app, owner.email);
    const signup = await call(t.app, 'POST', '/agency/api/v1/client/signup', {
      cookie,
      body: clientSignupBody(),
    });
    expect(signup.statusCode).toBe(201);
    const clientId = signup.json().clientId as number;
    const detail = await call(t.app, 'GET', `/agency/api/v1/client/${clientId}`, { cookie });
    expect(detail.json()).toMatchObject({ agencyId: agency.id, contractStatus: 'PENDING_APPROVAL' });
    const list = await call(t.app, 'GET', '/agency/api/v1/clients', {
      cookie,
      query: { status: 'PENDING_APPROVAL' },
    });
    expect(list.json().data.map((c: { id: number }) => c.id)).toEqual([clientId]);
    const foreign = await createClient(t.db);
    expect((await call(t.app, 'GET', `/agency/api/v1/client/${foreign.id}`, { cookie })).statusCode).toBe(
      404,
    );
    const link = await call(t.app, 'GET', '/agency/api/v1/signup-link', { cookie });
    expect(link.json()).toEqual({
      agencyId: agency.id,
      url: `http://localhost:3000/signup?agencyId=${agency.id}`,
    });
  });
});
