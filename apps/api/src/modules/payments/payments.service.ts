import { randomUUID } from 'node:crypto';
import {
  CONSUMPTION_TAX_RATE,
  declineMessageOf,
  findServiceDefinition,
  paymentMessages,
  type FailedPayment,
  type NextBilling,
  type PaymentHistoryEntry,
  type PaymentInit,
  type PaymentStatus,
  type SavedCard,
  type SubscriptionPrice,
  type SubscriptionView,
  type confirmSubscriptionBodySchema,
  taxIncludedIn,
} from '@app/contracts';
import type { z } from 'zod';
import type { Config } from '../../config/env.ts';
import { inTransaction, type Db } from '../../db/client.ts';
import { requireClientId, type ServiceContext } from '../../platform/context.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import { enqueueJob } from '../../platform/jobs.ts';
import {
  isGatewayUnreachable,
  stripeErrorOf,
  stripeFor,
  type Stripe,
} from '../../platform/payments/stripe-gateway.ts';
import { companyNamesOf, setClientPaymentStatus } from '../clients/index.ts';
import { getLineAccountRowOrThrow } from '../line-accounts/index.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import {
  countFailedTransactions,
  deleteAccountPaymentRows,
  findCustomer,
  findPrice,
  findSubscriptionByStripeId,
  findTransactionOfAccount,
  insertCustomer,
  listFailedTransactions,
  listPrices,
  listSubscriptionsOfAccount,
  listSubscriptionsOfClient,
  listSubscriptionsOfService,
  listTransactionsOfAccount,
  lockAccountCustomer,
  upsertPrice,
  upsertSubscription,
  upsertTransaction,
  type PaymentCustomerRow,
  type PaymentPriceRow,
  type PaymentSubscriptionRow,
  type PaymentTransactionRow,
} from './payments.repository.ts';

type Ctx = { ctx: ServiceContext };
type AccountInput = { lineAccountId: number; requestKey?: string | undefined };
type Scope = { clientId: number; lineAccountId: number; livemode: boolean };

export const MOVE_PRICE_QUEUE = 'payments.move-price';
/** Days a bank-transfer invoice gives the client to pay. */
export const INVOICE_DAYS_UNTIL_DUE = 14;
/** Subscription statuses that still bill (or wait for a payment). */
const LIVE_STATUSES = ['active', 'trialing', 'past_due', 'incomplete', 'unpaid'];

const idOf = (value: string | { id: string } | null | undefined) =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : value.id;

/**
 * A call to Stripe: a card decline answers 400 with its Japanese reason, an unreachable gateway 503,
 * any other refusal 400 (logged with Stripe's own message, never shown: it may name internals).
 */
async function viaGateway<T>(ctx: Pick<ServiceContext, 'log'>, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    const stripeError = stripeErrorOf(error);
    if (!stripeError) throw error;
    if (stripeError.type === 'StripeCardError') {
      throw badRequest(declineMessageOf(stripeError.code, stripeError.decline_code));
    }
    if (isGatewayUnreachable(error)) {
      ctx.log.warn(
        { err: { type: stripeError.type, message: stripeError.message } },
        'payment gateway unreachable',
      );
      throw new AppError('SERVICE_UNAVAILABLE', paymentMessages.gatewayUnavailable);
    }
    ctx.log.warn(
      { err: { type: stripeError.type, code: stripeError.code, message: stripeError.message } },
      'payment gateway refused a call',
    );
    if (stripeError.code === 'resource_missing') throw notFound(paymentMessages.cardNotFound);
    throw badRequest(paymentMessages.gatewayUnavailable);
  }
}

/** Every write to Stripe carries one: the client's Idempotency-Key when it sent one, else a fresh one. */
const idempotencyKey = (
  scope: Scope,
  operation: string,
  requestKey: string | undefined,
  ...parts: string[]
) => [operation, scope.clientId, scope.lineAccountId, ...parts, requestKey ?? randomUUID()].join(':');

async function accountScope(ctx: ServiceContext, lineAccountId: number): Promise<Scope> {
  const clientId = requireClientId(ctx);
  await getLineAccountRowOrThrow(ctx, clientId, lineAccountId);
  return { clientId, lineAccountId, livemode: ctx.config.payments.livemode };
}

