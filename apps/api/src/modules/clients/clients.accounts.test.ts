import { clientMessages, errorMessages, fieldMessages } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clientSignupBody,
  createAgency,
  createClient,
  createClientWithUsers,
  createUser,
  loginAs,
  testPerson,
  TEST_PASSWORD,
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

describe('master clients', () => {
  it('creates a DRAFT client with contact person and owner, reads, updates and lists it', async () => {
    const agency = await createAgency(t.db);
    const created = await call(t.app, 'POST', `${M}/client`, {
      cookie: master,
      body: clientSignupBody(agency.id),
    });
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
    [{ address: { ...testAddress, postalCode: '123' } }, fieldMessages.postalCode],
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
    const noAgency = await call(t.app, 'POST', `${M}/client`, {
      cookie: master,
      body: clientSignupBody(987654),
    });
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
    const body = { address: { ...testAddress, building: '渋谷ビル' }, contactPerson: testPerson() };
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
