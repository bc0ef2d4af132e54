import fs from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildPaySimulator } from './app.ts';

/**
 * Conformance: the official `stripe` SDK drives the simulator over HTTP; answers are compared with
 * Stripe's own example objects (reference/stripe-fixtures3.json, a copy of shared/reference/stripe) and typed by the SDK.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const fixtures = JSON.parse(fs.readFileSync(path.resolve(here, '../reference/stripe-fixtures3.json'), 'utf8'))
  .resources as Record<string, Record<string, unknown>>;

const SECRET = 'whsec_test_conformance';
const DAY = 86_400;

/** Stripe objects whose keys differ by variant (a `type` picks which sub-object is present). */
const VARIANT_KEYS = new Set([
  'data',
  'metadata',
  'payment_method_options',
  'previous_attributes',
  'pricing',
  'parent',
]);

/** Every field of Stripe's example is answered and no field Stripe does not have, nested objects too. */
const expectStripeShape = (actual: unknown, fixture: unknown, at = '') => {
  const a = actual as Record<string, unknown>;
  const f = fixture as Record<string, unknown>;
  expect(Object.keys(a).sort(), `fields of ${at || 'the object'}`).toEqual(Object.keys(f).sort());
  for (const key of Object.keys(f)) {
    const av = a[key];
    const fv = f[key];
    if (VARIANT_KEYS.has(key) || !av || !fv || typeof av !== 'object' || typeof fv !== 'object') continue;
    if (Array.isArray(fv)) continue;
    expectStripeShape(av, fv, `${at}.${key}`);
  }
};

type Received = { body: string; signature: string };
let sim: ReturnType<typeof buildPaySimulator>;
let hook: Server;
let received: Received[] = [];
let stripe: Stripe;
let browser: Stripe;
let simUrl: string;

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => resolve(body));
  });