async function requireCustomer(ctx: ServiceContext, scope: Scope): Promise<PaymentCustomerRow> {
  const customer = await findCustomer(ctx.db, scope);
  if (!customer) throw badRequest(paymentMessages.noCustomer);
  return customer;
}

/**
 * The account's Stripe customer, made at Stripe on first use. The first use is serialised per account
 * (a transaction-scoped advisory lock, then a second look): two first calls at once (two card pages, a
 * card page and an invoice subscription) make one customer, never a spare one that a setup intent would
 * belong to. The idempotency key is per request, not per account: after the master deletes an
 * account's test data, a new customer must be made, not the deleted one replayed.
 */
async function customerFor(
  ctx: ServiceContext,
  scope: Scope,
  requestKey: string | undefined,
): Promise<PaymentCustomerRow> {
  const known = await findCustomer(ctx.db, scope);
  if (known) return known;
  const account = await getLineAccountRowOrThrow(ctx, scope.clientId, scope.lineAccountId);
  const stripe = stripeFor(ctx.config);
  return inTransaction(ctx.db, async (tx) => {
    await lockAccountCustomer(tx, scope);
    const raced = await findCustomer(tx, scope);
    if (raced) return raced;
    const created = await viaGateway(ctx, () =>
      stripe.customers.create(
        {
          name: account.title || account.displayName,
          metadata: { clientId: String(scope.clientId), lineAccountId: String(scope.lineAccountId) },
          preferred_locales: ['ja'],
        },
        { idempotencyKey: idempotencyKey(scope, 'customer', requestKey, String(scope.livemode)) },
      ),
    );
    const row = await insertCustomer(tx, { ...scope, stripeCustomerId: created.id });
    return row ?? (await findCustomer(tx, scope))!;
  });
}

const toCardView = (pm: Stripe.PaymentMethod, defaultId: string | null): SavedCard => ({
  paymentMethodId: pm.id,
  brand: pm.card?.brand ?? 'unknown',
  country: pm.card?.country ?? null,
  expMonth: pm.card?.exp_month ?? 0,
  expYear: pm.card?.exp_year ?? 0,
  last4: pm.card?.last4 ?? '',
  cvcCheck: pm.card?.checks?.cvc_check ?? null,
  funding: pm.card?.funding ?? 'unknown',
  type: pm.type,
  isDefaultCard: pm.id === defaultId,
});

async function defaultCardOf(ctx: ServiceContext, customer: PaymentCustomerRow): Promise<string | null> {
  const stripe = stripeFor(ctx.config);
  const c = await viaGateway(ctx, () => stripe.customers.retrieve(customer.stripeCustomerId));
  if ('deleted' in c && c.deleted) return null;
  return idOf((c as Stripe.Customer).invoice_settings.default_payment_method);
}

/** A payment method of this account's customer, or 404 (another account's card is not found). */
async function ownCard(ctx: ServiceContext, customer: PaymentCustomerRow, paymentMethodId: string) {
  const stripe = stripeFor(ctx.config);
  const pm = await viaGateway(ctx, () => stripe.paymentMethods.retrieve(paymentMethodId)).catch(() => null);
  if (!pm || idOf(pm.customer) !== customer.stripeCustomerId) throw notFound(paymentMessages.cardNotFound);
  return pm;
}

async function makeDefault(
  ctx: ServiceContext,
  scope: Scope,
  customer: PaymentCustomerRow,
  pmId: string,
  requestKey?: string,
) {
  const stripe = stripeFor(ctx.config);
  await viaGateway(ctx, () =>
    stripe.customers.update(
      customer.stripeCustomerId,
      { invoice_settings: { default_payment_method: pmId } },
      { idempotencyKey: idempotencyKey(scope, 'default-card', requestKey, pmId) },
    ),
  );
}

// ---- cards ----

export async function initPayment({ ctx, input }: Ctx & { input: AccountInput }): Promise<PaymentInit> {
  const scope = await accountScope(ctx, input.lineAccountId);
  const customer = await customerFor(ctx, scope, input.requestKey);
  const stripe = stripeFor(ctx.config);
  const intent = await viaGateway(ctx, () =>
    stripe.setupIntents.create(
      {
        customer: customer.stripeCustomerId,
        usage: 'off_session',
        metadata: { clientId: String(scope.clientId), lineAccountId: String(scope.lineAccountId) },
      },
      { idempotencyKey: idempotencyKey(scope, 'setup-intent', input.requestKey) },
    ),
  );
  const payments = ctx.config.payments;
  return {
    gateway: payments.isSimulator ? 'simulator' : 'stripe',
    publishableKey: payments.publishableKey,
    apiBaseUrl: payments.simulatorPublicUrl,
    setupIntentId: intent.id,
    clientSecret: intent.client_secret!,
  };
}

