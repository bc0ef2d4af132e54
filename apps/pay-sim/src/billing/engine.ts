import { createHash } from 'node:crypto';
import { cardError, invalidRequest, missingParam, resourceMissing, StripeApiError } from '../http/errors.ts';
import type { FormObject } from '../http/form.ts';
import { newId, type Obj, type PaySimStore } from '../state/store.ts';
import { lookUpCard, TEST_PAYMENT_METHOD_TOKENS, type TestCard } from './cards.ts';
import {
  cardPaymentMethodObject,
  chargeObject,
  customerObject,
  eventObject,
  invoiceLineObject,
  invoiceObject,
  paymentIntentObject,
  priceObject,
  productObject,
  setupIntentObject,
  subscriptionItemObject,
  subscriptionObject,
} from './objects.ts';
import type { WebhookSender } from './webhooks.ts';

export type RequestInfo = { id: string | null; idempotencyKey: string | null };

/** Days between retries of a failed renewal; after the last one the subscription is canceled (Stripe's default). */
const RETRY_DAYS = [3, 5, 7];
const DAY = 86_400;

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const int = (v: unknown, param: string): number | undefined => {
  if (v === undefined || v === '') return undefined;
  const n = Number(v);
  if (!Number.isInteger(n)) throw invalidRequest(`Invalid integer: ${String(v)}`, param);
  return n;
};
const bool = (v: unknown) => v === 'true' || v === true;

const addMonths = (seconds: number, months: number, anchorDay: number) => {
  const d = new Date(seconds * 1000);
  const target = new Date(
    Date.UTC(
      d.getUTCFullYear(),
      d.getUTCMonth() + months,
      1,
      d.getUTCHours(),
      d.getUTCMinutes(),
      d.getUTCSeconds(),
    ),
  );
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(anchorDay, lastDay));
  return Math.floor(target.getTime() / 1000);
};

const periodEnd = (start: number, price: Obj, anchorDay: number) => {
  const r = price.recurring as Obj;
  const count = Number(r.interval_count ?? 1);
  switch (r.interval) {
    case 'day':
      return start + count * DAY;
    case 'week':
      return start + count * 7 * DAY;
    case 'year':
      return addMonths(start, 12 * count, anchorDay);
    default:
      return addMonths(start, count, anchorDay);
  }
};

/**
 * The part of Stripe's API the product uses, on an in-memory store: every call of the routes lands here.
 * Time is the simulator's clock (`now()`), which tests move with `advanceClock`; moving it runs what
 * falls due (renewals, trial ends, retries of failed payments, invoice due dates) in order.
 */
export class PaySimEngine {
  constructor(
    readonly store: PaySimStore,
    private readonly webhooks: WebhookSender,
    readonly publicBaseUrl: () => string,
    readonly apiVersion: string,
  ) {}

  /** Unix seconds on the simulator's clock. */
  now() {
    return Math.floor(Date.now() / 1000) + this.store.clockOffset;
  }

  private atTime: number | null = null;
  private time() {
    return this.atTime ?? this.now();
  }

  // ---- events ----
  emit(type: string, object: Obj, request: RequestInfo | null, previous?: Obj) {
    const event = eventObject(
      newId('evt'),
      this.time(),
      type,
      structuredClone(object),
      previous,
      { id: request?.id ?? null, idempotency_key: request?.idempotencyKey ?? null },
      this.apiVersion,
    );
    this.store.put(event);
    this.webhooks.send(event);
    return event;
  }

  // ---- lookups ----
  need(id: unknown, object: string, kind: string, param = 'id'): Obj {
    if (typeof id !== 'string' || id === '') throw missingParam(param);
    const found = this.store.get(id, object);
    if (!found || found.deleted) throw resourceMissing(kind, id, param);
    return found;
  }

  // ---- customers ----
  createCustomer(p: FormObject, request: RequestInfo) {
    const customer = this.store.put(customerObject(newId('cus', 14), this.time(), p));
    if (customer.invoice_settings.default_payment_method) {
      this.need(customer.invoice_settings.default_payment_method, 'payment_method', 'PaymentMethod');
    }
    this.emit('customer.created', customer, request);
    return customer;
  }

  updateCustomer(id: string, p: FormObject, request: RequestInfo) {
    const customer = this.need(id, 'customer', 'customer');
    const previous: Obj = {};
    for (const field of ['email', 'name', 'description', 'phone'] as const) {
      if (p[field] !== undefined) {
        previous[field] = customer[field];
        customer[field] = p[field] === '' ? null : p[field];
      }
    }
    if (p.metadata !== undefined) {
      previous.metadata = customer.metadata;
      customer.metadata = { ...customer.metadata, ...(p.metadata as Obj) };
    }
    const settings = p.invoice_settings as Obj | undefined;
    if (settings?.default_payment_method !== undefined) {
      const pmId = str(settings.default_payment_method) || null;
      if (pmId) {
        const pm = this.need(
          pmId,
          'payment_method',
          'PaymentMethod',
          'invoice_settings[default_payment_method]',
        );
        if (pm.customer !== id) {
          throw invalidRequest(
            `The customer does not have a payment method with the ID ${pmId}. The payment method must be attached to the customer.`,
            'invoice_settings[default_payment_method]',
          );
        }
      }
      previous.invoice_settings = { ...customer.invoice_settings };
      customer.invoice_settings.default_payment_method = pmId;
    }
    this.emit('customer.updated', customer, request, previous);
    return customer;
  }

