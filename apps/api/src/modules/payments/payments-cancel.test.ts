import { paymentMessages } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineAccounts } from '../../db/schema/index.ts';
import { createClient, createUser, loginAs } from '../../testing/factories.ts';
import { startPaySim, type PaySim } from '../../testing/pay-sim.ts';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';

/**
 * Issue 30: a cancellation can be undone before it takes effect, and an unpaid bank-transfer invoice
 * stays owed (open, 未入金) when the cancelled subscription ends, never silently voided.
 */
const C = '/client/api/v1';
const M = '/master/api/v1';
let pay: PaySim;
let t: TestApp;
let seq = 0;

beforeAll(async () => {
  pay = await startPaySim();
  t = await createTestApp(pay.env);
  pay.connect(t.app);
  const master = await loginAs(t.app, (await createUser(t.db, { role: 'MASTER', position: 'OWNER' })).email);
  const price = await call(t.app, 'PATCH', `${M}/payment/subscription`, {
    cookie: master,
    body: { serviceCode: 'KS-001', recurringAmount: 5500 },
  });
  expect(price.statusCode, price.body).toBe(200);
}, 60_000);
afterAll(async () => {
  await t.close();
  await pay.close();
});

async function tenant() {
  const client = await createClient(t.db, { contractStatus: 'ACTIVE' });
  const [account] = await t.db
    .insert(lineAccounts)
    .values({
      clientId: client.id,
      channelId: `ch-cancel-${seq++}-${Date.now()}`,
      channelSecretEncrypted: 'test-not-a-secret',
      displayName: 'デモ商店 梅田店',
    })
    .returning();
  const cookieOf = async (position: 'OWNER' | 'STAFF') =>
    loginAs(t.app, (await createUser(t.db, { role: 'CLIENT', position, clientId: client.id })).email);
  return { client, account: account!, owner: await cookieOf('OWNER'), staff: await cookieOf('STAFF') };
}
type Tenant = Awaited<ReturnType<typeof tenant>>;
const api = (x: Tenant, method: 'GET' | 'POST', path: string, body?: unknown, cookie = x.owner) =>
  call(t.app, method, `${C}/line-account/${x.account.id}/payment${path}`, { cookie, body });

async function settle() {
  await pay.drain();
  for (let i = 0; i < 5 && (await t.app.jobs.runDue(100)) > 0; i++) await pay.drain();
}

async function addCard(x: Tenant) {
  const init = await api(x, 'POST', '/init');
  await pay.confirmCard(init.json(), '4242424242424242');
  const saved = await api(x, 'POST', '/save-card', { setupIntentId: init.json().setupIntentId });
  expect(saved.statusCode, saved.body).toBe(200);
}

describe('undoing a cancellation', () => {
  it('resumes a subscription set to cancel: it renews at the period end and bills again', async () => {
    const x = await tenant();
    await addCard(x);
    expect((await api(x, 'POST', '/confirm-subscription', { serviceCode: 'KS-001' })).statusCode).toBe(201);
    // nothing to undo yet
    const early = await api(x, 'POST', '/resume-subscription', { serviceCode: 'KS-001' });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(paymentMessages.notCanceling);
    const canceled = await api(x, 'POST', '/cancel-subscription', { serviceCode: 'KS-001' });
    expect(canceled.json().cancelAtPeriodEnd).toBe(true);
    expect((await api(x, 'GET', '/next-billing')).json().nextBillingDate).toBeNull();
    // staff may not undo it
    const byStaff = await api(x, 'POST', '/resume-subscription', { serviceCode: 'KS-001' }, x.staff);
    expect(byStaff.statusCode).toBe(403);
    const resumed = await api(x, 'POST', '/resume-subscription', { serviceCode: 'KS-001' });
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json()).toMatchObject({ cancelAtPeriodEnd: false, status: 'active' });
    expect((await api(x, 'GET', '/next-billing')).json()).toMatchObject({ nextBillingAmount: 5500 });
    await pay.advanceDays(32);
    await settle();
    const [sub] = (await api(x, 'GET', '/subscriptions')).json().data;
    expect(sub).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
    expect((await api(x, 'GET', '/history')).json().data).toHaveLength(2);
  });

  it('an ended subscription cannot be resumed', async () => {
    const x = await tenant();
    await addCard(x);
    await api(x, 'POST', '/confirm-subscription', { serviceCode: 'KS-001' });
    await api(x, 'POST', '/cancel-subscription', { serviceCode: 'KS-001' });
    await pay.advanceDays(32);
    await settle();
    const late = await api(x, 'POST', '/resume-subscription', { serviceCode: 'KS-001' });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(paymentMessages.notSubscribed);
  });
});

describe('an unpaid bank-transfer invoice and a cancellation', () => {
  it('stays 未入金 (open, payable) after the cancelled subscription ends, and can still be paid', async () => {
    const x = await tenant();
    const created = await api(x, 'POST', '/confirm-subscription', {
      serviceCode: 'KS-001',
      paymentType: 'INVOICE',
    });
    expect(created.statusCode, created.body).toBe(201);
    await api(x, 'POST', '/cancel-subscription', { serviceCode: 'KS-001' });
    await pay.advanceDays(32);
    await settle();
    expect((await api(x, 'GET', '/subscriptions')).json().data[0].status).toBe('canceled');
    const history = (await api(x, 'GET', '/history')).json().data;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ paymentType: 'INVOICE', paymentStatus: 'PENDING', amountDue: 5500 });
    const customer = (await pay.stripe.customers.list({ limit: 100 })).data.find(
      (c) => c.metadata.lineAccountId === String(x.account.id),
    );
    const [invoice] = (await pay.stripe.invoices.list({ customer: customer!.id })).data;
    expect(invoice!.status).toBe('open');
    await pay.stripe.invoices.pay(invoice!.id, { paid_out_of_band: true });
    await settle();
    expect((await api(x, 'GET', '/history')).json().data[0]).toMatchObject({ paymentStatus: 'COMPLETED' });
  });
});