/** The card of a setup intent the browser confirmed; the account's first card becomes its default. */
export async function saveCard({
  ctx,
  input,
}: Ctx & { input: AccountInput & { setupIntentId: string } }): Promise<SavedCard> {
  const scope = await accountScope(ctx, input.lineAccountId);
  const customer = await requireCustomer(ctx, scope);
  const stripe = stripeFor(ctx.config);
  const intent = await viaGateway(ctx, () => stripe.setupIntents.retrieve(input.setupIntentId)).catch(
    () => null,
  );
  if (!intent || idOf(intent.customer) !== customer.stripeCustomerId) {
    throw notFound(paymentMessages.setupNotFinished);
  }
  if (intent.status !== 'succeeded') {
    const error = intent.last_setup_error;
    throw badRequest(
      error ? declineMessageOf(error.code, error.decline_code) : paymentMessages.setupNotFinished,
    );
  }
  const pm = await ownCard(ctx, customer, idOf(intent.payment_method)!);
  let defaultId = await defaultCardOf(ctx, customer);
  if (!defaultId) {
    await makeDefault(ctx, scope, customer, pm.id, input.requestKey);
    defaultId = pm.id;
  }
  return toCardView(pm, defaultId);
}

/** A payment method made in the browser, attached to the account (Stripe checks the card: declines answer 400). */
export async function addCard({
  ctx,
  input,
}: Ctx & { input: AccountInput & { paymentMethodId: string } }): Promise<SavedCard> {
  const scope = await accountScope(ctx, input.lineAccountId);
  const stripe = stripeFor(ctx.config);
  const current = await viaGateway(ctx, () => stripe.paymentMethods.retrieve(input.paymentMethodId)).catch(
    (error: unknown) => {
      if (error instanceof AppError && error.status === 404) throw notFound(paymentMessages.cardNotFound);
      throw error;
    },
  );
  const customer = await customerFor(ctx, scope, input.requestKey);
  if (current.customer && idOf(current.customer) !== customer.stripeCustomerId) {
    throw notFound(paymentMessages.cardNotFound);
  }
  const pm = await viaGateway(ctx, () =>
    stripe.paymentMethods.attach(
      input.paymentMethodId,
      { customer: customer.stripeCustomerId },
      { idempotencyKey: idempotencyKey(scope, 'attach', input.requestKey, input.paymentMethodId) },
    ),
  );
  let defaultId = await defaultCardOf(ctx, customer);
  if (!defaultId) {
    await makeDefault(ctx, scope, customer, pm.id, input.requestKey);
    defaultId = pm.id;
  }
  return toCardView(pm, defaultId);
}

export async function listCards({
  ctx,
  input,
}: Ctx & { input: AccountInput }): Promise<{ data: SavedCard[] }> {
  const scope = await accountScope(ctx, input.lineAccountId);
  const customer = await findCustomer(ctx.db, scope);
  if (!customer) return { data: [] };
  const stripe = stripeFor(ctx.config);
  const [methods, defaultId] = await Promise.all([
    viaGateway(ctx, () => stripe.customers.listPaymentMethods(customer.stripeCustomerId, { limit: 100 })),
    defaultCardOf(ctx, customer),
  ]);
  return { data: methods.data.map((pm) => toCardView(pm, defaultId)) };
}

export async function setDefaultCard({
  ctx,
  input,
}: Ctx & { input: AccountInput & { paymentMethodId: string } }): Promise<SavedCard> {
  const scope = await accountScope(ctx, input.lineAccountId);
  const customer = await requireCustomer(ctx, scope);
  const pm = await ownCard(ctx, customer, input.paymentMethodId);
  await makeDefault(ctx, scope, customer, pm.id, input.requestKey);
  return toCardView(pm, pm.id);
}

