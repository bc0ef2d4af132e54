import { declineMessageOf, paymentMessages, type PaymentInit, type SavedCard } from '@app/contracts';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import { stripeFor, type Stripe } from '../../platform/payments/stripe-gateway.ts';
import {
  accountScope,
  customerFor,
  idempotencyKey,
  idOf,
  LIVE_STATUSES,
  requireCustomer,
  viaGateway,
  type AccountInput,
  type Ctx,
  type Scope,
} from './payments.shared.ts';
import { findCustomer, listSubscriptionsOfAccount, type PaymentCustomerRow } from './payments.repository.ts';

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

export async function defaultCardOf(
  ctx: ServiceContext,
  customer: PaymentCustomerRow,
): Promise<string | null> {
  const stripe = stripeFor(ctx.config);
  const c = await viaGateway(ctx, () => stripe.customers.retrieve(customer.stripeCustomerId));
  if ('deleted' in c && c.deleted) return null;
  return idOf((c as Stripe.Customer).invoice_settings.default_payment_method);
}

/** A payment method of this account's customer, or 404 (another account's card is not found). */
export async function ownCard(ctx: ServiceContext, customer: PaymentCustomerRow, paymentMethodId: string) {
  const stripe = stripeFor(ctx.config);
  const pm = await viaGateway(ctx, () => stripe.paymentMethods.retrieve(paymentMethodId)).catch(() => null);
  if (!pm || idOf(pm.customer) !== customer.stripeCustomerId) throw notFound(paymentMessages.cardNotFound);
  return pm;
}

export async function makeDefault(
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
