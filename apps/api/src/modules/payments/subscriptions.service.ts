import {
  paymentMessages,
  type NextBilling,
  type PaymentStatus,
  type SubscriptionView,
  type confirmSubscriptionBodySchema,
} from '@app/contracts';
import type { z } from 'zod';
import { inTransaction, type Db } from '../../db/client.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { stripeFor, type Stripe } from '../../platform/payments/stripe-gateway.ts';
import { setClientPaymentStatus } from '../clients/index.ts';
import { getLineAccountRowOrThrow } from '../line-accounts/index.ts';
import { defaultCardOf, makeDefault, ownCard } from './cards.service.ts';
import { recordInvoice } from './invoices.service.ts';
import {
  accountScope,
  customerFor,
  idempotencyKey,
  idOf,
  LIVE_STATUSES,
  viaGateway,
  type AccountInput,
  type Ctx,
  type Scope,
} from './payments.shared.ts';
import {
  deleteAccountPaymentRows,
  findCustomer,
  findPrice,
  listSubscriptionsOfAccount,
  listSubscriptionsOfClient,
  upsertSubscription,
  type PaymentSubscriptionRow,
} from './payments.repository.ts';

/** Days a bank-transfer invoice gives the client to pay. */
export const INVOICE_DAYS_UNTIL_DUE = 14;

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

type CancelInput = AccountInput & { serviceCode: string };

/**
 * Cancels at the end of the paid period (Stripe ends it then; the service stays until that day). An
 * unpaid bank-transfer invoice stays open and payable: Stripe only stops collecting it automatically.
 */
export async function cancelSubscription({ ctx, input }: Ctx & { input: CancelInput }) {
  return setCancelAtPeriodEnd(ctx, input, true);
}

/** Undoes a cancellation before it takes effect: the subscription renews at the period end again. */
export async function resumeSubscription({ ctx, input }: Ctx & { input: CancelInput }) {
  return setCancelAtPeriodEnd(ctx, input, false);
}

async function setCancelAtPeriodEnd(
  ctx: Ctx['ctx'],
  input: CancelInput,
  cancel: boolean,
): Promise<SubscriptionView> {
  const scope = await accountScope(ctx, input.lineAccountId);
  const live = (await listSubscriptionsOfAccount(ctx.db, scope)).find(
    (s) => s.serviceCode === input.serviceCode && LIVE_STATUSES.includes(s.status),
  );
  if (!live) throw badRequest(paymentMessages.notSubscribed);
  if (!cancel && !live.cancelAtPeriodEnd) throw badRequest(paymentMessages.notCanceling);
  const stripe = stripeFor(ctx.config);
  const step = cancel ? 'cancel' : 'resume';
  const sub = await viaGateway(ctx, () =>
    stripe.subscriptions.update(
      live.stripeSubscriptionId,
      { cancel_at_period_end: cancel },
      { idempotencyKey: idempotencyKey(scope, step, input.requestKey, live.stripeSubscriptionId) },
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