/** Removes a card; the default card cannot go while a card subscription still bills it. */
export async function deleteCard({
  ctx,
  input,
}: Ctx & { input: AccountInput & { paymentMethodId: string } }): Promise<{ success: true }> {
  const scope = await accountScope(ctx, input.lineAccountId);
  const customer = await requireCustomer(ctx, scope);
  const pm = await ownCard(ctx, customer, input.paymentMethodId);
  const defaultId = await defaultCardOf(ctx, customer);
  if (pm.id === defaultId) {
    const subs = await listSubscriptionsOfAccount(ctx.db, scope);
    if (
      subs.some((s) => s.paymentType === 'CREDIT' && LIVE_STATUSES.includes(s.status) && !s.cancelAtPeriodEnd)
    ) {
      throw badRequest(paymentMessages.defaultCardInUse);
    }
  }
  const stripe = stripeFor(ctx.config);
  await viaGateway(ctx, () =>
    stripe.paymentMethods.detach(
      pm.id,
      {},
      { idempotencyKey: idempotencyKey(scope, 'detach', input.requestKey, pm.id) },
    ),
  );
  return { success: true };
}

// ---- subscriptions ----

const toSubscriptionView = (row: PaymentSubscriptionRow): SubscriptionView => ({
  serviceCode: row.serviceCode as SubscriptionView['serviceCode'],
  lineAccountId: row.lineAccountId,
  paymentType: row.paymentType as SubscriptionView['paymentType'],
  status: row.status,
  amount: row.amount,
  currency: row.currency,
  currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
  cancelAtPeriodEnd: row.cancelAtPeriodEnd,
  trialEnd: row.trialEnd?.toISOString() ?? null,
  productId: row.productId,
  recurringPriceId: row.recurringPriceId,
});

type SubscriptionOwner = Scope & { serviceCode: string; paymentType: string; requestKey?: string | null };

/** Our row of a Stripe subscription (as Stripe answered it). */
export async function recordSubscription(
  db: Db,
  owner: SubscriptionOwner,
  sub: Stripe.Subscription,
  now: Date,
) {
  const item = sub.items.data[0];
  const price = item?.price;
  return upsertSubscription(db, {
    clientId: owner.clientId,
    lineAccountId: owner.lineAccountId,
    serviceCode: owner.serviceCode,
    livemode: owner.livemode,
    requestKey: owner.requestKey ?? null,
    stripeSubscriptionId: sub.id,
    paymentType: sub.collection_method === 'send_invoice' ? 'INVOICE' : 'CREDIT',
    status: sub.status,
    productId: idOf(price?.product) ?? '',
    recurringPriceId: price?.id ?? '',
    amount: price?.unit_amount ?? 0,
    currency: price?.currency ?? 'jpy',
    currentPeriodEnd: item ? new Date(item.current_period_end * 1000) : null,
    trialEnd: sub.trial_end ? new Date(sub.trial_end * 1000) : null,
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    cancellationReason: sub.cancellation_details?.reason ?? null,
    updatedAt: now,
  });
}

const transactionStatusOf = (invoice: Stripe.Invoice): PaymentTransactionRow['transactionStatus'] => {
  if (invoice.status === 'paid') return 'COMPLETED';
  if (invoice.status === 'void' || invoice.status === 'uncollectible') return 'FAILED';
  if (invoice.collection_method === 'charge_automatically' && invoice.attempt_count > 0) return 'FAILED';
  return 'PENDING';
};

/** Our transaction row of a Stripe invoice (written from Stripe's events, and at once when we subscribe). */
export async function recordInvoice(
  db: Db,
  owner: Scope & { serviceCode: string | null },
  invoice: Stripe.Invoice,
  card: Stripe.PaymentMethod | null,
  now: Date,
) {
  await upsertTransaction(db, {
    clientId: owner.clientId,
    lineAccountId: owner.lineAccountId,
    serviceCode: owner.serviceCode,
    livemode: owner.livemode,
    stripeInvoiceId: invoice.id,
    stripeSubscriptionId: idOf(invoice.parent?.subscription_details?.subscription),
    orderId: invoice.number,
    amount: invoice.amount_due,
    amountPaid: invoice.amount_paid,
    currency: invoice.currency,
    transactionStatus: transactionStatusOf(invoice),
    transactionType: invoice.billing_reason ?? 'manual',
    paynowStatus: invoice.status,
    paymentType: invoice.collection_method === 'send_invoice' ? 'INVOICE' : 'CREDIT',
    maskedCardNumber: card?.card ? `**** **** **** ${card.card.last4}` : null,
    settlementDate: invoice.status_transitions.paid_at
      ? new Date(invoice.status_transitions.paid_at * 1000)
      : null,
    dueDate: invoice.due_date ? new Date(invoice.due_date * 1000) : null,
    failureCode: null,
    receiptUrl: invoice.hosted_invoice_url ?? null,
    invoicePdfUrl: invoice.invoice_pdf ?? null,
    createdAt: new Date(invoice.created * 1000),
    updatedAt: now,
  });
}

