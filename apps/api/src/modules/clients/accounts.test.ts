import { announcementMessages, clientMessages, errorMessages, fieldMessages } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAgency,
  createClient,
  createClientWithUsers,
  createUser,
  loginAs,
  TEST_PASSWORD,
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

const address = { postalCode: '1500002', prefecture: '東京都', city: '渋谷区', addressOther: '1-1' };
let n = 0;
const person = () => ({
  firstName: '太郎',
  lastName: '山田',
  email: `p${n++}-${Date.now()}@test.example`,
  phoneNumber: '0312345678',
});
const clientBody = (agencyId?: number) => ({
  ...(agencyId ? { agencyId } : {}),
  client: { companyName: 'めぐみ食堂', companyNameKana: 'メグミショクドウ', address, monthlyFee: 12800 },
  contactPerson: person(),
  user: { ...person(), password: 'Valid-pass1!' },
});

describe('master clients', () => {
  it('creates a DRAFT client with contact person and owner, reads, updates and lists it', async () => {
    const agency = await createAgency(t.db);
    const created = await call(t.app, 'POST', `${M}/client`, { cookie: master, body: clientBody(agency.id) });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      contractStatus: 'DRAFT',
      monthlyFee: 12800,
      agencyId: agency.id,
      agencyName: agency.name,
      contractStartDate: null,
    });
    const id = created.json().id as number;
    expect((await call(t.app, 'GET', `${M}/client/${id}`, { cookie: master })).json().companyName).toBe(
      'めぐみ食堂',
    );
    const updated = await call(t.app, 'PATCH', `${M}/client/${id}`, {
      cookie: master,
      body: { monthlyFee: 9800, companyNameKana: 'メグミ', agencyId: null },
    });
    expect(updated.json()).toMatchObject({ monthlyFee: 9800, companyNameKana: 'メグミ', agencyId: null });
    const list = await call(t.app, 'GET', `${M}/clients`, {
      cookie: master,
      query: { search: 'めぐみ', status: 'DRAFT' },
    });
    expect(list.json().data.map((c: { id: number }) => c.id)).toContain(id);
  });

  it.each([
    [{ monthlyFee: -1 }, fieldMessages.monthlyFee],
    [{ monthlyFee: 1.5 }, fieldMessages.monthlyFee],
    [{ companyName: '' }, fieldMessages.required],
    [{ address: { ...address, postalCode: '123' } }, fieldMessages.postalCode],
    [{ paymentStatus: 'PAID' }, clientMessages.paymentStatus],
    [{}, clientMessages.nothingToUpdate],
  ])('PATCH refuses %j with its text', async (body, message) => {
    const client = await createClient(t.db);
    const response = await call(t.app, 'PATCH', `${M}/client/${client.id}`, { cookie: master, body });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('404 for a missing client or agency; 400 for a bad id', async () => {
    expect((await call(t.app, 'GET', `${M}/client/987654`, { cookie: master })).json().message).toBe(
      errorMessages.clientNotFound,
    );
    const noAgency = await call(t.app, 'POST', `${M}/client`, { cookie: master, body: clientBody(987654) });
    expect(noAgency.statusCode).toBe(404);
    expect(noAgency.json().message).toBe(errorMessages.agencyNotFound);
    expect((await call(t.app, 'GET', `${M}/client/x1`, { cookie: master })).statusCode).toBe(400);
  });

  it('contract state machine: legal moves, 409 for the others, cancel and disable lock users out', async () => {
    const a = await createClientWithUsers(t.app, t.db, { contractStatus: 'DRAFT' });
    const status = (contractStatus: string) =>
      call(t.app, 'PATCH', `${M}/client/${a.client.id}/contract-status`, {
        cookie: master,
        body: { contractStatus },
      });
    expect((await status('PENDING_APPROVAL')).json().contractStatus).toBe('PENDING_APPROVAL');
    const active = await status('ACTIVE');
    expect(active.json()).toMatchObject({ contractStatus: 'ACTIVE', contractStartDate: '2026-11-21' });
    const back = await status('DRAFT');
    expect(back.statusCode).toBe(409);
    expect(back.json().message).toBe('A ACTIVE contract cannot change to DRAFT');
    expect((await status('DISABLED')).json().message).toBe(clientMessages.useDisableCall);
    expect((await status('CANCELLED')).json().message).toBe(clientMessages.useCancelCall);
    expect((await status('ACTIVE')).json().message).toBe(clientMessages.sameStatus);
    expect((await status('NOPE')).json().message).toBe(clientMessages.contractStatus);
    expect((await status('SUSPENDED')).statusCode).toBe(200);
    const wrongBody = await call(t.app, 'POST', `${M}/client/${a.client.id}/cancel`, {
      cookie: master,
      body: { contractStatus: 'DISABLED' },
    });
    expect(wrongBody.json().message).toBe(clientMessages.cancelOnly);
    const cancelled = await call(t.app, 'POST', `${M}/client/${a.client.id}/cancel`, {
      cookie: master,
      body: { contractStatus: 'CANCELLED' },
    });
    expect(cancelled.json()).toMatchObject({ contractStatus: 'CANCELLED', contractEndDate: '2026-11-21' });
    expect((await call(t.app, 'GET', '/client/api/v1/client', { cookie: a.owner.cookie })).statusCode).toBe(
      401,
    );
    const login = await call(t.app, 'POST', '/auth/api/v1/session/login', {
      body: { email: a.owner.user.email, password: TEST_PASSWORD },
    });
    expect(login.json().message).toBe(errorMessages.accountUnavailable);
    const disable = () =>
      call(t.app, 'POST', `${M}/client/${a.client.id}/disable`, {
        cookie: master,
        body: { contractStatus: 'DISABLED' },
      });
    expect((await disable()).json().contractStatus).toBe('DISABLED');
    expect((await disable()).statusCode).toBe(409);
  });
});

