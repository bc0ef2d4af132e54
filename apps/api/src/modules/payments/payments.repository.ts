import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  paymentCustomers,
  paymentPrices,
  paymentSubscriptions,
  paymentTransactions,
  paymentWebhookEvents,
} from '../../db/schema/payments.ts';

export type PaymentCustomerRow = typeof paymentCustomers.$inferSelect;
export type PaymentSubscriptionRow = typeof paymentSubscriptions.$inferSelect;
export type PaymentTransactionRow = typeof paymentTransactions.$inferSelect;
export type PaymentPriceRow = typeof paymentPrices.$inferSelect;
export type PaymentWebhookEventRow = typeof paymentWebhookEvents.$inferSelect;

type AccountScope = { clientId: number; lineAccountId: number; livemode: boolean };

// ---- customers ----
export async function findCustomer(db: Db, scope: AccountScope): Promise<PaymentCustomerRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentCustomers)
    .where(
      and(
        eq(paymentCustomers.clientId, scope.clientId),
        eq(paymentCustomers.lineAccountId, scope.lineAccountId),
        eq(paymentCustomers.livemode, scope.livemode),
      ),
    )
    .limit(1);
  return row;
}

export async function findCustomerByStripeId(db: Db, stripeCustomerId: string) {
  const [row] = await db
    .select()
    .from(paymentCustomers)
    .where(eq(paymentCustomers.stripeCustomerId, stripeCustomerId))
    .limit(1);
  return row;
}

/** Inserts the account's customer; a concurrent first call keeps the row that was written first. */
export async function insertCustomer(
  db: Db,
  values: AccountScope & { stripeCustomerId: string },
): Promise<PaymentCustomerRow | undefined> {
  const [row] = await db.insert(paymentCustomers).values(values).onConflictDoNothing().returning();
  return row;
}

/** Serialises the making of an account's customer until the transaction ends (see customerFor). */
export async function lockAccountCustomer(db: Db, scope: AccountScope): Promise<void> {
  await db.execute(
    sql`select pg_advisory_xact_lock(${scope.livemode ? CUSTOMER_LOCK_LIVE : CUSTOMER_LOCK_TEST}, ${scope.lineAccountId})`,
  );
}
const CUSTOMER_LOCK_TEST = 20_016;
const CUSTOMER_LOCK_LIVE = 20_017;

export async function deleteCustomer(db: Db, scope: AccountScope): Promise<void> {
  await db
    .delete(paymentCustomers)
    .where(
      and(
        eq(paymentCustomers.clientId, scope.clientId),
        eq(paymentCustomers.lineAccountId, scope.lineAccountId),
        eq(paymentCustomers.livemode, scope.livemode),
      ),
    );
}

// ---- prices ----
export async function findPrice(db: Db, serviceCode: string, livemode: boolean) {
  const [row] = await db
    .select()
    .from(paymentPrices)
    .where(and(eq(paymentPrices.serviceCode, serviceCode), eq(paymentPrices.livemode, livemode)))
    .limit(1);
  return row;
}

export async function listPrices(db: Db, livemode: boolean) {
  return db
    .select()
    .from(paymentPrices)
    .where(eq(paymentPrices.livemode, livemode))
    .orderBy(paymentPrices.serviceCode);
}

export async function upsertPrice(
  db: Db,
  values: Omit<typeof paymentPrices.$inferInsert, 'id'> & { updatedAt: Date },
): Promise<PaymentPriceRow> {
  const [row] = await db
    .insert(paymentPrices)
    .values(values)
    .onConflictDoUpdate({
      target: [paymentPrices.serviceCode, paymentPrices.livemode],
      set: {
        productId: values.productId,
        recurringPriceId: values.recurringPriceId,
        recurringAmount: values.recurringAmount,
        currency: values.currency ?? 'jpy',
        updatedAt: values.updatedAt,
      },
    })
    .returning();
  return row!;
}

// ---- subscriptions ----
export async function listSubscriptionsOfAccount(db: Db, scope: AccountScope) {
  return db
    .select()
    .from(paymentSubscriptions)
    .where(
      and(
        eq(paymentSubscriptions.clientId, scope.clientId),
        eq(paymentSubscriptions.lineAccountId, scope.lineAccountId),
        eq(paymentSubscriptions.livemode, scope.livemode),
      ),
    )
    .orderBy(desc(paymentSubscriptions.createdAt), desc(paymentSubscriptions.id));
}

export async function listSubscriptionsOfClient(db: Db, clientId: number) {
  return db.select().from(paymentSubscriptions).where(eq(paymentSubscriptions.clientId, clientId));
}

/** Live subscriptions on a price other than `priceId` (they move to it at their next period). */
export async function listSubscriptionsOfService(db: Db, serviceCode: string, livemode: boolean) {
  return db
    .select()
    .from(paymentSubscriptions)
    .where(
      and(
        eq(paymentSubscriptions.serviceCode, serviceCode),
        eq(paymentSubscriptions.livemode, livemode),
        inArray(paymentSubscriptions.status, ['active', 'trialing', 'past_due', 'incomplete']),
      ),
    );
}