/**
 * The client's payment status from its subscriptions: PENDING while one waits for a payment, ACTIVE
 * while one bills, INACTIVE when the last ended unpaid, CLOSED when all were cancelled; unchanged without any.
 */
export async function refreshClientPaymentStatus(db: Db, clientId: number, livemode: boolean) {
  const subs = (await listSubscriptionsOfClient(db, clientId)).filter((s) => s.livemode === livemode);
  if (subs.length === 0) return;
  let status: PaymentStatus;
  if (subs.some((s) => ['past_due', 'unpaid', 'incomplete'].includes(s.status))) status = 'PENDING';
  else if (subs.some((s) => ['active', 'trialing'].includes(s.status))) status = 'ACTIVE';
  else if (subs.some((s) => s.cancellationReason === 'payment_failed')) status = 'INACTIVE';
  else status = 'CLOSED';
  await setClientPaymentStatus(db, clientId, status);
}

type ConfirmInput = AccountInput & z.output<typeof confirmSubscriptionBodySchema>;

/**
 * Subscribe the account to a service. By card, the first month is charged at once
 * (`error_if_incomplete`: a decline leaves no subscription and answers 400 with the reason); by invoice,
 * Stripe sends an invoice due in 14 days. A retry with the same Idempotency-Key answers the same subscription.
 */
export async function confirmSubscription({
  ctx,
  input,
}: Ctx & { input: ConfirmInput }): Promise<SubscriptionView> {
  const scope = await accountScope(ctx, input.lineAccountId);
  const price = await findPrice(ctx.db, input.serviceCode, scope.livemode);
  if (!price) throw badRequest(paymentMessages.noPrice);
  const live = (await listSubscriptionsOfAccount(ctx.db, scope)).find(
    (s) => s.serviceCode === input.serviceCode && LIVE_STATUSES.includes(s.status),
  );
  if (live) {
    if (input.requestKey && live.requestKey === input.requestKey) return toSubscriptionView(live);
    throw badRequest(paymentMessages.alreadySubscribed);
  }
  const known = await findCustomer(ctx.db, scope);
  if (input.paymentType === 'CREDIT' && !known) throw badRequest(paymentMessages.noCard);
  const customer = await customerFor(ctx, scope, input.requestKey);
  // Card subscriptions are charged to the account's default card (Stripe's customer default): a card
  // named here becomes that default, and a later change of default card moves every subscription with it.
  let paymentMethodId: string | null = null;
  if (input.paymentType === 'CREDIT') {
    const defaultId = await defaultCardOf(ctx, known!);
    paymentMethodId = input.paymentMethodId
      ? (await ownCard(ctx, known!, input.paymentMethodId)).id
      : defaultId;
    if (!paymentMethodId) throw badRequest(paymentMessages.noCard);
    if (paymentMethodId !== defaultId)
      await makeDefault(ctx, scope, known!, paymentMethodId, input.requestKey);
  }
  const stripe = stripeFor(ctx.config);
  const sub = await viaGateway(ctx, () =>
    stripe.subscriptions.create(
      {
        customer: customer.stripeCustomerId,
        items: [{ price: price.recurringPriceId }],
        proration_behavior: 'none',
        metadata: {
          clientId: String(scope.clientId),
          lineAccountId: String(scope.lineAccountId),
          serviceCode: input.serviceCode,
        },
        ...(input.paymentType === 'CREDIT'
          ? {
              collection_method: 'charge_automatically' as const,
              payment_behavior: 'error_if_incomplete' as const,
            }
          : { collection_method: 'send_invoice' as const, days_until_due: INVOICE_DAYS_UNTIL_DUE }),
        expand: ['latest_invoice'],
      },
      { idempotencyKey: idempotencyKey(scope, 'subscribe', input.requestKey, input.serviceCode) },
    ),
  );
  const card = paymentMethodId ? await ownCard(ctx, known!, paymentMethodId) : null;
  const now = ctx.clock.now();
  const row = await inTransaction(ctx.db, async (tx) => {
    const saved = await recordSubscription(
      tx,
      {
        ...scope,
        serviceCode: input.serviceCode,
        paymentType: input.paymentType,
        requestKey: input.requestKey ?? null,
      },
      sub,
      now,
    );
    const invoice = sub.latest_invoice as Stripe.Invoice | null;
    if (invoice && typeof invoice === 'object') {
      await recordInvoice(tx, { ...scope, serviceCode: input.serviceCode }, invoice, card, now);
    }
    await refreshClientPaymentStatus(tx, scope.clientId, scope.livemode);
    return saved;
  });
  return toSubscriptionView(row);
}