  deleteCustomer(id: string, request: RequestInfo) {
    const customer = this.need(id, 'customer', 'customer');
    for (const sub of this.store.all('subscription')) {
      if (sub.customer === id && !['canceled', 'incomplete_expired'].includes(sub.status as string)) {
        this.endSubscription(sub, request, 'cancellation_requested');
      }
    }
    for (const pm of this.store.all('payment_method')) if (pm.customer === id) pm.customer = null;
    customer.deleted = true;
    this.emit('customer.deleted', customer, request);
    return { id, object: 'customer', deleted: true };
  }

  // ---- payment methods ----
  /** A new card payment method from raw card details (publishable key: the browser's tokenization). */
  createCardPaymentMethod(p: FormObject) {
    if (p.type !== 'card')
      throw invalidRequest('This simulator supports payment methods of type card.', 'type');
    const card = (p.card ?? {}) as Obj;
    if (typeof card.number !== 'string') throw missingParam('card[number]');
    const found = lookUpCard(card.number);
    if (!found.ok) throw cardError(found.code, found.message, { param: 'card[number]' });
    const expMonth = int(card.exp_month, 'card[exp_month]');
    const expYear = int(card.exp_year, 'card[exp_year]');
    if (expMonth === undefined || expMonth < 1 || expMonth > 12) {
      throw cardError('invalid_expiry_month', "Your card's expiration month is invalid.", {
        param: 'card[exp_month]',
      });
    }
    const fullYear = expYear !== undefined && expYear < 100 ? 2000 + expYear : expYear;
    const nowDate = new Date(this.time() * 1000);
    if (
      fullYear === undefined ||
      fullYear < nowDate.getUTCFullYear() ||
      (fullYear === nowDate.getUTCFullYear() && expMonth < nowDate.getUTCMonth() + 1)
    ) {
      throw cardError('invalid_expiry_year', "Your card's expiration year is invalid.", {
        param: 'card[exp_year]',
      });
    }
    const cvc = str(card.cvc);
    if (cvc !== undefined && !/^\d{3,4}$/.test(cvc)) {
      throw cardError('invalid_cvc', "Your card's security code is invalid.", { param: 'card[cvc]' });
    }
    const billing = (p.billing_details ?? {}) as Obj;
    return this.paymentMethodOf(
      found.card,
      expMonth,
      fullYear,
      cvc ? (found.card.cvcCheck ?? 'pass') : null,
      str(billing.name) ?? null,
      (p.metadata as Obj) ?? {},
    );
  }

  private paymentMethodOf(
    card: TestCard,
    expMonth: number,
    expYear: number,
    cvcCheck: string | null,
    name: string | null,
    metadata: Obj,
  ) {
    const pm = cardPaymentMethodObject(
      newId('pm'),
      this.time(),
      {
        brand: card.brand,
        country: card.country,
        funding: card.funding,
        last4: card.number.slice(-4),
        expMonth,
        expYear,
        cvcCheck,
        fingerprint: createHash('sha256').update(card.number).digest('base64url').slice(0, 16),
      },
      name,
      metadata,
    );
    this.store.put(pm);
    this.store.cardOf.set(pm.id as string, card.number);
    return pm;
  }

  /** A payment method id, or one of Stripe's test tokens (`pm_card_visa`...), which makes a new one. */
  resolvePaymentMethod(id: unknown, param: string) {
    if (typeof id === 'string' && TEST_PAYMENT_METHOD_TOKENS[id]) {
      const found = lookUpCard(TEST_PAYMENT_METHOD_TOKENS[id]);
      if (!found.ok) throw new StripeApiError(500, 'api_error', 'Unknown test card');
      const year = new Date(this.time() * 1000).getUTCFullYear() + 3;
      return this.paymentMethodOf(found.card, 12, year, 'pass', null, {});
    }
    return this.need(id, 'payment_method', 'PaymentMethod', param);
  }

  private cardOutcome(pm: Obj) {
    const number = this.store.cardOf.get(pm.id as string);
    return number
      ? (lookUpCard(number) as { ok: true; card: TestCard }).card.outcome
      : { kind: 'ok' as const };
  }

  /** Saving a card: Stripe checks it with the issuer, so a declining test card fails here. */
  private verifyForSaving(pm: Obj) {
    const outcome = this.cardOutcome(pm);
    if (outcome.kind === 'decline') {
      throw cardError(outcome.code, outcome.message, {
        decline_code: outcome.declineCode,
        payment_method: pm,
      });
    }
  }

  attachPaymentMethod(id: string, p: FormObject, request: RequestInfo) {
    const pm = this.resolvePaymentMethod(id, 'payment_method');
    const customer = this.need(p.customer, 'customer', 'customer', 'customer');
    if (pm.customer && pm.customer !== customer.id) {
      throw invalidRequest(
        'The payment method you provided has already been attached to a customer.',
        'payment_method',
      );
    }
    if (pm.customer === customer.id) return pm;
    this.verifyForSaving(pm);
    pm.customer = customer.id;
    this.emit('payment_method.attached', pm, request);
    return pm;
  }

  detachPaymentMethod(id: string, request: RequestInfo) {
    const pm = this.need(id, 'payment_method', 'PaymentMethod');
    if (!pm.customer) {
      throw invalidRequest(
        'The payment method you provided is not attached to a customer so detachment is impossible.',
        'payment_method',
      );
    }
    const customer = this.store.get(pm.customer as string, 'customer');
    if (customer?.invoice_settings.default_payment_method === id) {
      customer.invoice_settings.default_payment_method = null;
    }
    for (const sub of this.store.all('subscription')) {
      if (sub.default_payment_method === id) sub.default_payment_method = null;
    }
    const previous = { customer: pm.customer };
    pm.customer = null;
    this.emit('payment_method.detached', pm, request, previous);
    return pm;
  }

