import { isRegistrationNumber } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config/env.ts';
import { productionEnv } from '../../testing/production-env.ts';
import { lineAccounts, paymentCustomers } from '../../db/schema/index.ts';
import { createClient, createUser, loginAs } from '../../testing/factories.ts';
import { startPaySim, type PaySim } from '../../testing/pay-sim.ts';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';

/**
 * Invoices for Japan through HTTP: amounts in integer yen with the 10% consumption tax, the qualified
 * invoice (適格請求書) as a PDF our server makes, bank-transfer invoices marked paid at the gateway, and
 * one gateway customer per LINE account however many first calls race.
 */
const C = '/client/api/v1';
const M = '/master/api/v1';
const ISSUER = {
  INVOICE_ISSUER_NAME: '株式会社テスト運営',
  INVOICE_ISSUER_ADDRESS: '東京都千代田区丸の内1-1-1',
  INVOICE_REGISTRATION_NUMBER: 'T8010001213708',
};
let pay: PaySim;
let t: TestApp;
let seq = 0;

beforeAll(async () => {
  pay = await startPaySim();
  t = await createTestApp({ ...pay.env, ...ISSUER });
  pay.connect(t.app);
  const master = await loginAs(t.app, (await createUser(t.db, { role: 'MASTER', position: 'OWNER' })).email);
  for (const [serviceCode, recurringAmount] of [
    ['KS-001', 5500],
    ['KS-002', 3333],
  ] as const) {
    const response = await call(t.app, 'PATCH', `${M}/payment/subscription`, {
      cookie: master,
      body: { serviceCode, recurringAmount },
    });
    expect(response.statusCode, response.body).toBe(200);
  }
}, 60_000);
afterAll(async () => {
  await t.close();
  await pay.close();
});

async function tenant(companyName = 'デモ商店株式会社') {
  const client = await createClient(t.db, { contractStatus: 'ACTIVE', companyName });
  const [account] = await t.db
    .insert(lineAccounts)
    .values({
      clientId: client.id,
      channelId: `ch-inv-${seq++}-${Date.now()}`,
      channelSecretEncrypted: 'test-not-a-secret',
      displayName: 'デモ商店 梅田店',
      // the back office's header title: never what the invoice or the gateway's customer is named
      title: '管理画面タイトル',
    })
    .returning();
  const cookieOf = async (position: 'OWNER' | 'MANAGER' | 'STAFF') =>
    loginAs(t.app, (await createUser(t.db, { role: 'CLIENT', position, clientId: client.id })).email);
  return {
    client,
    account: account!,
    owner: await cookieOf('OWNER'),
    manager: await cookieOf('MANAGER'),
    staff: await cookieOf('STAFF'),
  };
}
type Tenant = Awaited<ReturnType<typeof tenant>>;

const base = (x: Tenant) => `${C}/line-account/${x.account.id}/payment`;
const api = (x: Tenant, method: 'GET' | 'POST', path: string, body?: unknown) =>
  call(t.app, method, `${base(x)}${path}`, { cookie: x.owner, body });

async function settle() {
  await pay.drain();
  for (let i = 0; i < 5 && (await t.app.jobs.runDue(100)) > 0; i++) await pay.drain();
}

const customersAtGateway = async (x: Tenant) =>
  (await pay.stripe.customers.list({ limit: 100 })).data.filter(
    (c) => c.metadata.lineAccountId === String(x.account.id),
  );