/** Cancels at the end of the paid period (Stripe ends it then; the service stays until that day). */
export async function cancelSubscription({
  ctx,
  input,
}: Ctx & { input: AccountInput & { serviceCode: string } }): Promise<SubscriptionView> {
  const scope = await accountScope(ctx, input.lineAccountId);
  const live = (await listSubscriptionsOfAccount(ctx.db, scope)).find(
    (s) => s.serviceCode === input.serviceCode && LIVE_STATUSES.includes(s.status),
  );
  if (!live) throw badRequest(paymentMessages.notSubscribed);
  const stripe = stripeFor(ctx.config);
  const sub = await viaGateway(ctx, () =>
    stripe.subscriptions.update(
      live.stripeSubscriptionId,
      { cancel_at_period_end: true },
      { idempotencyKey: idempotencyKey(scope, 'cancel', input.requestKey, live.stripeSubscriptionId) },
    ),
  );
  const row = await recordSubscription(
    ctx.db,
    { ...scope, serviceCode: live.serviceCode, paymentType: live.paymentType },
    sub,
    ctx.clock.now(),
  );
  return toSubscriptionView(row);
}

export async function listSubscriptions({ ctx, input }: Ctx & { input: AccountInput }) {
  const scope = await accountScope(ctx, input.lineAccountId);
  return { data: (await listSubscriptionsOfAccount(ctx.db, scope)).map(toSubscriptionView) };
}

const toHistoryView = (row: PaymentTransactionRow): PaymentHistoryEntry => ({
  id: row.id,
  amountPaid: row.amountPaid,
  amountDue: row.amount,
  currency: row.currency,
  paymentStatus: row.transactionStatus as PaymentHistoryEntry['paymentStatus'],
  paymentType: row.paymentType as PaymentHistoryEntry['paymentType'],
  paidAt: row.settlementDate?.toISOString() ?? null,
  dueDate: row.dueDate?.toISOString() ?? null,
  receiptUrl: row.receiptUrl,
  invoicePdfUrl: row.invoicePdfUrl,
  invoiceNumber: row.orderId,
  taxRate: CONSUMPTION_TAX_RATE,
  taxAmount: taxIncludedIn(row.amount),
  serviceCode: row.serviceCode,
  lineAccountId: row.lineAccountId,
  createdAt: row.createdAt.toISOString(),
});

export async function paymentHistory({ ctx, input }: Ctx & { input: AccountInput }) {
  const scope = await accountScope(ctx, input.lineAccountId);
  return { data: (await listTransactionsOfAccount(ctx.db, scope)).map(toHistoryView) };
}

/**
 * The qualified invoice (適格請求書) of one of the account's payments, as a PDF made here: the issuer
 * from the settings, the buyer the client's company, the service's monthly fee as the item, the
 * tax-inclusive total with the 10% tax it includes. Another account's payment is not found.
 */