  // ---- setup intents ----
  createSetupIntent(p: FormObject, request: RequestInfo) {
    if (p.customer !== undefined) this.need(p.customer, 'customer', 'customer', 'customer');
    const si = this.store.put(setupIntentObject(newId('seti'), this.time(), p));
    this.emit('setup_intent.created', si, request);
    if (p.payment_method !== undefined)
      si.payment_method = this.resolvePaymentMethod(p.payment_method, 'payment_method').id;
    if (bool(p.confirm)) return this.confirmSetupIntent(si.id as string, {}, request, null);
    if (si.payment_method) si.status = 'requires_confirmation';
    return si;
  }

  /** `clientSecret` set: the browser (publishable key) confirming; it must prove it holds the secret. */
  confirmSetupIntent(id: string, p: FormObject, request: RequestInfo, clientSecret: string | null) {
    const si = this.need(id, 'setup_intent', 'setup_intent', 'intent');
    if (clientSecret !== null && clientSecret !== si.client_secret) {
      throw invalidRequest(
        'The client_secret provided does not match the client_secret associated with the SetupIntent.',
        'client_secret',
      );
    }
    if (si.status === 'succeeded' || si.status === 'canceled') {
      throw invalidRequest(
        `You cannot confirm this SetupIntent because it has a status of ${si.status}.`,
        undefined,
        'setup_intent_unexpected_state',
      );
    }
    let pm: Obj;
    if (p.payment_method_data !== undefined) {
      pm = this.createCardPaymentMethod(p.payment_method_data as FormObject);
    } else if (p.payment_method !== undefined) {
      pm = this.resolvePaymentMethod(p.payment_method, 'payment_method');
    } else if (si.payment_method) {
      pm = this.need(si.payment_method, 'payment_method', 'PaymentMethod', 'payment_method');
    } else {
      throw invalidRequest(
        "You cannot confirm this SetupIntent because it's missing a payment method.",
        'payment_method',
        'setup_intent_unexpected_state',
      );
    }
    si.payment_method = pm.id;
    const outcome = this.cardOutcome(pm);
    if (outcome.kind === 'decline') {
      si.status = 'requires_payment_method';
      si.last_setup_error = {
        code: outcome.code,
        decline_code: outcome.declineCode,
        message: outcome.message,
        payment_method: structuredClone(pm),
        type: 'card_error',
      };
      this.emit('setup_intent.setup_failed', si, request);
      throw cardError(outcome.code, outcome.message, {
        decline_code: outcome.declineCode,
        payment_method: pm,
        setup_intent: structuredClone(si),
      } as never);
    }
    if (si.customer && !pm.customer) {
      pm.customer = si.customer;
      this.emit('payment_method.attached', pm, request);
    }
    si.status = 'succeeded';
    si.last_setup_error = null;
    this.emit('setup_intent.succeeded', si, request);
    return si;
  }

  cancelSetupIntent(id: string, request: RequestInfo) {
    const si = this.need(id, 'setup_intent', 'setup_intent', 'intent');
    if (si.status === 'succeeded') {
      throw invalidRequest(
        'You cannot cancel this SetupIntent because it has a status of succeeded.',
        undefined,
        'setup_intent_unexpected_state',
      );
    }
    si.status = 'canceled';
    si.cancellation_reason = 'requested_by_customer';
    this.emit('setup_intent.canceled', si, request);
    return si;
  }

  // ---- products and prices ----
  createProduct(p: FormObject, request: RequestInfo) {
    if (typeof p.name !== 'string' || p.name === '') throw missingParam('name');
    const product = this.store.put(productObject(str(p.id) ?? newId('prod', 14), this.time(), p));
    this.emit('product.created', product, request);
    return product;
  }

  updateProduct(id: string, p: FormObject, request: RequestInfo) {
    const product = this.need(id, 'product', 'product');
    const previous: Obj = {};
    if (p.default_price !== undefined) {
      const price = this.need(p.default_price, 'price', 'price', 'default_price');
      previous.default_price = product.default_price;
      product.default_price = price.id;
    }
    for (const field of ['name', 'description'] as const) {
      if (p[field] !== undefined) {
        previous[field] = product[field];
        product[field] = p[field];
      }
    }
    if (p.active !== undefined) product.active = bool(p.active);
    if (p.metadata !== undefined) product.metadata = { ...product.metadata, ...(p.metadata as Obj) };
    product.updated = this.time();
    this.emit('product.updated', product, request, previous);
    return product;
  }

  createPrice(p: FormObject, request: RequestInfo) {
    if (p.currency === undefined) throw missingParam('currency');
    if (p.product === undefined && p.product_data === undefined) throw missingParam('product');
    if (p.unit_amount === undefined) throw missingParam('unit_amount');
    const amount = int(p.unit_amount, 'unit_amount')!;
    if (amount < 0) throw invalidRequest('Invalid non-negative integer', 'unit_amount');
    const productId =
      p.product !== undefined
        ? this.need(p.product, 'product', 'product', 'product').id
        : this.createProduct(p.product_data as FormObject, request).id;
    const price = this.store.put(priceObject(newId('price'), this.time(), { ...p, product: productId }));
    this.emit('price.created', price, request);
    return price;
  }

