/** What the payments services share: the account's scope, its Stripe customer and the call to Stripe. */

import { randomUUID } from 'node:crypto';
import { declineMessageOf, paymentMessages } from '@app/contracts';
import { inTransaction } from '../../db/client.ts';
import { requireClientId, type ServiceContext } from '../../platform/context.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import { isGatewayUnreachable, stripeErrorOf, stripeFor } from '../../platform/payments/stripe-gateway.ts';
import { getLineAccountRowOrThrow } from '../line-accounts/index.ts';
import {
  findCustomer,
  insertCustomer,
  lockAccountCustomer,
  type PaymentCustomerRow,
} from './payments.repository.ts';

export type Ctx = { ctx: ServiceContext };
export type AccountInput = { lineAccountId: number; requestKey?: string | undefined };
export type Scope = { clientId: number; lineAccountId: number; livemode: boolean };

/** Subscription statuses that still bill (or wait for a payment). */
export const LIVE_STATUSES = ['active', 'trialing', 'past_due', 'incomplete', 'unpaid'];

export const idOf = (value: string | { id: string } | null | undefined) =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : value.id;

/**
 * A call to Stripe: a card decline answers 400 with its Japanese reason, an unreachable gateway 503,
 * any other refusal 400 (logged with Stripe's own message, never shown: it may name internals).
 */
export async function viaGateway<T>(ctx: Pick<ServiceContext, 'log'>, fn: () => Promise<T>): Promise<T> {
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
export const idempotencyKey = (
  scope: Scope,
  operation: string,
  requestKey: string | undefined,
  ...parts: string[]
) => [operation, scope.clientId, scope.lineAccountId, ...parts, requestKey ?? randomUUID()].join(':');

export async function accountScope(ctx: ServiceContext, lineAccountId: number): Promise<Scope> {
  const clientId = requireClientId(ctx);
  await getLineAccountRowOrThrow(ctx, clientId, lineAccountId);
  return { clientId, lineAccountId, livemode: ctx.config.payments.livemode };
}

export async function requireCustomer(ctx: ServiceContext, scope: Scope): Promise<PaymentCustomerRow> {
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
export async function customerFor(
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
          name: account.displayName,
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
