import { paymentMessages } from '@app/contracts';
import { z } from 'zod';
import type { Config } from '../../config/env.ts';
import { inTransaction } from '../../db/client.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { badRequest } from '../../platform/errors.ts';
import { enqueueJob, type JobContext } from '../../platform/jobs.ts';
import { stripeFor, type Stripe } from '../../platform/payments/stripe-gateway.ts';
import {
  findCustomerByStripeId,
  findSubscriptionByStripeId,
  insertWebhookEvent,
  lockWebhookEvent,
  markWebhookEventProcessed,
} from './payments.repository.ts';
import { recordInvoice } from './invoices.service.ts';
import { recordSubscription, refreshClientPaymentStatus } from './subscriptions.service.ts';

export const STRIPE_EVENT_QUEUE = 'payments.stripe-event';
export const stripeEventPayloadSchema = z.object({ eventRowId: z.number().int().positive() });

/**
 * Accept a Stripe webhook: the Stripe-Signature is checked over the raw body (the SDK's constructEvent,
 * with the endpoint's secret) before anything is stored; the event is stored once by its id (Stripe's
 * redeliveries are no-ops) with its processing job, in one transaction. Stripe gets its 200 at once.
 */
export async function receiveStripeWebhook({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { rawBody: Buffer; signature: string | undefined };
}) {
  const stripe = stripeFor(ctx.config);
  let event: Stripe.Event;
  try {
    if (!input.signature) throw new Error('no signature');
    event = stripe.webhooks.constructEvent(input.rawBody, input.signature, ctx.config.payments.webhookSecret);
  } catch {
    throw badRequest(paymentMessages.invalidSignature);
  }
  const object = event.data.object as { id?: string };
  const now = ctx.clock.now();
  const rowId = await inTransaction(ctx.db, async (tx) => {
    const id = await insertWebhookEvent(tx, {
      stripeEventId: event.id,
      type: event.type,
      objectId: object.id ?? null,
      livemode: event.livemode,
      payload: event,
      receivedAt: now,
    });
    if (id !== undefined) {
      await enqueueJob(tx, {
        queue: STRIPE_EVENT_QUEUE,
        payload: { eventRowId: id },
        runAt: now,
        dedupeKey: `${STRIPE_EVENT_QUEUE}:${id}`,
      });
    }
    return id;
  });
  return { received: true as const, duplicate: rowId === undefined };
}

type JobCtx = Pick<JobContext, 'db' | 'log' | 'clock'> & { config: Config };

/**
 * The job of one event: what it names is read back from Stripe (so events arriving out of order still
 * leave the latest state), then our subscription or transaction row and the client's payment status
 * are written, and the event is marked processed, in one transaction.
 */
export async function processStripeEvent({ ctx, input }: { ctx: JobCtx; input: { eventRowId: number } }) {
  const stripe = stripeFor(ctx.config);
  const pending = await lockWebhookEvent(ctx.db, input.eventRowId);
  if (!pending || pending.processedAt || !pending.objectId) {
    if (pending && !pending.processedAt) await markWebhookEventProcessed(ctx.db, pending.id, ctx.clock.now());
    return;
  }
  const type = pending.type;
  let subscription: Stripe.Subscription | null = null;
  let invoice: Stripe.Invoice | null = null;
  let card: Stripe.PaymentMethod | null = null;
  if (type.startsWith('customer.subscription.')) {
    subscription = await stripe.subscriptions.retrieve(pending.objectId);
  } else if (type.startsWith('invoice.')) {
    invoice = await stripe.invoices.retrieve(pending.objectId);
    const subId = invoice.parent?.subscription_details?.subscription;
    if (typeof subId === 'string') subscription = await stripe.subscriptions.retrieve(subId);
    // The card charged: the invoice's, else the subscription's, else the customer's default (last 4 digits kept).
    let pmId =
      (typeof invoice.default_payment_method === 'string' ? invoice.default_payment_method : null) ??
      (typeof subscription?.default_payment_method === 'string' ? subscription.default_payment_method : null);
    if (
      !pmId &&
      invoice.collection_method === 'charge_automatically' &&
      typeof invoice.customer === 'string'
    ) {
      const customer = await stripe.customers.retrieve(invoice.customer);
      if (!('deleted' in customer && customer.deleted)) {
        const fallback = (customer as Stripe.Customer).invoice_settings.default_payment_method;
        pmId = typeof fallback === 'string' ? fallback : (fallback?.id ?? null);
      }
    }
    if (pmId) card = await stripe.paymentMethods.retrieve(pmId).catch(() => null);
  }
  const now = ctx.clock.now();
  await inTransaction(ctx.db, async (tx) => {
    const locked = await lockWebhookEvent(tx, input.eventRowId);
    if (!locked || locked.processedAt) return;
    const customerId = subscription
      ? (subscription.customer as string)
      : invoice
        ? (invoice.customer as string)
        : null;
    const customer = customerId ? await findCustomerByStripeId(tx, customerId) : undefined;
    if (customer) {
      const owner = {
        clientId: customer.clientId,
        lineAccountId: customer.lineAccountId,
        livemode: customer.livemode,
      };
      const known = subscription ? await findSubscriptionByStripeId(tx, subscription.id) : undefined;
      const serviceCode = known?.serviceCode ?? subscription?.metadata.serviceCode ?? null;
      if (subscription && serviceCode) {
        await recordSubscription(
          tx,
          {
            ...owner,
            serviceCode,
            paymentType: subscription.collection_method === 'send_invoice' ? 'INVOICE' : 'CREDIT',
          },
          subscription,
          now,
        );
      }
      if (invoice) await recordInvoice(tx, { ...owner, serviceCode }, invoice, card, now);
      await refreshClientPaymentStatus(tx, customer.clientId, customer.livemode);
    } else if (customerId) {
      ctx.log.info(
        { stripeEventId: locked.stripeEventId, type },
        'Stripe event of an unknown customer ignored',
      );
    }
    await markWebhookEventProcessed(tx, locked.id, now);
  });
}