describe('one gateway customer per LINE account', () => {
  it('two first calls at once make one customer, and both setup intents are its', async () => {
    const x = await tenant();
    const [a, b] = await Promise.all([api(x, 'POST', '/init'), api(x, 'POST', '/init')]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    const rows = await t.db
      .select()
      .from(paymentCustomers)
      .where(eq(paymentCustomers.lineAccountId, x.account.id));
    expect(rows).toHaveLength(1);
    const atGateway = await customersAtGateway(x);
    expect(atGateway.map((c) => c.id)).toEqual([rows[0]!.stripeCustomerId]);
    // each page's card lands on the account's customer
    for (const init of [a.json(), b.json()]) {
      const intent = await pay.stripe.setupIntents.retrieve(init.setupIntentId);
      expect(intent.customer).toBe(rows[0]!.stripeCustomerId);
    }
    const confirmed = await pay.confirmCard(b.json(), '4242424242424242');
    expect(confirmed.ok).toBe(true);
    const saved = await api(x, 'POST', '/save-card', { setupIntentId: b.json().setupIntentId });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('a first invoice subscription racing a card page makes one customer too', async () => {
    const x = await tenant();
    const [init, subscribed] = await Promise.all([
      api(x, 'POST', '/init'),
      api(x, 'POST', '/confirm-subscription', { serviceCode: 'KS-002', paymentType: 'INVOICE' }),
    ]);
    expect(init.statusCode, init.body).toBe(200);
    expect(subscribed.statusCode, subscribed.body).toBe(201);
    expect(await customersAtGateway(x)).toHaveLength(1);
  });
});

const pdfText = async (bytes: Buffer) => {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text;
};
const getPdf = (x: Tenant, paymentId: number, cookie = x.owner, headers: Record<string, string> = {}) =>
  call(t.app, 'GET', `${base(x)}/invoice/${paymentId}/pdf`, { cookie, headers });

async function addCard(x: Tenant) {
  const init = (await api(x, 'POST', '/init')).json();
  await pay.confirmCard(init, '4242424242424242');
  expect((await api(x, 'POST', '/save-card', { setupIntentId: init.setupIntentId })).statusCode).toBe(200);
}

describe('consumption tax', () => {
  it('the catalogue and the history show the tax-inclusive yen amount and the 10% tax it includes', async () => {
    const x = await tenant();
    const catalogue = await call(t.app, 'GET', `${C}/payment/prices`, { cookie: x.owner });
    expect(catalogue.statusCode, catalogue.body).toBe(200);
    expect(catalogue.json().data).toEqual([
      { serviceCode: 'KS-001', recurringAmount: 5500, currency: 'jpy', taxRate: 10, taxAmount: 500 },
      { serviceCode: 'KS-002', recurringAmount: 3333, currency: 'jpy', taxRate: 10, taxAmount: 303 },
    ]);
    await addCard(x);
    expect((await api(x, 'POST', '/confirm-subscription', { serviceCode: 'KS-002' })).statusCode).toBe(201);
    const [entry] = (await api(x, 'GET', '/history')).json().data;
    expect(entry).toMatchObject({ amountDue: 3333, amountPaid: 3333, taxRate: 10, taxAmount: 303 });
  });
});

describe('the qualified invoice PDF', () => {
  it('carries the issuer, registration number, date, buyer, item, 10% amount and tax, total', async () => {
    const x = await tenant('株式会社サンプル商事');
    await addCard(x);
    expect((await api(x, 'POST', '/confirm-subscription', { serviceCode: 'KS-001' })).statusCode).toBe(201);
    const [entry] = (await api(x, 'GET', '/history')).json().data;
    const response = await getPdf(x, entry.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="invoice-.+\.pdf"$/);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(response.rawPayload);
    // the LINE account is named by its display name, not by the back office's branding title
    expect(text).toContain('デモ商店 梅田店');
    expect(text).not.toContain('管理画面タイトル');
    expect((await customersAtGateway(x)).map((c) => c.name)).toEqual(['デモ商店 梅田店']);
    for (const expected of [
      '適格請求書',
      ISSUER.INVOICE_ISSUER_NAME,
      ISSUER.INVOICE_ISSUER_ADDRESS,
      `登録番号 ${ISSUER.INVOICE_REGISTRATION_NUMBER}`,
      '株式会社サンプル商事 御中',
      entry.invoiceNumber,
      '会員サービス（KS-001）月額利用料',
      '10%対象（税込）',
      'うち消費税（10%）',
      '¥5,500',
      '¥500',
      '¥5,000',
      'クレジットカード',
      'お支払い済み',
    ]) {
      expect(text).toContain(expected);
    }
    // the date of the transaction, in Japan's calendar
    const issued = new Intl.DateTimeFormat('ja-JP', {
      timeZone: 'Asia/Tokyo',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
    }).format(new Date(entry.createdAt));
    expect(text).toContain(`発行日 ${issued}`);
  });

  it('is the account’s own: managers and the master read it; staff, other clients and other ids do not', async () => {
    const x = await tenant();
    const y = await tenant();
    expect(
      (await api(x, 'POST', '/confirm-subscription', { serviceCode: 'KS-002', paymentType: 'INVOICE' }))
        .statusCode,
    ).toBe(201);
    const [entry] = (await api(x, 'GET', '/history')).json().data;
    expect((await call(t.app, 'GET', `${base(x)}/invoice/${entry.id}/pdf`)).statusCode).toBe(401);
    expect((await getPdf(x, entry.id, x.staff)).statusCode).toBe(403);
    expect((await getPdf(x, entry.id, x.manager)).statusCode).toBe(200);
    const master = await loginAs(
      t.app,
      (await createUser(t.db, { role: 'MASTER', position: 'OWNER' })).email,
    );
    expect((await getPdf(x, entry.id, master, { 'x-client-id': String(x.client.id) })).statusCode).toBe(200);
    // y's owner: on x's account, and x's payment through y's own account
    expect((await getPdf(x, entry.id, y.owner)).statusCode).toBe(404);
    const crossed = await call(t.app, 'GET', `${base(y)}/invoice/${entry.id}/pdf`, { cookie: y.owner });
    expect(crossed.statusCode).toBe(404);
    expect(crossed.json().message).toBe('この請求書は見つかりません。');
    expect((await getPdf(x, 2_147_483_647)).statusCode).toBe(404);
    expect((await call(t.app, 'GET', `${base(x)}/invoice/abc/pdf`, { cookie: x.owner })).statusCode).toBe(
      400,
    );
  });
});

describe('bank transfer (INVOICE)', () => {
  it('an open invoice due in 14 days is 未入金 with the transfer account; marked paid at the gateway it is 入金済', async () => {
    const x = await tenant();
    const created = await api(x, 'POST', '/confirm-subscription', {
      serviceCode: 'KS-001',
      paymentType: 'INVOICE',
    });
    expect(created.statusCode, created.body).toBe(201);
    let [entry] = (await api(x, 'GET', '/history')).json().data;
    expect(entry).toMatchObject({ paymentType: 'INVOICE', paymentStatus: 'PENDING', amountPaid: 0 });
    const days = (new Date(entry.dueDate).getTime() - new Date(entry.createdAt).getTime()) / 86_400_000;
    expect(Math.round(days)).toBe(14);
    let text = await pdfText((await getPdf(x, entry.id)).rawPayload);
    expect(text).toContain('銀行振込');
    expect(text).toContain('未入金');
    expect(text).toContain('お振込先');
    expect(text).toContain('お支払期限');

    // the operator sees the transfer arrive and marks the invoice paid at the gateway (Stripe's dashboard does the same)
    const [invoice] = (await pay.stripe.invoices.list({ customer: (await customersAtGateway(x))[0]!.id }))
      .data;
    const paid = await pay.stripe.invoices.pay(invoice!.id, { paid_out_of_band: true });
    expect(paid.status).toBe('paid');
    await settle();
    [entry] = (await api(x, 'GET', '/history')).json().data;
    expect(entry).toMatchObject({ paymentStatus: 'COMPLETED', amountPaid: 5500, paymentType: 'INVOICE' });
    expect(entry.paidAt).not.toBeNull();
    text = await pdfText((await getPdf(x, entry.id)).rawPayload);
    expect(text).toContain('入金済');
    expect(text).not.toContain('お振込先');
  });
});

describe('the issuer settings', () => {
  it('take a registration number of T and 13 digits with its check digit, and refuse others at start-up', () => {
    expect(isRegistrationNumber('T7000012050002')).toBe(true);
    expect(isRegistrationNumber('T8010001213708')).toBe(true);
    for (const bad of [
      '7000012050002',
      'T700001205000',
      'T70000120500021',
      't7000012050002',
      'T6000012050002',
    ]) {
      expect(isRegistrationNumber(bad)).toBe(false);
    }
    expect(loadConfig({ ...ISSUER }).invoice).toEqual({
      issuerName: ISSUER.INVOICE_ISSUER_NAME,
      issuerAddress: ISSUER.INVOICE_ISSUER_ADDRESS,
      registrationNumber: ISSUER.INVOICE_REGISTRATION_NUMBER,
      bankAccount: expect.any(String),
    });
    expect(() => loadConfig({ INVOICE_REGISTRATION_NUMBER: 'T6000012050002' })).toThrow(
      /INVOICE_REGISTRATION_NUMBER: must be T followed by 13 digits/,
    );
    const live = productionEnv({
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    });
    expect(() => loadConfig(live)).toThrow(ConfigError);
    expect(() => loadConfig(live)).toThrow(
      /INVOICE_ISSUER_NAME and INVOICE_REGISTRATION_NUMBER: required with live Stripe keys/,
    );
    expect(loadConfig({ ...live, ...ISSUER }).invoice.registrationNumber).toBe('T8010001213708');
    // in production without a number: a plain invoice (no demo issuer is made up)
    expect(loadConfig(productionEnv()).invoice).toMatchObject({
      registrationNumber: null,
      issuerAddress: null,
    });
  });
});