beforeAll(async () => {
  hook = createServer((req, res) => {
    void readBody(req).then((body) => {
      received.push({ body, signature: String(req.headers['stripe-signature']) });
      res.writeHead(200).end('{}');
    });
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  const hookPort = (hook.address() as AddressInfo).port;
  sim = buildPaySimulator({
    webhooks: [{ url: `http://127.0.0.1:${hookPort}/hook`, secret: SECRET }],
    webhookRetryDelaysMs: [],
  });
  await sim.listen({ port: 0, host: '127.0.0.1' });
  const port = (sim.server.address() as AddressInfo).port;
  simUrl = `http://127.0.0.1:${port}`;
  const config = { host: '127.0.0.1', port, protocol: 'http' as const, maxNetworkRetries: 0 };
  stripe = new Stripe('sk_test_conformance', config);
  browser = new Stripe('pk_test_conformance', config);
});

afterAll(async () => {
  await sim.close();
  await new Promise((resolve) => hook.close(resolve));
});

beforeEach(() => {
  sim.paySim.store.clear();
  received = [];
});

/** Every event delivered so far, verified by the SDK's constructEvent as the product's receiver does. */
const events = async () => {
  await sim.paySim.webhooks.drain();
  return received.map((r) => stripe.webhooks.constructEvent(r.body, r.signature, SECRET));
};
const advance = async (seconds: number) => {
  const response = await fetch(`${simUrl}/_sim/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advanceSeconds: seconds }),
  });
  expect(response.status).toBe(200);
};

/** The browser's part: tokenize with the publishable key, confirm the setup intent with its secret. */
const saveCard = async (customer: string, number: string) => {
  const intent = await stripe.setupIntents.create({ customer });
  const pm = await browser.paymentMethods.create({
    type: 'card',
    card: { number, exp_month: 12, exp_year: 2034, cvc: '123' },
    billing_details: { name: 'TARO YAMADA' },
  });
  return browser.setupIntents.confirm(intent.id, {
    payment_method: pm.id,
    client_secret: intent.client_secret,
  } as Stripe.SetupIntentConfirmParams);
};

const catalogue = async (amount = 5500) => {
  const product = await stripe.products.create({
    name: 'KS-001 会員サービス',
    metadata: { serviceCode: 'KS-001' },
  });
  const price = await stripe.prices.create({
    product: product.id,
    unit_amount: amount,
    currency: 'jpy',
    recurring: { interval: 'month' },
  });
  return { product, price };
};

const customerWithCard = async (number = '4242424242424242') => {
  const customer = await stripe.customers.create({ email: 'owner@demo.example', name: 'デモ商店株式会社' });
  const intent = await saveCard(customer.id, number);
  const pm = intent.payment_method as string;
  await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: pm } });
  return { customer, pm };
};

describe('answers in Stripe shapes', () => {
  it('customer, payment method, setup intent, product, price, subscription, invoice, payment intent, charge, event', async () => {
    const { customer, pm } = await customerWithCard();
    const { product, price } = await catalogue();
    const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }] });
    const invoice = await stripe.invoices.retrieve(sub.latest_invoice as string);
    const pi = await stripe.paymentIntents.create({
      amount: 1000,
      currency: 'jpy',
      customer: customer.id,
      payment_method: pm,
      confirm: true,
    });
    const charge = await stripe.charges.retrieve(pi.latest_charge as string);
    const intent = (await stripe.setupIntents.list({ customer: customer.id })).data[0]!;

    expectStripeShape(await stripe.customers.retrieve(customer.id), fixtures.customer);
    expectStripeShape(await stripe.paymentMethods.retrieve(pm), fixtures.payment_method);
    expectStripeShape(intent, fixtures.setup_intent);
    expectStripeShape(product, fixtures.product);
    expectStripeShape(price, fixtures.price);
    expectStripeShape(sub, fixtures.subscription);
    expectStripeShape(sub.items.data[0], fixtures.subscription_item);
    expectStripeShape(invoice, fixtures.invoice);
    expectStripeShape(invoice.lines.data[0], (fixtures.invoice!.lines as { data: unknown[] }).data[0]);
    expectStripeShape(pi, fixtures.payment_intent);
    expectStripeShape(charge, fixtures.charge);
    const [event] = await events();
    expectStripeShape(event, fixtures.event);
    expectStripeShape(await stripe.customers.del(customer.id), fixtures.deleted_customer);
  });

  it('answers errors as Stripe does: missing resources, missing params, keys', async () => {
    await expect(stripe.customers.retrieve('cus_missing')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 404,
      code: 'resource_missing',
    });
    await expect(stripe.prices.create({ currency: 'jpy' })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'parameter_missing',
    });
    await expect(browser.customers.create({})).rejects.toMatchObject({ type: 'StripeAuthenticationError' });
    const live = new Stripe('sk_live_nope', {
      host: '127.0.0.1',
      port: Number(new URL(simUrl).port),
      protocol: 'http',
    });
    await expect(live.customers.list()).rejects.toMatchObject({ type: 'StripeAuthenticationError' });
  });
});

describe('cards', () => {
  it('saves a test card through a setup intent, sets it default, lists and detaches it', async () => {
    const customer = await stripe.customers.create({});
    const intent = await saveCard(customer.id, '3566002020360505');
    expect(intent.status).toBe('succeeded');
    const pm = await stripe.paymentMethods.retrieve(intent.payment_method as string);
    expect(pm.customer).toBe(customer.id);
    expect(pm.card).toMatchObject({
      brand: 'jcb',
      country: 'JP',
      last4: '0505',
      exp_month: 12,
      exp_year: 2034,
    });
    expect(pm.card?.checks?.cvc_check).toBe('pass');
    expect(JSON.stringify(pm)).not.toContain('3566002020360505');

    await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: pm.id } });
    const listed = await stripe.customers.listPaymentMethods(customer.id);
    expect(listed.data.map((m) => m.id)).toEqual([pm.id]);
    await stripe.paymentMethods.detach(pm.id);
    expect((await stripe.customers.listPaymentMethods(customer.id)).data).toEqual([]);
    const after = await stripe.customers.retrieve(customer.id);
    expect((after as Stripe.Customer).invoice_settings.default_payment_method).toBeNull();
    const types = (await events()).map((e) => e.type);
    expect(types).toEqual(
      expect.arrayContaining([
        'setup_intent.succeeded',
        'payment_method.attached',
        'payment_method.detached',
      ]),
    );
  });

  it.each([
    ['4000000000000002', 'generic_decline'],
    ['4000000000009995', 'insufficient_funds'],
    ['4000000000000069', 'expired_card'],
  ])('refuses declining card %s with decline code %s', async (number, declineCode) => {
    const customer = await stripe.customers.create({});
    await expect(saveCard(customer.id, number)).rejects.toMatchObject({
      type: 'StripeCardError',
      statusCode: 402,
      decline_code: declineCode,
    });
    expect((await stripe.customers.listPaymentMethods(customer.id)).data).toEqual([]);
    expect((await events()).map((e) => e.type)).toContain('setup_intent.setup_failed');
  });

  it('refuses a card number that is not a test card, or has a wrong check digit', async () => {
    for (const number of ['4242424242424241', '4111111111111112']) {
      await expect(
        browser.paymentMethods.create({
          type: 'card',
          card: { number, exp_month: 1, exp_year: 2040 },
        }),
      ).rejects.toMatchObject({ type: 'StripeCardError' });
    }
  });

  it('takes a setup intent confirmation from the browser only with its client secret', async () => {
    const customer = await stripe.customers.create({});
    const intent = await stripe.setupIntents.create({ customer: customer.id });
    await expect(
      browser.setupIntents.confirm(intent.id, {
        payment_method: 'pm_card_visa',
        client_secret: `${intent.id}_secret_wrong`,
      } as Stripe.SetupIntentConfirmParams),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError' });
  });
});

describe('subscriptions, invoices and the clock', () => {
  it('charges the default card at once, renews a month later and signs every event', async () => {
    const { customer } = await customerWithCard();
    const { price } = await catalogue(5500);
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      payment_behavior: 'error_if_incomplete',
      proration_behavior: 'none',
      expand: ['latest_invoice'],
    });
    expect(sub.status).toBe('active');
    const first = sub.latest_invoice as Stripe.Invoice;
    expect(first).toMatchObject({
      status: 'paid',
      amount_paid: 5500,
      currency: 'jpy',
      billing_reason: 'subscription_create',
    });
    expect(first.hosted_invoice_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/invoices\/in_/);
    const periodEnd = sub.items.data[0]!.current_period_end;

    await advance(32 * DAY);
    const renewed = await stripe.subscriptions.retrieve(sub.id);
    expect(renewed.status).toBe('active');
    expect(renewed.items.data[0]!.current_period_start).toBe(periodEnd);
    const invoices = await stripe.invoices.list({ subscription: sub.id });
    expect(invoices.data.map((i) => [i.billing_reason, i.status, i.amount_paid])).toEqual([
      ['subscription_cycle', 'paid', 5500],
      ['subscription_create', 'paid', 5500],
    ]);
    const types = (await events()).map((e) => e.type);
    expect(types.filter((t) => t === 'invoice.paid')).toHaveLength(2);
    expect(types).toContain('customer.subscription.created');

    const pdf = await fetch(`${simUrl}/invoices/${invoices.data[0]!.id}/pdf`);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect((await pdf.text()).startsWith('%PDF-1.4')).toBe(true);
  });

  it('error_if_incomplete: a declined first charge answers a card error and leaves no subscription', async () => {
    const { customer } = await customerWithCard('4000000000000341');
    const { price } = await catalogue();
    await expect(
      stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: price.id }],
        payment_behavior: 'error_if_incomplete',
      }),
    ).rejects.toMatchObject({ type: 'StripeCardError', code: 'card_declined' });
    expect((await stripe.subscriptions.list({ customer: customer.id, status: 'all' })).data).toEqual([]);
  });

  it('a failed renewal makes the subscription past_due, retries and cancels after the last retry', async () => {
    const { customer } = await customerWithCard();
    const { price } = await catalogue();
    const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }] });
    // The card stops working: the customer's default becomes a card whose charges fail.
    const failing = await saveCard(customer.id, '4000000000000341');
    await stripe.customers.update(customer.id, {
      invoice_settings: { default_payment_method: failing.payment_method as string },
    });
    await advance(32 * DAY);
    expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe('past_due');
    const [open] = (await stripe.invoices.list({ subscription: sub.id, status: 'open' })).data;
    expect(open).toMatchObject({ attempt_count: 1, attempted: true });
    expect(open!.next_payment_attempt).toBeGreaterThan(0);
    expect((await events()).map((e) => e.type)).toContain('invoice.payment_failed');

    await advance(20 * DAY);
    const ended = await stripe.subscriptions.retrieve(sub.id);
    expect(ended.status).toBe('canceled');
    expect(ended.cancellation_details?.reason).toBe('payment_failed');
    expect((await stripe.invoices.retrieve(open!.id)).attempt_count).toBe(4);
  });

  it('a trial costs nothing until it ends, then charges', async () => {
    const { customer } = await customerWithCard();
    const { price } = await catalogue(3300);
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      trial_period_days: 14,
    });
    expect(sub.status).toBe('trialing');
    expect(sub.trial_end! - sub.trial_start!).toBe(14 * DAY);
    await advance(15 * DAY);
    const after = await stripe.subscriptions.retrieve(sub.id, { expand: ['latest_invoice'] });
    expect(after.status).toBe('active');
    expect(after.latest_invoice).toMatchObject({ amount_paid: 3300, status: 'paid' });
  });

  it('send_invoice: an open invoice with a due date, paid by bank transfer; overdue makes it past_due', async () => {
    const customer = await stripe.customers.create({ email: 'keiri@demo.example' });
    const { price } = await catalogue(11000);
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      collection_method: 'send_invoice',
      days_until_due: 14,
    });
    const invoice = await stripe.invoices.retrieve(sub.latest_invoice as string);
    expect(invoice).toMatchObject({ status: 'open', collection_method: 'send_invoice', amount_due: 11000 });
    expect(invoice.due_date! - invoice.created).toBe(14 * DAY);
    const paid = await stripe.invoices.pay(invoice.id, { paid_out_of_band: true });
    expect(paid.status).toBe('paid');

    // the console's "Mark as paid" on the next invoice page does the same, and sends invoice.paid
    await advance(32 * DAY);
    const [next] = (await stripe.invoices.list({ subscription: sub.id, status: 'open' })).data;
    const page = await (await fetch(`${simUrl}/invoices/${next!.id}`)).text();
    expect(page).toContain(`action="/_sim/invoices/${next!.id}/mark-paid"`);
    const marked = await fetch(`${simUrl}/_sim/invoices/${next!.id}/mark-paid`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      redirect: 'manual',
    });
    expect(marked.status).toBe(303);
    expect(marked.headers.get('location')).toBe(`/invoices/${next!.id}`);
    expect(await stripe.invoices.retrieve(next!.id)).toMatchObject({ status: 'paid', amount_paid: 11000 });
    expect(
      (await events())
        .filter((e) => e.type === 'invoice.paid')
        .map((e) => (e.data.object as { id: string }).id),
    ).toContain(next!.id);
    const again = await fetch(`${simUrl}/_sim/invoices/${next!.id}/mark-paid`, { method: 'POST' });
    expect(again.status).toBe(400);

    // the one after is not paid: overdue
    await advance(32 * DAY + 15 * DAY);
    expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe('past_due');
    expect((await events()).map((e) => e.type)).toEqual(
      expect.arrayContaining(['invoice.sent', 'invoice.overdue']),
    );
  });

  it('cancels at period end or at once', async () => {
    const { customer } = await customerWithCard();
    const { price } = await catalogue();
    const later = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }] });
    const now = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }] });
    const marked = await stripe.subscriptions.update(later.id, { cancel_at_period_end: true });
    expect(marked.cancel_at).toBe(later.items.data[0]!.current_period_end);
    const canceled = await stripe.subscriptions.cancel(now.id);
    expect(canceled.status).toBe('canceled');
    await advance(32 * DAY);
    expect((await stripe.subscriptions.retrieve(later.id)).status).toBe('canceled');
    expect((await stripe.invoices.list({ subscription: later.id })).data).toHaveLength(1);
    expect((await events()).filter((e) => e.type === 'customer.subscription.deleted')).toHaveLength(2);
  });

  it('a new price without proration applies from the next period', async () => {
    const { customer } = await customerWithCard();
    const { product, price } = await catalogue(5500);
    const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }] });
    const newPrice = await stripe.prices.create({
      product: product.id,
      unit_amount: 6600,
      currency: 'jpy',
      recurring: { interval: 'month' },
    });
    await stripe.subscriptions.update(sub.id, {
      items: [{ id: sub.items.data[0]!.id, price: newPrice.id }],
      proration_behavior: 'none',
    });
    expect((await stripe.invoices.list({ subscription: sub.id })).data).toHaveLength(1);
    await advance(32 * DAY);
    const [latest] = (await stripe.invoices.list({ subscription: sub.id })).data;
    expect(latest!.amount_paid).toBe(6600);
  });
});

describe('payment intents and idempotency', () => {
  it('confirms a payment intent, and answers a decline as a card error', async () => {
    const customer = await stripe.customers.create({});
    const ok = await stripe.paymentIntents.create({
      amount: 500,
      currency: 'jpy',
      customer: customer.id,
      payment_method: 'pm_card_visa',
      confirm: true,
    });
    expect(ok.status).toBe('succeeded');
    await expect(
      stripe.paymentIntents.create({
        amount: 500,
        currency: 'jpy',
        payment_method: 'pm_card_chargeDeclinedInsufficientFunds',
        confirm: true,
      }),
    ).rejects.toMatchObject({ type: 'StripeCardError', decline_code: 'insufficient_funds' });
  });

  it('a repeated idempotency key answers the first result; other parameters under it are refused', async () => {
    const { customer } = await customerWithCard();
    const { price } = await catalogue();
    const params = { customer: customer.id, items: [{ price: price.id }] };
    const first = await stripe.subscriptions.create(params, { idempotencyKey: 'sub-create-1' });
    const again = await stripe.subscriptions.create(params, { idempotencyKey: 'sub-create-1' });
    expect(again.id).toBe(first.id);
    expect((await stripe.invoices.list({ customer: customer.id })).data).toHaveLength(1);
    await expect(
      stripe.subscriptions.create(
        { ...params, metadata: { other: 'yes' } },
        { idempotencyKey: 'sub-create-1' },
      ),
    ).rejects.toMatchObject({ type: 'StripeIdempotencyError' });
  });

  it('a tampered webhook body fails the signature check', async () => {
    await stripe.customers.create({});
    await sim.paySim.webhooks.drain();
    const [first] = received;
    expect(() =>
      stripe.webhooks.constructEvent(first!.body.replace('customer', 'xustomer'), first!.signature, SECRET),
    ).toThrow(/signature/i);
  });
});