  updatePrice(id: string, p: FormObject, request: RequestInfo) {
    const price = this.need(id, 'price', 'price');
    const previous: Obj = {};
    if (p.active !== undefined) {
      previous.active = price.active;
      price.active = bool(p.active);
    }
    if (p.nickname !== undefined) price.nickname = p.nickname || null;
    if (p.metadata !== undefined) price.metadata = { ...price.metadata, ...(p.metadata as Obj) };
    this.emit('price.updated', price, request, previous);
    return price;
  }

  // ---- payment intents and charges ----
  /** Charges `pm` for `amount`: a PaymentIntent with its Charge, succeeded or failed like the test card says. */
  private charge(
    p: {
      amount: number;
      currency: string;
      customer: string | null;
      pm: Obj | null;
      description: string | null;
      metadata?: Obj;
    },
    request: RequestInfo | null,
  ) {
    const pi = this.store.put(
      paymentIntentObject(newId('pi'), this.time(), {
        amount: p.amount,
        currency: p.currency,
        customer: p.customer,
        payment_method: p.pm?.id ?? null,
        description: p.description,
        metadata: p.metadata,
      }),
    );
    this.emit('payment_intent.created', pi, request);
    return this.attemptPaymentIntent(pi, p.pm, request);
  }

  private attemptPaymentIntent(pi: Obj, pm: Obj | null, request: RequestInfo | null) {
    if (!pm) {
      pi.status = 'requires_payment_method';
      pi.last_payment_error = {
        code: 'payment_intent_unexpected_state',
        message: 'There is no payment method to charge.',
        type: 'invalid_request_error',
      };
      this.emit('payment_intent.payment_failed', pi, request);
      return {
        pi,
        charge: null as Obj | null,
        failure: {
          code: 'missing_payment_method',
          declineCode: null as string | null,
          message: 'There is no payment method to charge.',
        },
      };
    }
    const outcome = this.cardOutcome(pm);
    const failure =
      outcome.kind === 'ok'
        ? null
        : { code: outcome.code, declineCode: outcome.declineCode, message: outcome.message };
    const chargeId = newId('ch');
    const charge = this.store.put(
      chargeObject(chargeId, this.time(), {
        amount: pi.amount,
        currency: pi.currency,
        customer: pi.customer,
        description: pi.description,
        paid: !failure,
        failure,
        payment_intent: pi.id,
        paymentMethod: pm,
        receipt_url: failure ? null : `${this.publicBaseUrl()}/receipts/${chargeId}`,
      }),
    );
    pi.payment_method = pm.id;
    pi.latest_charge = charge.id;
    if (failure) {
      pi.status = 'requires_payment_method';
      pi.last_payment_error = {
        charge: charge.id,
        code: failure.code,
        decline_code: failure.declineCode,
        message: failure.message,
        payment_method: structuredClone(pm),
        type: 'card_error',
      };
      this.emit('charge.failed', charge, request);
      this.emit('payment_intent.payment_failed', pi, request);
    } else {
      pi.status = 'succeeded';
      pi.amount_received = pi.amount;
      pi.last_payment_error = null;
      this.emit('charge.succeeded', charge, request);
      this.emit('payment_intent.succeeded', pi, request);
    }
    return { pi, charge, failure };
  }

  createPaymentIntent(p: FormObject, request: RequestInfo) {
    const amount = int(p.amount, 'amount');
    if (amount === undefined) throw missingParam('amount');
    if (p.currency === undefined) throw missingParam('currency');
    if (p.customer !== undefined) this.need(p.customer, 'customer', 'customer', 'customer');
    const pm =
      p.payment_method !== undefined ? this.resolvePaymentMethod(p.payment_method, 'payment_method') : null;
    const pi = this.store.put(
      paymentIntentObject(newId('pi'), this.time(), {
        ...p,
        amount,
        currency: String(p.currency).toLowerCase(),
        payment_method: pm?.id ?? null,
      }),
    );
    this.emit('payment_intent.created', pi, request);
    if (pm) pi.status = 'requires_confirmation';
    if (bool(p.confirm)) return this.confirmPaymentIntent(pi.id as string, {}, request, null);
    return pi;
  }

  confirmPaymentIntent(id: string, p: FormObject, request: RequestInfo, clientSecret: string | null) {
    const pi = this.need(id, 'payment_intent', 'payment_intent', 'intent');
    if (clientSecret !== null && clientSecret !== pi.client_secret) {
      throw invalidRequest(
        'The client_secret provided does not match the client_secret associated with the PaymentIntent.',
        'client_secret',
      );
    }
    if (['succeeded', 'canceled'].includes(pi.status as string)) {
      throw invalidRequest(
        `You cannot confirm this PaymentIntent because it has a status of ${pi.status}.`,
        undefined,
        'payment_intent_unexpected_state',
      );
    }
    let pm: Obj | null = null;
    if (p.payment_method_data !== undefined)
      pm = this.createCardPaymentMethod(p.payment_method_data as FormObject);
    else if (p.payment_method !== undefined)
      pm = this.resolvePaymentMethod(p.payment_method, 'payment_method');
    else if (pi.payment_method) pm = this.need(pi.payment_method, 'payment_method', 'PaymentMethod');
    if (!pm)
      throw invalidRequest(
        "You cannot confirm this PaymentIntent because it's missing a payment method.",
        'payment_method',
        'payment_intent_unexpected_state',
      );
    const { failure, charge } = this.attemptPaymentIntent(pi, pm, request);
    if (failure) {
      throw cardError(failure.code, failure.message, {
        decline_code: failure.declineCode ?? undefined,
        charge: charge?.id,
        payment_intent: structuredClone(pi),
      } as never);
    }
    return pi;
  }

