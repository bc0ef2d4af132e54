import { randomUUID } from 'node:crypto';
import { findServiceDefinition, paymentMessages, type SubscriptionPrice } from '@app/contracts';
import type { Config } from '../../config/env.ts';
import { inTransaction, type Db } from '../../db/client.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { enqueueJob } from '../../platform/jobs.ts';
import { stripeFor } from '../../platform/payments/stripe-gateway.ts';
import { LIVE_STATUSES, viaGateway, type Ctx } from './payments.shared.ts';
import {
  findPrice,
  findSubscriptionByStripeId,
  listPrices,
  listSubscriptionsOfService,
  upsertPrice,
  type PaymentPriceRow,
} from './payments.repository.ts';
import { recordSubscription } from './subscriptions.service.ts';

export const MOVE_PRICE_QUEUE = 'payments.move-price';

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
