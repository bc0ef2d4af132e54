import { Writable } from 'node:stream';
import { declineMessages, paymentMessages } from '@app/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, jobs, lineAccounts, paymentWebhookEvents } from '../../db/schema/index.ts';
import { createClient, createUser, loginAs } from '../../testing/factories.ts';
import { startPaySim, type PaySim } from '../../testing/pay-sim.ts';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';

/**
 * Payments through HTTP on the real stack: the API talks to the payments simulator through the official
 * stripe SDK; Stripe's webhooks come back signed, are stored and processed by jobs.
 */
const C = '/client/api/v1';
const M = '/master/api/v1';
const logLines: string[] = [];
let pay: PaySim;
let t: TestApp;
let seq = 0;

beforeAll(async () => {
  pay = await startPaySim();
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString('utf8'));
      done();
    },
  });
  t = await createTestApp({ ...pay.env, LOG_LEVEL: 'trace' }, { logStream });
  pay.connect(t.app);
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
      channelId: `ch-pay-${seq++}-${Date.now()}`,
      channelSecretEncrypted: 'test-not-a-secret',
      displayName: 'デモ商店 梅田店',
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
const api = (
  x: Tenant,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) => call(t.app, method, `${base(x)}${path}`, { cookie: x.owner, body, headers });

/** Webhooks delivered and their jobs run, as the API process does by itself. */
async function settle() {
  await pay.drain();
  for (let i = 0; i < 5 && (await t.app.jobs.runDue(100)) > 0; i++) await pay.drain();
}

async function masterCookie() {
  return loginAs(t.app, (await createUser(t.db, { role: 'MASTER', position: 'OWNER' })).email);
}