export async function invoicePdf({
  ctx,
  input,
}: Ctx & { input: { lineAccountId: number; paymentId: number } }) {
  const scope = await accountScope(ctx, input.lineAccountId);
  const row = await findTransactionOfAccount(ctx.db, scope, input.paymentId);
  if (!row) throw notFound(paymentMessages.invoiceNotFound);
  const account = await getLineAccountRowOrThrow(ctx, scope.clientId, scope.lineAccountId);
  const buyerName = (await companyNamesOf(ctx.db, [scope.clientId])).get(scope.clientId) ?? '';
  const service = row.serviceCode ? findServiceDefinition(row.serviceCode) : undefined;
  const invoiceNumber = row.orderId ?? `P-${row.id}`;
  const data = await renderInvoicePdf({
    issuer: {
      name: ctx.config.invoice.issuerName,
      address: ctx.config.invoice.issuerAddress,
      registrationNumber: ctx.config.invoice.registrationNumber,
      bankAccount: ctx.config.invoice.bankAccount,
    },
    buyerName,
    lineAccountName: account.title || account.displayName,
    invoiceNumber,
    issuedAt: row.createdAt,
    dueDate: row.dueDate,
    paidAt: row.settlementDate,
    paymentType: row.paymentType === 'INVOICE' ? 'INVOICE' : 'CREDIT',
    status: row.transactionStatus as PaymentHistoryEntry['paymentStatus'],
    items: [
      {
        description: service ? `${service.label}（${service.code}）月額利用料` : 'サービス利用料',
        amount: row.amount,
      },
    ],
    total: row.amount,
    taxRate: CONSUMPTION_TAX_RATE,
    taxAmount: taxIncludedIn(row.amount),
  });
  return { fileName: `invoice-${invoiceNumber.replace(/[^\w.-]/g, '_')}.pdf`, data };
}

export async function nextBilling({
  ctx,
  input,
}: Ctx & { input: AccountInput & { serviceCode?: string | undefined } }): Promise<NextBilling> {
  const scope = await accountScope(ctx, input.lineAccountId);
  const upcoming = (await listSubscriptionsOfAccount(ctx.db, scope))
    .filter(
      (s) =>
        ['active', 'trialing', 'past_due'].includes(s.status) &&
        !s.cancelAtPeriodEnd &&
        s.currentPeriodEnd &&
        (!input.serviceCode || s.serviceCode === input.serviceCode),
    )
    .sort((a, b) => a.currentPeriodEnd!.getTime() - b.currentPeriodEnd!.getTime());
  const first = upcoming[0];
  if (!first) return { nextBillingDate: null, nextBillingAmount: null, isInTrialPeriod: false };
  const sameDay = upcoming.filter((s) => s.currentPeriodEnd!.getTime() === first.currentPeriodEnd!.getTime());
  return {
    nextBillingDate: first.currentPeriodEnd!.toISOString(),
    nextBillingAmount: sameDay.reduce((sum, s) => sum + s.amount, 0),
    isInTrialPeriod: first.status === 'trialing',
  };
}

// ---- master ----