  cancelPaymentIntent(id: string, request: RequestInfo) {
    const pi = this.need(id, 'payment_intent', 'payment_intent', 'intent');
    if (pi.status === 'succeeded') {
      throw invalidRequest(
        'You cannot cancel this PaymentIntent because it has a status of succeeded.',
        undefined,
        'payment_intent_unexpected_state',
      );
    }
    pi.status = 'canceled';
    pi.canceled_at = this.time();
    pi.cancellation_reason = 'requested_by_customer';
    this.emit('payment_intent.canceled', pi, request);
    return pi;
  }

  // ---- subscriptions and invoices ----
  createSubscription(p: FormObject, request: RequestInfo) {
    const customer = this.need(p.customer, 'customer', 'customer', 'customer');
    const items = p.items;
    if (!Array.isArray(items) || items.length === 0) throw missingParam('items');
    if (items.length > 1) throw invalidRequest('This simulator supports one item per subscription.', 'items');
    const price = this.need((items[0] as Obj).price, 'price', 'price', 'items[0][price]');
    if (!price.recurring)
      throw invalidRequest(
        'The price specified is set to `type=one_time` but this field only accepts prices with `type=recurring`.',
        'items[0][price]',
      );
    if (!price.active)
      throw invalidRequest(
        'The price specified is inactive. This field only accepts active prices.',
        'items[0][price]',
      );
    const collection = str(p.collection_method) ?? 'charge_automatically';
    if (!['charge_automatically', 'send_invoice'].includes(collection))
      throw invalidRequest('Invalid collection_method', 'collection_method');
    const daysUntilDue = int(p.days_until_due, 'days_until_due');
    if (collection === 'send_invoice' && daysUntilDue === undefined) {
      throw invalidRequest(
        'Missing days_until_due. This is required when collection_method is send_invoice.',
        'days_until_due',
      );
    }
    const pm =
      p.default_payment_method !== undefined
        ? this.need(p.default_payment_method, 'payment_method', 'PaymentMethod', 'default_payment_method')
        : null;
    if (pm && pm.customer !== customer.id) {
      throw invalidRequest(
        `The customer does not have a payment method with the ID ${pm.id as string}. The payment method must be attached to the customer.`,
        'default_payment_method',
      );
    }
    const trialDays = int(p.trial_period_days, 'trial_period_days');
    const trialEndParam = p.trial_end === 'now' ? undefined : int(p.trial_end, 'trial_end');
    const behavior = str(p.payment_behavior) ?? 'allow_incomplete';
    const start = this.time();
    const trialEnd = trialDays ? start + trialDays * DAY : (trialEndParam ?? null);
    const anchorDay = new Date((trialEnd ?? start) * 1000).getUTCDate();
    const end = trialEnd ?? periodEnd(start, price, anchorDay);

    const id = newId('sub');
    const sub = subscriptionObject(id, start, {
      customer: customer.id,
      currency: price.currency,
      collection_method: collection,
      days_until_due: daysUntilDue ?? null,
      default_payment_method: pm?.id ?? null,
      billing_cycle_anchor: trialEnd ?? start,
      metadata: p.metadata,
      description: p.description,
    });
    const item = subscriptionItemObject(newId('si', 14), start, id, structuredClone(price), { start, end });
    sub.items.data = [item];
    if (trialEnd) {
      sub.trial_start = start;
      sub.trial_end = trialEnd;
    }
    if (bool(p.cancel_at_period_end)) sub.cancel_at_period_end = true;

    const invoice = this.newSubscriptionInvoice(
      sub,
      customer,
      trialEnd ? 0 : price.unit_amount,
      'subscription_create',
      { start, end },
    );
    const result = this.collect(invoice, sub, request, { firstInvoice: true });
    if (!result.paid && collection === 'charge_automatically' && behavior === 'error_if_incomplete') {
      // Stripe leaves no subscription behind on error_if_incomplete: nor its invoice and their events.
      this.store.objects.delete(invoice.id as string);
      this.pendingInvoiceEvents = [];
      const failure = result.failure!;
      throw cardError(failure.code, failure.message, { decline_code: failure.declineCode ?? undefined });
    }
    this.store.put(sub);
    sub.latest_invoice = invoice.id;
    if (trialEnd) sub.status = 'trialing';
    else if (collection === 'send_invoice') sub.status = 'active';
    else sub.status = result.paid ? 'active' : 'incomplete';
    this.store.subscriptionMeta.set(id, {
      retryAt: null,
      attempts: 0,
      openInvoice: result.paid ? null : (invoice.id as string),
    });
    this.emit('customer.subscription.created', sub, request);
    this.flushInvoiceEvents(request);
    return sub;
  }

  private pendingInvoiceEvents: { type: string; id: string }[] = [];
  private flushInvoiceEvents(request: RequestInfo | null) {
    const queued = this.pendingInvoiceEvents;
    this.pendingInvoiceEvents = [];
    for (const e of queued) {
      const obj = this.store.get(e.id);
      if (obj) this.emit(e.type, obj, request);
    }
  }