async function setPrice(serviceCode: string, recurringAmount: number) {
  const response = await call(t.app, 'PATCH', `${M}/payment/subscription`, {
    cookie: await masterCookie(),
    body: { serviceCode, recurringAmount },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ productId: string; recurringPriceId: string; recurringAmount: number }>();
}

async function addCard(x: Tenant, number = '4242424242424242') {
  const init = await api(x, 'POST', '/init');
  expect(init.statusCode, init.body).toBe(200);
  const confirmed = await pay.confirmCard(init.json(), number);
  const saved = await api(x, 'POST', '/save-card', { setupIntentId: init.json().setupIntentId });
  return { init: init.json(), confirmed, saved };
}

async function subscribe(
  x: Tenant,
  serviceCode = 'KS-001',
  extra: Record<string, unknown> = {},
  key?: string,
) {
  return api(
    x,
    'POST',
    '/confirm-subscription',
    { serviceCode, ...extra },
    key ? { 'idempotency-key': key } : {},
  );
}

const paymentStatusOf = async (clientId: number) =>
  (await t.db.select().from(clients).where(eq(clients.id, clientId)))[0]!.paymentStatus;

beforeAll(async () => {
  await setPrice('KS-001', 5500);
  await setPrice('KS-002', 3300);
});

describe('access and tenancy', () => {
  it('needs a session, the billing permission, and the caller’s own LINE account', async () => {
    const x = await tenant();
    const y = await tenant();
    expect((await call(t.app, 'GET', `${base(x)}/cards`)).statusCode).toBe(401);
    expect((await call(t.app, 'GET', `${base(x)}/cards`, { cookie: x.staff })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', `${base(x)}/history`, { cookie: x.manager })).statusCode).toBe(200);
    expect((await call(t.app, 'POST', `${base(x)}/init`, { cookie: x.manager })).statusCode).toBe(403);
    // y's owner on x's account: not found, and nothing made at Stripe for it
    const other = await call(t.app, 'POST', `${base(x)}/init`, { cookie: y.owner });
    expect(other.statusCode).toBe(404);
    expect((await call(t.app, 'GET', `${base(x)}/cards`, { cookie: y.owner })).statusCode).toBe(404);
    // a card of another account cannot be made default, deleted, or used to subscribe
    await addCard(y);
    const yCard = (await api(y, 'GET', '/cards')).json().data[0].paymentMethodId as string;
    await addCard(x);
    for (const [method, path] of [
      ['POST', '/method'],
      ['DELETE', '/method'],
    ] as const) {
      const response = await api(x, method, path, { paymentMethodId: yCard });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(paymentMessages.cardNotFound);
    }
    expect((await subscribe(x, 'KS-001', { paymentMethodId: yCard })).statusCode).toBe(404);
    // the master reads a client's billing with x-client-id
    const master = await masterCookie();
    const read = await call(t.app, 'GET', `${base(x)}/cards`, {
      cookie: master,
      headers: { 'x-client-id': String(x.client.id) },
    });
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toHaveLength(1);
  });

  it('answers SPEC texts for bad input and changes nothing', async () => {
    const x = await tenant();
    const bad = await api(x, 'POST', '/confirm-subscription', { serviceCode: 'KS-999' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].message).toBe(paymentMessages.serviceCode);
    const noCard = await subscribe(x);
    expect(noCard.statusCode).toBe(400);
    expect(noCard.json().message).toBe(paymentMessages.noCard);
    expect((await api(x, 'GET', '/subscriptions')).json().data).toEqual([]);
    const noMethod = await api(x, 'POST', '/method', {});
    expect(noMethod.statusCode).toBe(400);
    expect(noMethod.json().errors[0].message).toBe(paymentMessages.paymentMethodId);
  });
});

describe('cards', () => {
  it('saves a card tokenized in the browser, lists it as default, adds, switches and deletes', async () => {
    const x = await tenant();
    const { confirmed, saved } = await addCard(x, '3566002020360505');
    expect(confirmed.ok).toBe(true);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      brand: 'jcb',
      country: 'JP',
      last4: '0505',
      isDefaultCard: true,
      funding: 'credit',
    });

    const second = await api(x, 'POST', '/add-card', {
      paymentMethodId: await pay.tokenize('5555555555554444'),
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ brand: 'mastercard', last4: '4444', isDefaultCard: false });

    const switched = await api(x, 'POST', '/method', { paymentMethodId: second.json().paymentMethodId });
    expect(switched.json().isDefaultCard).toBe(true);
    const cards = (await api(x, 'GET', '/cards')).json().data as { last4: string; isDefaultCard: boolean }[];
    expect(cards.map((c) => [c.last4, c.isDefaultCard]).sort()).toEqual([
      ['0505', false],
      ['4444', true],
    ]);
    const removed = await api(x, 'DELETE', '/method', { paymentMethodId: saved.json().paymentMethodId });
    expect(removed.json()).toEqual({ success: true });
    expect((await api(x, 'GET', '/cards')).json().data).toHaveLength(1);
  });

  it('a declined card is refused with the Japanese reason: generic decline and insufficient funds', async () => {
    const x = await tenant();
    const declined = await addCard(x, '4000000000000002');
    expect(declined.confirmed.ok).toBe(false);
    expect(declined.saved.statusCode).toBe(400);
    expect(declined.saved.json().message).toBe(declineMessages.generic_decline);

    const poor = await api(x, 'POST', '/add-card', {
      paymentMethodId: await pay.tokenize('4000000000009995'),
    });
    expect(poor.statusCode).toBe(400);
    expect(poor.json().message).toBe(declineMessages.insufficient_funds);
    expect((await api(x, 'GET', '/cards')).json().data).toEqual([]);
  });

  it('an id that cannot be a Stripe id is a 400 with the text, never sent to Stripe (a lone surrogate was a 500)', async () => {
    const x = await tenant();
    for (const [path, body] of [
      ['/add-card', { paymentMethodId: '\ud800' }],
      ['/add-card', { paymentMethodId: 'pm_1 OR 1=1' }],
      ['/method', { paymentMethodId: 'pm/../x' }],
    ] as const) {
      const refused = await api(x, 'POST', path, body);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().message).toBe(paymentMessages.paymentMethodId);
    }
    expect((await api(x, 'GET', '/cards')).json().data).toEqual([]);
  });
});