describe('client area settings', () => {
  it('OWNER changes address and contact person; MANAGER may not', async () => {
    const a = await createClientWithUsers(t.app, t.db);
    const body = { address: { ...address, building: '渋谷ビル' }, contactPerson: person() };
    const ok = await call(t.app, 'PATCH', '/client/api/v1/client/update/data', {
      cookie: a.owner.cookie,
      body,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      address: { building: '渋谷ビル' },
      contactPerson: { email: body.contactPerson.email },
    });
    const denied = await call(t.app, 'PATCH', '/client/api/v1/client/update/data', {
      cookie: a.manager.cookie,
      body,
    });
    expect(denied.statusCode).toBe(403);
    const bad = await call(t.app, 'PATCH', '/client/api/v1/client/update/data', {
      cookie: a.owner.cookie,
      body: { ...body, contactPerson: { ...body.contactPerson, phoneNumber: '0'.repeat(21) } },
    });
    expect(bad.json().message).toBe(fieldMessages.phoneMax);
  });
});

describe('agencies and commissions', () => {
  it('creates, lists, searches, reads and updates agencies; 404 when missing', async () => {
    const created = await call(t.app, 'POST', `${M}/agency`, {
      cookie: master,
      body: { name: 'さくら代理店', ...address, marginRate: 12.5 },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'さくら代理店', marginRate: 12.5 });
    const id = created.json().id as number;
    const bad = await call(t.app, 'POST', `${M}/agency`, {
      cookie: master,
      body: { name: 'x', ...address, marginRate: 100.5 },
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
    const signup = await call(t.app, 'POST', '/agency/api/v1/client/signup', { cookie, body: clientBody() });
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

describe('search and audit', () => {
  it('searches company, kana, contact person and e-mail; filters status; pages', async () => {
    const body = clientBody();
    body.client.companyName = '検索テスト商会';
    body.contactPerson.lastName = '検索姓';
    const created = await call(t.app, 'POST', `${M}/client`, { cookie: master, body });
    const id = created.json().id as number;
    for (const search of ['検索テスト', 'メグミ', '検索姓', body.contactPerson.email.toUpperCase()]) {
      const found = await call(t.app, 'GET', '/search/api/v1/master/list/clients', {
        cookie: master,
        query: { search },
      });
      expect(
        found.json().data.map((c: { id: number }) => c.id),
        search,
      ).toContain(id);
    }
    const none = await call(t.app, 'GET', '/search/api/v1/master/list/clients', {
      cookie: master,
      query: { search: '検索テスト', status: 'ACTIVE' },
    });
    expect(none.json().data).toEqual([]);
    const limit = await call(t.app, 'GET', '/search/api/v1/master/list/clients', {
      cookie: master,
      query: { limit: '501' },
    });
    expect(limit.json().message).toBe('Limit must be a positive integer and cannot exceed 500');
    const wildcard = await call(t.app, 'GET', '/search/api/v1/master/list/clients', {
      cookie: master,
      query: { search: '%' },
    });
    expect(wildcard.json().data).toEqual([]);
  });

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

describe('announcements', () => {
  it('status follows the dates on the clock; clients see only PUBLISHED ones with a read marker', async () => {
    const create = (body: object) => call(t.app, 'POST', `${M}/announcements`, { cookie: master, body });
    const draft = await create({ title: '下書き', content: '本文', type: 'UPDATE' });
    expect(draft.statusCode).toBe(201);
    expect(draft.json().status).toBe('DRAFT');
    const scheduled = await create({
      title: 'メンテナンスのお知らせ',
      content: '本文',
      type: 'MAINTENANCE',
      publishAt: '2026-11-21T10:00:00Z',
      archiveAt: '2026-11-21T12:00:00Z',
    });
    expect(scheduled.json().status).toBe('SCHEDULED');
    const id = scheduled.json().id as number;
    const a = await createClientWithUsers(t.app, t.db);
    const list = () => call(t.app, 'GET', '/client/api/v1/announcements', { cookie: a.staff.cookie });
    const before = await list();
    expect(before.json().data.map((x: { id: number }) => x.id)).not.toContain(id);
    expect(
      (await call(t.app, 'GET', `/client/api/v1/announcements/${id}`, { cookie: a.staff.cookie })).statusCode,
    ).toBe(404);

    t.clock.set(new Date('2026-11-21T11:00:00Z'));
    const published = await call(t.app, 'GET', `${M}/announcements`, {
      cookie: master,
      query: { status: 'PUBLISHED' },
    });
    expect(published.json().data.map((x: { id: number }) => x.id)).toContain(id);
    const unread = await call(t.app, 'GET', '/client/api/v1/announcements', {
      cookie: a.staff.cookie,
      query: { unread: 'true' },
    });
    expect(unread.json().data.find((x: { id: number }) => x.id === id)).toMatchObject({
      isRead: false,
      status: 'PUBLISHED',
    });
    const opened = await call(t.app, 'GET', `/client/api/v1/announcements/${id}`, { cookie: a.staff.cookie });
    expect(opened.json()).toMatchObject({ id, isRead: true });
    const after = await call(t.app, 'GET', '/client/api/v1/announcements', { cookie: a.staff.cookie });
    expect(after.json().data.find((x: { id: number }) => x.id === id).isRead).toBe(true);
    const other = await call(t.app, 'GET', '/client/api/v1/announcements', { cookie: a.owner.cookie });
    expect(other.json().data.find((x: { id: number }) => x.id === id).isRead).toBe(false);

    t.clock.set(new Date('2026-11-21T12:00:00Z'));
    expect((await call(t.app, 'GET', `${M}/announcements/${id}`, { cookie: master })).json().status).toBe(
      'ARCHIVED',
    );
    expect((await list()).json().data.map((x: { id: number }) => x.id)).not.toContain(id);
    t.clock.set(new Date('2026-11-21T09:00:00Z'));
  });

  it('update takes every field optionally and checks the dates against the stored ones; delete', async () => {
    const created = await call(t.app, 'POST', `${M}/announcements`, {
      cookie: master,
      body: { title: '障害', content: '本文', type: 'ACCIDENT', publishAt: '2026-11-01T00:00:00Z' },
    });
    const id = created.json().id as number;
    const patch = (body: object) =>
      call(t.app, 'PATCH', `${M}/announcements/${id}`, { cookie: master, body });
    const renamed = await patch({ title: '障害（復旧）' });
    expect(renamed.json()).toMatchObject({
      title: '障害（復旧）',
      status: 'PUBLISHED',
    });
    const early = await patch({ archiveAt: '2026-10-01T00:00:00Z' });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(announcementMessages.archiveAfterPublish);
    expect((await patch({ publishAt: null })).json().status).toBe('DRAFT');
    expect((await patch({ archiveAt: '2026-12-01T00:00:00Z' })).json().message).toBe(
      announcementMessages.archiveNeedsPublish,
    );
    expect((await patch({ publishAt: 'soon' })).json().message).toBe('Invalid date string');
    expect((await patch({ type: 'NEWS' })).json().message).toBe(announcementMessages.type);
    expect((await patch({ title: 'あ'.repeat(201) })).json().message).toBe(announcementMessages.titleMax);
    expect((await call(t.app, 'DELETE', `${M}/announcements/${id}`, { cookie: master })).json()).toEqual({
      success: true,
    });
    expect((await call(t.app, 'GET', `${M}/announcements/${id}`, { cookie: master })).statusCode).toBe(404);
    const missing = await call(t.app, 'POST', `${M}/announcements`, {
      cookie: master,
      body: { content: 'x', type: 'UPDATE' },
    });
    expect(missing.json().message).toBe(fieldMessages.required);
  });
});