  private newSubscriptionInvoice(
    sub: Obj,
    customer: Obj,
    amount: number,
    reason: string,
    period: { start: number; end: number },
  ) {
    const id = newId('in');
    const item = sub.items.data[0] as Obj;
    const price = item.price as Obj;
    const productName =
      (this.store.get(price.product as string, 'product')?.name as string | undefined) ?? 'Subscription';
    const line = invoiceLineObject(newId('il'), id, {
      amount,
      currency: sub.currency as string,
      description: `1 × ${productName}${amount === 0 && sub.trial_end ? ' (trial)' : ''}`,
      period,
      price,
      subscription: sub.id as string,
      subscriptionItem: item.id as string,
    });
    const invoice = this.store.put(
      invoiceObject(id, this.time(), {
        amount,
        currency: sub.currency,
        customer,
        billing_reason: reason,
        collection_method: sub.collection_method,
        due_date:
          sub.collection_method === 'send_invoice'
            ? this.time() + Number(sub.days_until_due ?? 0) * DAY
            : null,
        lines: [line],
        subscription: sub.id,
        subscription_metadata: sub.metadata,
        period_start: period.start,
        period_end: period.end,
      }),
    );
    this.pendingInvoiceEvents.push({ type: 'invoice.created', id });
    // Finalized at once (Stripe waits about an hour for renewals; nothing here needs the draft).
    invoice.status = 'open';
    invoice.number = `${customer.invoice_prefix as string}-${String(customer.next_invoice_sequence).padStart(4, '0')}`;
    customer.next_invoice_sequence = Number(customer.next_invoice_sequence) + 1;
    invoice.status_transitions.finalized_at = this.time();
    invoice.effective_at = this.time();
    invoice.hosted_invoice_url = `${this.publicBaseUrl()}/invoices/${id}`;
    invoice.invoice_pdf = `${this.publicBaseUrl()}/invoices/${id}/pdf`;
    this.pendingInvoiceEvents.push({ type: 'invoice.finalized', id });
    return invoice;
  }

  private markInvoicePaid(invoice: Obj, paidOutOfBand = false) {
    invoice.status = 'paid';
    invoice.amount_paid = invoice.amount_due;
    invoice.amount_remaining = 0;
    invoice.attempted = invoice.attempted || !paidOutOfBand;
    invoice.next_payment_attempt = null;
    invoice.status_transitions.paid_at = this.time();
    invoice.ending_balance = 0;
    this.pendingInvoiceEvents.push({ type: 'invoice.paid', id: invoice.id as string });
    this.pendingInvoiceEvents.push({ type: 'invoice.payment_succeeded', id: invoice.id as string });
  }

  /** Collects an open invoice: free ones are paid, send_invoice ones are sent, the rest charged. */
  private collect(invoice: Obj, sub: Obj, request: RequestInfo | null, o: { firstInvoice?: boolean } = {}) {
    if (invoice.amount_due === 0) {
      this.markInvoicePaid(invoice);
      return { paid: true, failure: null };
    }
    if (invoice.collection_method === 'send_invoice') {
      this.pendingInvoiceEvents.push({ type: 'invoice.sent', id: invoice.id as string });
      return { paid: false, failure: null };
    }
    const customer = this.store.get(invoice.customer as string, 'customer')!;
    const pmId = (sub.default_payment_method ?? customer.invoice_settings.default_payment_method) as
      string | null;
    const pm = pmId ? (this.store.get(pmId, 'payment_method') ?? null) : null;
    const { pi, charge, failure } = this.charge(
      {
        amount: invoice.amount_due as number,
        currency: invoice.currency as string,
        customer: customer.id as string,
        pm,
        description: o.firstInvoice ? 'Subscription creation' : 'Subscription update',
      },
      request,
    );
    invoice.attempted = true;
    invoice.attempt_count = Number(invoice.attempt_count) + 1;
    invoice.default_payment_method = pm?.id ?? null;
    this.store.invoicePayments.set(invoice.id as string, pi.id as string);
    if (!failure) {
      invoice.receipt_number = charge ? `${String(invoice.number)}-R` : null;
      this.markInvoicePaid(invoice);
      return { paid: true, failure: null };
    }
    this.pendingInvoiceEvents.push({ type: 'invoice.payment_failed', id: invoice.id as string });
    return { paid: false, failure };
  }

  /** The PaymentIntent and Charge of an invoice's last attempt (Stripe: invoice payments), for receipts. */
  paymentOfInvoice(invoiceId: string) {
    const piId = this.store.invoicePayments.get(invoiceId);
    const pi = piId ? this.store.get(piId, 'payment_intent') : undefined;
    const charge = pi?.latest_charge ? this.store.get(pi.latest_charge as string, 'charge') : undefined;
    return { pi, charge };
  }