describe('subscriptions', () => {
  it('subscribes by card: 201, a paid invoice with its receipt, next billing, events processed once', async () => {
    const x = await tenant();
    await addCard(x);
    const created = await subscribe(x, 'KS-001');
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      serviceCode: 'KS-001',
      status: 'active',
      amount: 5500,
      paymentType: 'CREDIT',
    });

    const history = (await api(x, 'GET', '/history')).json().data;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      amountPaid: 5500,
      amountDue: 5500,
      currency: 'jpy',
      paymentStatus: 'COMPLETED',
      serviceCode: 'KS-001',
      lineAccountId: x.account.id,
    });
    expect(history[0].receiptUrl).toMatch(/\/invoices\/in_/);
    const receipt = await fetch(history[0].receiptUrl);
    expect(receipt.status).toBe(200);

    const next = (await api(x, 'GET', '/next-billing')).json();
    expect(next).toMatchObject({ nextBillingAmount: 5500, isInTrialPeriod: false });
    expect(new Date(next.nextBillingDate).getTime()).toBe(
      new Date(created.json().currentPeriodEnd).getTime(),
    );

    await settle();
    expect(await paymentStatusOf(x.client.id)).toBe('ACTIVE');
    // the webhooks stored once each, all processed
    const events = await t.db.select().from(paymentWebhookEvents);
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((e) => e.processedAt !== null)).toBe(true);
    // the same subscription twice: refused
    const again = await subscribe(x, 'KS-001');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(paymentMessages.alreadySubscribed);
  });

  it('a declined first charge answers 400 with the reason and leaves no subscription', async () => {
    const x = await tenant();
    await api(x, 'POST', '/add-card', { paymentMethodId: await pay.tokenize('4000000000000341') });
    const refused = await subscribe(x, 'KS-002');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(declineMessages.generic_decline);
    await settle();
    expect((await api(x, 'GET', '/subscriptions')).json().data).toEqual([]);
    expect((await api(x, 'GET', '/next-billing')).json()).toEqual({
      nextBillingDate: null,
      nextBillingAmount: null,
      isInTrialPeriod: false,
    });
  });

  it('renews a month later; a failed renewal shows FAILED, the client PENDING and the master sees it', async () => {
    const x = await tenant();
    await addCard(x);
    expect((await subscribe(x, 'KS-002')).statusCode).toBe(201);
    await pay.advanceDays(32);
    await settle();
    let history = (await api(x, 'GET', '/history')).json().data as {
      paymentStatus: string;
      amountPaid: number;
    }[];
    expect(history.map((h) => [h.paymentStatus, h.amountPaid])).toEqual([
      ['COMPLETED', 3300],
      ['COMPLETED', 3300],
    ]);

    // the card stops working: the next renewal fails
    const failing = await api(x, 'POST', '/add-card', {
      paymentMethodId: await pay.tokenize('4000000000000341'),
    });
    await api(x, 'POST', '/method', { paymentMethodId: failing.json().paymentMethodId });
    await pay.advanceDays(31);
    await settle();
    history = (await api(x, 'GET', '/history')).json().data;
    expect(history[0]!.paymentStatus).toBe('FAILED');
    expect((await api(x, 'GET', '/subscriptions')).json().data[0].status).toBe('past_due');
    expect(await paymentStatusOf(x.client.id)).toBe('PENDING');
    const failed = await call(t.app, 'GET', `${M}/payment/failed`, { cookie: await masterCookie() });
    expect(failed.statusCode).toBe(200);
    expect(
      failed
        .json()
        .data.some((f: { lineAccountId: number; companyName: string }) => f.lineAccountId === x.account.id),
    ).toBe(true);
    expect(failed.json().total).toBeGreaterThan(0);
  });

  it('cancels at the end of the period: nothing more is charged and the client is CLOSED', async () => {
    const x = await tenant();
    await addCard(x);
    await subscribe(x, 'KS-001');
    const canceled = await api(x, 'POST', '/cancel-subscription', { serviceCode: 'KS-001' });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json().cancelAtPeriodEnd).toBe(true);
    expect((await api(x, 'GET', '/next-billing')).json().nextBillingDate).toBeNull();
    await pay.advanceDays(32);
    await settle();
    expect((await api(x, 'GET', '/subscriptions')).json().data[0].status).toBe('canceled');
    expect((await api(x, 'GET', '/history')).json().data).toHaveLength(1);
    expect(await paymentStatusOf(x.client.id)).toBe('CLOSED');
  });

  it('by invoice: a PENDING bank-transfer invoice due in 14 days', async () => {
    const x = await tenant();
    const created = await subscribe(x, 'KS-002', { paymentType: 'INVOICE' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().paymentType).toBe('INVOICE');
    const [entry] = (await api(x, 'GET', '/history')).json().data;
    expect(entry).toMatchObject({
      paymentType: 'INVOICE',
      paymentStatus: 'PENDING',
      amountDue: 3300,
      amountPaid: 0,
    });
    expect(entry.dueDate).not.toBeNull();
    expect(entry.invoicePdfUrl).toMatch(/\/pdf$/);
  });

  it('a price change moves subscriptions at their next period (no proration)', async () => {
    const x = await tenant();
    await addCard(x);
    await subscribe(x, 'KS-001');
    const before = (await api(x, 'GET', '/history')).json().data;
    const price = await setPrice('KS-001', 6600);
    expect(price.recurringAmount).toBe(6600);
    await settle(); // the move-price jobs
    const [view] = (await api(x, 'GET', '/subscriptions')).json().data;
    expect(view).toMatchObject({ amount: 6600, recurringPriceId: price.recurringPriceId });
    expect((await api(x, 'GET', '/history')).json().data).toEqual(before);
    await pay.advanceDays(32);
    await settle();
    const [latest] = (await api(x, 'GET', '/history')).json().data;
    expect(latest.amountPaid).toBe(6600);
    await setPrice('KS-001', 5500);
    await settle();
  });

  it('an idempotent retry answers the same subscription and charges once', async () => {
    const x = await tenant();
    await addCard(x);
    const first = await subscribe(x, 'KS-002', {}, 'retry-key-0001');
    const second = await subscribe(x, 'KS-002', {}, 'retry-key-0001');
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect((await api(x, 'GET', '/history')).json().data).toHaveLength(1);
    const customer = (await pay.stripe.customers.list({ limit: 100 })).data.find(
      (c) => c.metadata.lineAccountId === String(x.account.id),
    )!;
    expect((await pay.stripe.invoices.list({ customer: customer.id })).data).toHaveLength(1);
  });
});