const toPriceView = (row: PaymentPriceRow): SubscriptionPrice => ({
  serviceCode: row.serviceCode as SubscriptionPrice['serviceCode'],
  productId: row.productId,
  recurringPriceId: row.recurringPriceId,
  recurringAmount: row.recurringAmount,
  currency: row.currency,
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * A service's monthly price (integer yen, consumption tax included): a new Stripe price on the service's
 * product. Live subscriptions move to it without proration, from their next period, by a job each.
 */
export async function setSubscriptionPrice({
  ctx,
  input,
}: Ctx & { input: { recurringAmount: number; serviceCode: string; requestKey?: string | undefined } }) {
  const definition = findServiceDefinition(input.serviceCode);
  if (!definition) throw notFound(paymentMessages.serviceCode);
  const livemode = ctx.config.payments.livemode;
  const stripe = stripeFor(ctx.config);
  const existing = await findPrice(ctx.db, definition.code, livemode);
  const key = `${input.serviceCode}:${livemode}:${input.requestKey ?? randomUUID()}`;
  const productId =
    existing?.productId ??
    (
      await viaGateway(ctx, () =>
        stripe.products.create(
          { name: `${definition.code} ${definition.label}`, metadata: { serviceCode: definition.code } },
          { idempotencyKey: `product:${definition.code}:${livemode}` },
        ),
      )
    ).id;
  const price = await viaGateway(ctx, () =>
    stripe.prices.create(
      {
        product: productId,
        unit_amount: input.recurringAmount,
        currency: 'jpy',
        recurring: { interval: 'month' },
        tax_behavior: 'inclusive',
        metadata: { serviceCode: definition.code },
      },
      { idempotencyKey: `price:${key}` },
    ),
  );
  await viaGateway(ctx, () =>
    stripe.products.update(
      productId,
      { default_price: price.id },
      { idempotencyKey: `default-price:${key}` },
    ),
  );
  if (existing && existing.recurringPriceId !== price.id) {
    await viaGateway(ctx, () =>
      stripe.prices.update(
        existing.recurringPriceId,
        { active: false },
        { idempotencyKey: `retire-price:${key}` },
      ),
    );
  }
  const now = ctx.clock.now();
  const row = await inTransaction(ctx.db, async (tx) => {
    const saved = await upsertPrice(tx, {
      serviceCode: definition.code,
      livemode,
      productId,
      recurringPriceId: price.id,
      recurringAmount: input.recurringAmount,
      currency: 'jpy',
      updatedAt: now,
    });
    for (const sub of await listSubscriptionsOfService(tx, definition.code, livemode)) {
      if (sub.recurringPriceId === price.id) continue;
      await enqueueJob(tx, {
        queue: MOVE_PRICE_QUEUE,
        payload: { stripeSubscriptionId: sub.stripeSubscriptionId, priceId: price.id },
        runAt: now,
        dedupeKey: `${MOVE_PRICE_QUEUE}:${sub.stripeSubscriptionId}:${price.id}`,
      });
    }
    return saved;
  });
  return toPriceView(row);
}

/** The job: one subscription moves to the service's new price, without proration (from its next period). */
export async function moveSubscriptionPrice({
  ctx,
  input,
}: {
  ctx: { db: Db; config: Config; clock: { now: () => Date }; log: ServiceContext['log'] };
  input: { stripeSubscriptionId: string; priceId: string };
}) {
  const stripe = stripeFor(ctx.config);
  const current = await stripe.subscriptions.retrieve(input.stripeSubscriptionId);
  if (!LIVE_STATUSES.includes(current.status)) return;
  const item = current.items.data[0];
  if (!item || item.price.id === input.priceId) return;
  const updated = await stripe.subscriptions.update(
    current.id,
    { items: [{ id: item.id, price: input.priceId }], proration_behavior: 'none' },
    { idempotencyKey: `move-price:${current.id}:${input.priceId}` },
  );
  const row = await findSubscriptionByStripeId(ctx.db, current.id);
  if (row) await recordSubscription(ctx.db, row, updated, ctx.clock.now());
}

export async function listSubscriptionPrices({ ctx }: Ctx) {
  return { data: (await listPrices(ctx.db, ctx.config.payments.livemode)).map(toPriceView) };
}

export async function listFailedPayments({ ctx }: Ctx): Promise<{ data: FailedPayment[]; total: number }> {
  const livemode = ctx.config.payments.livemode;
  const rows = await listFailedTransactions(ctx.db, livemode, 200);
  const names = await companyNamesOf(
    ctx.db,
    rows.map((r) => r.clientId),
  );
  return {
    data: rows.map((r) => ({
      ...toHistoryView(r),
      clientId: r.clientId,
      companyName: names.get(r.clientId) ?? '',
    })),
    total: await countFailedTransactions(ctx.db, livemode),
  };
}

/** The master dashboard's figure. */
export async function countFailedPayments(db: Db, config: Config) {
  return countFailedTransactions(db, config.payments.livemode);
}

/**
 * Deletes a LINE account's test-mode payment data: its Stripe customer (which ends its subscriptions)
 * and our rows. Refused with live keys: real payments are records, never test data.
 */
export async function deleteTestPaymentData({
  ctx,
  input,
}: Ctx & { input: { clientId: number; lineAccountId: number } }) {
  if (ctx.config.payments.livemode) throw badRequest(paymentMessages.liveModeRefused);
  await getLineAccountRowOrThrow(ctx, input.clientId, input.lineAccountId);
  const scope = { ...input, livemode: false };
  const customer = await findCustomer(ctx.db, scope);
  if (customer) {
    const stripe = stripeFor(ctx.config);
    await viaGateway(ctx, () => stripe.customers.del(customer.stripeCustomerId)).catch((error: unknown) => {
      if (!(error instanceof AppError && error.status === 404)) throw error;
    });
  }
  const counts = await inTransaction(ctx.db, async (tx) => {
    const deleted = await deleteAccountPaymentRows(tx, scope);
    await refreshClientPaymentStatus(tx, input.clientId, false);
    return deleted;
  });
  return { success: true as const, ...counts };
}