  updateSubscription(id: string, p: FormObject, request: RequestInfo) {
    const sub = this.need(id, 'subscription', 'subscription');
    if (['canceled', 'incomplete_expired'].includes(sub.status as string)) {
      throw invalidRequest(
        'A canceled subscription can only update its cancellation_details and metadata.',
        undefined,
        'resource_missing',
      );
    }
    const previous: Obj = {};
    if (p.cancel_at_period_end !== undefined) {
      previous.cancel_at_period_end = sub.cancel_at_period_end;
      sub.cancel_at_period_end = bool(p.cancel_at_period_end);
      sub.cancel_at = sub.cancel_at_period_end ? (sub.items.data[0] as Obj).current_period_end : null;
      sub.canceled_at = sub.cancel_at_period_end ? this.time() : null;
    }
    if (p.default_payment_method !== undefined) {
      const pmId = str(p.default_payment_method) || null;
      if (pmId) {
        const pm = this.need(pmId, 'payment_method', 'PaymentMethod', 'default_payment_method');
        if (pm.customer !== sub.customer)
          throw invalidRequest(
            `The customer does not have a payment method with the ID ${pmId}. The payment method must be attached to the customer.`,
            'default_payment_method',
          );
      }
      previous.default_payment_method = sub.default_payment_method;
      sub.default_payment_method = pmId;
    }
    if (Array.isArray(p.items) && p.items.length > 0) {
      const change = p.items[0] as Obj;
      const item = sub.items.data[0] as Obj;
      if (change.id !== undefined && change.id !== item.id)
        throw resourceMissing('subscription_item', String(change.id), 'items[0][id]');
      if (change.price !== undefined) {
        const price = this.need(change.price, 'price', 'price', 'items[0][price]');
        if (price.currency !== sub.currency)
          throw invalidRequest('The price currency must match the subscription currency.', 'items[0][price]');
        previous.items = structuredClone(sub.items);
        // proration_behavior: the simulator never prorates; the new price applies from the next period.
        item.price = structuredClone(price);
        item.plan = subscriptionItemObject('x', 0, '', price, { start: 0, end: 0 }).plan;
      }
    }
    if (p.metadata !== undefined) {
      previous.metadata = sub.metadata;
      sub.metadata = { ...sub.metadata, ...(p.metadata as Obj) };
    }
    this.emit('customer.subscription.updated', sub, request, previous);
    return sub;
  }

  cancelSubscription(id: string, request: RequestInfo) {
    const sub = this.need(id, 'subscription', 'subscription');
    if (sub.status === 'canceled') {
      throw invalidRequest(`No such subscription: '${id}'`, 'id', 'resource_missing');
    }
    this.endSubscription(sub, request, 'cancellation_requested');
    return sub;
  }

  private endSubscription(sub: Obj, request: RequestInfo | null, reason: string) {
    const previous = { status: sub.status };
    sub.status = 'canceled';
    sub.canceled_at = sub.canceled_at ?? this.time();
    sub.ended_at = this.time();
    sub.cancellation_details = { comment: null, feedback: null, reason };
    const meta = this.store.subscriptionMeta.get(sub.id as string);
    // Stripe: a cancellation stops the automatic collection of the subscription's open invoices but
    // leaves them open and payable (a bank transfer still owed is still owed); only the end of the
    // failed-payment retries closes the last one.
    if (reason === 'cancellation_requested') {
      for (const invoice of this.store.all('invoice')) {
        if (invoice.subscription === sub.id && invoice.status === 'open') {
          invoice.auto_advance = false;
          invoice.next_payment_attempt = null;
        }
      }
    } else if (meta?.openInvoice) {
      const open = this.store.get(meta.openInvoice, 'invoice');
      if (open?.status === 'open') {
        open.status = 'void';
        open.status_transitions.voided_at = this.time();
        open.next_payment_attempt = null;
        this.pendingInvoiceEvents.push({ type: 'invoice.voided', id: open.id as string });
      }
    }
    this.store.subscriptionMeta.set(sub.id as string, { retryAt: null, attempts: 0, openInvoice: null });
    this.emit('customer.subscription.deleted', sub, request, previous);
    this.flushInvoiceEvents(request);
  }

  payInvoice(id: string, p: FormObject, request: RequestInfo) {
    const invoice = this.need(id, 'invoice', 'invoice');
    if (invoice.status === 'paid')
      throw invalidRequest('Invoice is already paid', undefined, 'invoice_already_paid');
    if (invoice.status !== 'open')
      throw invalidRequest(
        `You can only pay an invoice that is open. This invoice is ${invoice.status}.`,
        undefined,
        'invoice_not_open',
      );
    const sub = invoice.subscription
      ? this.store.get(invoice.subscription as string, 'subscription')
      : undefined;
    if (bool(p.paid_out_of_band)) {
      this.markInvoicePaid(invoice, true);
    } else {
      if (p.payment_method !== undefined) {
        const pm = this.need(p.payment_method, 'payment_method', 'PaymentMethod', 'payment_method');
        if (sub) sub.default_payment_method = pm.id;
      }
      const result = this.collect(invoice, sub ?? { default_payment_method: null }, request);
      if (!result.paid) {
        this.flushInvoiceEvents(request);
        const failure = result.failure ?? {
          code: 'invoice_payment_failed',
          declineCode: null,
          message: 'The invoice could not be paid.',
        };
        throw cardError(failure.code, failure.message, { decline_code: failure.declineCode ?? undefined });
      }
    }
    if (sub) this.afterInvoicePaid(sub, request);
    this.flushInvoiceEvents(request);
    return invoice;
  }

  private afterInvoicePaid(sub: Obj, request: RequestInfo | null) {
    if (['incomplete', 'past_due', 'unpaid'].includes(sub.status as string)) {
      const previous = { status: sub.status };
      sub.status = 'active';
      this.store.subscriptionMeta.set(sub.id as string, { retryAt: null, attempts: 0, openInvoice: null });
      this.emit('customer.subscription.updated', sub, request, previous);
    }
  }

  voidInvoice(id: string, request: RequestInfo) {
    const invoice = this.need(id, 'invoice', 'invoice');
    if (invoice.status !== 'open')
      throw invalidRequest(`You can only void an open invoice. This invoice is ${invoice.status}.`);
    invoice.status = 'void';
    invoice.status_transitions.voided_at = this.time();
    this.emit('invoice.voided', invoice, request);
    return invoice;
  }