describe('webhook receiver', () => {
  it('refuses a bad signature; a redelivered event is stored and processed once', async () => {
    const bad = await call(t.app, 'POST', '/payment/webhook/stripe', {
      noOrigin: true,
      headers: { 'stripe-signature': 't=1,v1=00', 'content-type': 'application/json' },
      body: { id: 'evt_forged', type: 'invoice.paid' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(paymentMessages.invalidSignature);

    const x = await tenant();
    await addCard(x);
    await subscribe(x, 'KS-001');
    await settle();
    const [event] = (await pay.stripe.events.list({ type: 'invoice.paid', limit: 1 })).data;
    const payload = JSON.stringify(event);
    const { signPayload } = await import('@app/pay-sim');
    const signature = signPayload(payload, pay.env.PAY_SIM_WEBHOOK_SECRET, Math.floor(Date.now() / 1000));
    const jobsBefore = (await t.db.select().from(jobs)).length;
    const again = await t.app.inject({
      method: 'POST',
      url: '/payment/webhook/stripe',
      headers: { 'stripe-signature': signature, 'content-type': 'application/json' },
      payload,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ received: true, duplicate: true });
    expect((await t.db.select().from(jobs)).length).toBe(jobsBefore);
  });
});

describe('master', () => {
  it('sets prices (new price id each time) and lists them', async () => {
    const first = await setPrice('KS-002', 4400);
    const second = await setPrice('KS-002', 3300);
    expect(second.productId).toBe(first.productId);
    expect(second.recurringPriceId).not.toBe(first.recurringPriceId);
    expect((await pay.stripe.prices.retrieve(first.recurringPriceId)).active).toBe(false);
    const list = await call(t.app, 'GET', `${M}/payment/prices`, { cookie: await masterCookie() });
    expect(
      list
        .json()
        .data.map((p: { serviceCode: string; recurringAmount: number }) => [
          p.serviceCode,
          p.recurringAmount,
        ]),
    ).toEqual([
      ['KS-001', 5500],
      ['KS-002', 3300],
    ]);
    const bad = await call(t.app, 'PATCH', `${M}/payment/subscription`, {
      cookie: await masterCookie(),
      body: { serviceCode: 'KS-001', recurringAmount: 12.5 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].message).toBe(paymentMessages.recurringAmount);
  });

  it('deletes a LINE account’s test payment data', async () => {
    const x = await tenant();
    await addCard(x);
    await subscribe(x, 'KS-001');
    await settle();
    const response = await call(t.app, 'POST', `${M}/payment/delete-test`, {
      cookie: await masterCookie(),
      body: { clientId: x.client.id, lineAccountId: x.account.id },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ success: true, deletedSubscriptions: 1, deletedTransactions: 1 });
    expect((await api(x, 'GET', '/history')).json().data).toEqual([]);
    expect((await api(x, 'GET', '/cards')).json().data).toEqual([]);
    // the account starts again with a new customer at Stripe
    const again = await addCard(x);
    expect(again.saved.statusCode, again.saved.body).toBe(200);
    expect((await api(x, 'GET', '/cards')).json().data).toHaveLength(1);
    const wrong = await call(t.app, 'POST', `${M}/payment/delete-test`, {
      cookie: await masterCookie(),
      body: { clientId: x.client.id + 100000, lineAccountId: x.account.id },
    });
    expect(wrong.statusCode).toBe(404);
  });
});

describe('card data never reaches the server', () => {
  it('after every card flow, no table and no log line holds a test card number', async () => {
    const x = await tenant();
    const numbers = [
      '4242424242424242',
      '4000000000000002',
      '4000000000009995',
      '5555555555554444',
      '4000000000000341',
    ];
    for (const number of numbers) await addCard(x, number);
    await api(x, 'POST', '/add-card', { paymentMethodId: await pay.tokenize('3566002020360505') });
    await subscribe(x, 'KS-001');
    await subscribe(x, 'KS-002', { paymentType: 'INVOICE' });
    await pay.advanceDays(32);
    await settle();

    const result: unknown = await t.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    const tables = (result as { rows: { table_name: string }[] }).rows;
    expect(tables.map((r) => r.table_name)).toEqual(expect.arrayContaining(['payment_transactions', 'jobs']));
    let dump = '';
    for (const { table_name } of tables) {
      const content = await t.db.execute(sql.raw(`select * from "${table_name}"`));
      dump += JSON.stringify(content);
    }
    expect(dump.length).toBeGreaterThan(1000);
    expect(dump).toContain('4242'); // the last four digits are kept, and only them
    const logs = logLines.join('\n');
    expect(logs.length).toBeGreaterThan(1000);
    for (const number of [...numbers, '3566002020360505']) {
      expect(dump).not.toContain(number);
      expect(logs).not.toContain(number);
      // and no CVC or expiry sent with the cards was kept as such
    }
    expect(dump).not.toMatch(/"cvc"|"cvv"|card\[number\]/);
  });
});