export async function findSubscriptionByStripeId(db: Db, stripeSubscriptionId: string) {
  const [row] = await db
    .select()
    .from(paymentSubscriptions)
    .where(eq(paymentSubscriptions.stripeSubscriptionId, stripeSubscriptionId))
    .limit(1);
  return row;
}

export async function upsertSubscription(
  db: Db,
  values: Omit<typeof paymentSubscriptions.$inferInsert, 'id'> & { updatedAt: Date },
): Promise<PaymentSubscriptionRow> {
  const {
    clientId: _c,
    lineAccountId: _l,
    serviceCode: _s,
    requestKey: _k,
    createdAt: _at,
    ...changes
  } = values;
  const [row] = await db
    .insert(paymentSubscriptions)
    .values(values)
    .onConflictDoUpdate({ target: paymentSubscriptions.stripeSubscriptionId, set: changes })
    .returning();
  return row!;
}

// ---- transactions ----
export async function listTransactionsOfAccount(db: Db, scope: AccountScope) {
  return db
    .select()
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.clientId, scope.clientId),
        eq(paymentTransactions.lineAccountId, scope.lineAccountId),
        eq(paymentTransactions.livemode, scope.livemode),
      ),
    )
    .orderBy(desc(paymentTransactions.createdAt), desc(paymentTransactions.id));
}

export async function findTransactionOfAccount(db: Db, scope: AccountScope, id: number) {
  const [row] = await db
    .select()
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.id, id),
        eq(paymentTransactions.clientId, scope.clientId),
        eq(paymentTransactions.lineAccountId, scope.lineAccountId),
        eq(paymentTransactions.livemode, scope.livemode),
      ),
    )
    .limit(1);
  return row;
}

export async function listFailedTransactions(db: Db, livemode: boolean, limit: number) {
  return db
    .select()
    .from(paymentTransactions)
    .where(
      and(eq(paymentTransactions.transactionStatus, 'FAILED'), eq(paymentTransactions.livemode, livemode)),
    )
    .orderBy(desc(paymentTransactions.updatedAt), desc(paymentTransactions.id))
    .limit(limit);
}

export async function countFailedTransactions(db: Db, livemode: boolean): Promise<number> {
  const rows = await db
    .select({ id: paymentTransactions.id })
    .from(paymentTransactions)
    .where(
      and(eq(paymentTransactions.transactionStatus, 'FAILED'), eq(paymentTransactions.livemode, livemode)),
    );
  return rows.length;
}

export async function upsertTransaction(
  db: Db,
  values: Omit<typeof paymentTransactions.$inferInsert, 'id'> & { updatedAt: Date },
): Promise<void> {
  const { clientId: _c, lineAccountId: _l, stripeInvoiceId: _i, createdAt: _at, ...changes } = values;
  await db
    .insert(paymentTransactions)
    .values(values)
    .onConflictDoUpdate({ target: paymentTransactions.stripeInvoiceId, set: changes });
}

export async function deleteAccountPaymentRows(db: Db, scope: AccountScope) {
  const where = (t: typeof paymentTransactions | typeof paymentSubscriptions) =>
    and(
      eq(t.clientId, scope.clientId),
      eq(t.lineAccountId, scope.lineAccountId),
      eq(t.livemode, scope.livemode),
    );
  const transactions = await db.delete(paymentTransactions).where(where(paymentTransactions)).returning({
    id: paymentTransactions.id,
  });
  const subscriptions = await db.delete(paymentSubscriptions).where(where(paymentSubscriptions)).returning({
    id: paymentSubscriptions.id,
  });
  await deleteCustomer(db, scope);
  return { deletedTransactions: transactions.length, deletedSubscriptions: subscriptions.length };
}

// ---- webhook events ----
/** Stores an event once by its id; answers the row id, or undefined for a redelivery. */
export async function insertWebhookEvent(
  db: Db,
  values: {
    stripeEventId: string;
    type: string;
    objectId: string | null;
    livemode: boolean;
    payload: unknown;
    receivedAt: Date;
  },
): Promise<number | undefined> {
  const [row] = await db
    .insert(paymentWebhookEvents)
    .values(values)
    .onConflictDoNothing({ target: paymentWebhookEvents.stripeEventId })
    .returning({ id: paymentWebhookEvents.id });
  return row?.id;
}

export async function lockWebhookEvent(db: Db, id: number): Promise<PaymentWebhookEventRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentWebhookEvents)
    .where(eq(paymentWebhookEvents.id, id))
    .limit(1)
    .for('update');
  return row;
}

export async function markWebhookEventProcessed(db: Db, id: number, at: Date) {
  await db.update(paymentWebhookEvents).set({ processedAt: at }).where(eq(paymentWebhookEvents.id, id));
}