  // ---- the clock ----
  /** Moves the clock to `to` (unix seconds), running what falls due on the way, each at its own time. */
  advanceClock(to: number) {
    if (to < this.now()) throw invalidRequest('The clock can only move forward.', 'frozen_time');
    for (let guard = 0; guard < 10_000; guard++) {
      const next = this.nextDue(to);
      if (!next) break;
      this.atTime = next.at;
      try {
        next.run();
        this.flushInvoiceEvents(null);
      } finally {
        this.atTime = null;
      }
    }
    this.store.clockOffset += to - this.now();
    return this.now();
  }

  /** Runs what is due by the clock as it is (real time passing in a long-running simulator). */
  runDue() {
    this.advanceClock(this.now());
  }

  private nextDue(limit: number): { at: number; run: () => void } | null {
    let best: { at: number; run: () => void } | null = null;
    const consider = (at: number, run: () => void) => {
      if (at <= limit && (!best || at < best.at)) best = { at, run };
    };
    for (const sub of this.store.all('subscription')) {
      if (['canceled', 'incomplete_expired'].includes(sub.status as string)) continue;
      const item = sub.items.data[0] as Obj;
      const meta = this.store.subscriptionMeta.get(sub.id as string);
      if (sub.status === 'incomplete') {
        // Stripe expires an unpaid first invoice after 23 hours.
        consider(Number(sub.created) + 23 * 3600, () => this.expireIncomplete(sub));
        continue;
      }
      if (meta?.retryAt) consider(meta.retryAt, () => this.retryRenewal(sub));
      consider(Number(item.current_period_end), () => this.renew(sub));
    }
    for (const invoice of this.store.all('invoice')) {
      if (
        invoice.status === 'open' &&
        invoice.collection_method === 'send_invoice' &&
        invoice.due_date &&
        !this.store.overdueInvoices.has(invoice.id as string)
      ) {
        consider(Number(invoice.due_date), () => this.invoiceOverdue(invoice));
      }
    }
    return best;
  }

  private expireIncomplete(sub: Obj) {
    const previous = { status: sub.status };
    sub.status = 'incomplete_expired';
    sub.ended_at = this.time();
    const open = sub.latest_invoice ? this.store.get(sub.latest_invoice as string, 'invoice') : undefined;
    if (open?.status === 'open') {
      open.status = 'void';
      open.status_transitions.voided_at = this.time();
    }
    this.emit('customer.subscription.updated', sub, null, previous);
  }

  private renew(sub: Obj) {
    const item = sub.items.data[0] as Obj;
    const periodEndAt = Number(item.current_period_end);
    if (sub.cancel_at_period_end) {
      this.endSubscription(sub, null, 'cancellation_requested');
      return;
    }
    const previous: Obj = { items: structuredClone(sub.items), status: sub.status };
    const anchorDay = new Date(Number(sub.billing_cycle_anchor) * 1000).getUTCDate();
    const start = periodEndAt;
    const end = periodEnd(start, item.price as Obj, anchorDay);
    item.current_period_start = start;
    item.current_period_end = end;
    const wasTrial = sub.status === 'trialing';
    const customer = this.store.get(sub.customer as string, 'customer')!;
    const invoice = this.newSubscriptionInvoice(
      sub,
      customer,
      (item.price as Obj).unit_amount as number,
      'subscription_cycle',
      { start, end },
    );
    sub.latest_invoice = invoice.id;
    const result = this.collect(invoice, sub, null);
    if (wasTrial) sub.status = 'active';
    if (!result.paid && invoice.collection_method === 'charge_automatically') {
      sub.status = 'past_due';
      this.scheduleRetry(sub, invoice, 0);
    } else if (invoice.collection_method === 'send_invoice' && !result.paid) {
      this.store.subscriptionMeta.set(sub.id as string, {
        retryAt: null,
        attempts: 0,
        openInvoice: invoice.id as string,
      });
    }
    this.emit('customer.subscription.updated', sub, null, previous);
  }

  private scheduleRetry(sub: Obj, invoice: Obj, attemptsSoFar: number) {
    const days = RETRY_DAYS[attemptsSoFar];
    const retryAt = days === undefined ? null : this.time() + days * DAY;
    invoice.next_payment_attempt = retryAt;
    this.store.subscriptionMeta.set(sub.id as string, {
      retryAt,
      attempts: attemptsSoFar,
      openInvoice: invoice.id as string,
    });
    if (retryAt === null) this.endSubscription(sub, null, 'payment_failed');
  }

  private retryRenewal(sub: Obj) {
    const meta = this.store.subscriptionMeta.get(sub.id as string)!;
    const invoice = meta.openInvoice ? this.store.get(meta.openInvoice, 'invoice') : undefined;
    if (!invoice || invoice.status !== 'open') {
      this.store.subscriptionMeta.set(sub.id as string, { retryAt: null, attempts: 0, openInvoice: null });
      return;
    }
    const result = this.collect(invoice, sub, null);
    if (result.paid) this.afterInvoicePaid(sub, null);
    else this.scheduleRetry(sub, invoice, meta.attempts + 1);
  }

  private invoiceOverdue(invoice: Obj) {
    this.store.overdueInvoices.add(invoice.id as string);
    this.emit('invoice.overdue', invoice, null);
    const sub = invoice.subscription
      ? this.store.get(invoice.subscription as string, 'subscription')
      : undefined;
    if (sub && sub.status === 'active') {
      const previous = { status: sub.status };
      sub.status = 'past_due';
      this.emit('customer.subscription.updated', sub, null, previous);
    }
  }
}
