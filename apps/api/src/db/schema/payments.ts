import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';
import { lineAccounts } from './line-accounts.ts';

/**
 * Payments are Stripe's (or the payments simulator's): these tables keep the ids that tie Stripe's
 * objects to our tenants, and what the pages list. No card number, CVV or expiry is ever stored: cards
 * stay at Stripe and are read from it (payment method ids only).
 */

/** One Stripe customer per LINE account (a client pays per LINE account). */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    lineAccountId: integer('line_account_id')
      .notNull()
      .references(() => lineAccounts.id),
    stripeCustomerId: varchar('stripe_customer_id', { length: 255 }).notNull(),
    livemode: boolean('livemode').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_customers_account_mode_uq').on(t.lineAccountId, t.livemode),
    uniqueIndex('payment_customers_stripe_uq').on(t.stripeCustomerId),
    index('payment_customers_client_idx').on(t.clientId),
  ],
);

/** The operator's price of each service: Stripe product and its current monthly price (integer yen). */
export const paymentPrices = pgTable(
  'payment_prices',
  {
    id: serial('id').primaryKey(),
    serviceCode: varchar('service_code', { length: 16 }).notNull(),
    livemode: boolean('livemode').notNull(),
    productId: varchar('product_id', { length: 255 }).notNull(),
    recurringPriceId: varchar('recurring_price_id', { length: 255 }).notNull(),
    recurringAmount: integer('recurring_amount').notNull(),
    currency: varchar('currency', { length: 3 }).notNull().default('jpy'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_prices_service_mode_uq').on(t.serviceCode, t.livemode)],
);

/** A LINE account's subscription to a service, as Stripe last told (webhooks keep it current). */
export const paymentSubscriptions = pgTable(
  'payment_subscriptions',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    lineAccountId: integer('line_account_id')
      .notNull()
      .references(() => lineAccounts.id),
    serviceCode: varchar('service_code', { length: 16 }).notNull(),
    stripeSubscriptionId: varchar('stripe_subscription_id', { length: 255 }).notNull(),
    paymentType: varchar('payment_type', { length: 16 }).notNull(),
    status: varchar('status', { length: 32 }).notNull(),
    productId: varchar('product_id', { length: 255 }).notNull(),
    recurringPriceId: varchar('recurring_price_id', { length: 255 }).notNull(),
    amount: integer('amount').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    trialEnd: timestamp('trial_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    cancellationReason: varchar('cancellation_reason', { length: 64 }),
    /** The client's Idempotency-Key of the subscribe call: a retry answers this subscription. */
    requestKey: varchar('request_key', { length: 255 }),
    livemode: boolean('livemode').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_subscriptions_stripe_uq').on(t.stripeSubscriptionId),
    index('payment_subscriptions_account_idx').on(t.lineAccountId, t.serviceCode),
    index('payment_subscriptions_client_idx').on(t.clientId),
  ],
);

/**
 * Payment transactions (SPEC.md 3), one per Stripe invoice, written from Stripe's events: amount and
 * status, how it was paid, the masked card (last 4 digits only), receipt and invoice PDF links.
 */
export const paymentTransactions = pgTable(
  'payment_transactions',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    lineAccountId: integer('line_account_id')
      .notNull()
      .references(() => lineAccounts.id),
    serviceCode: varchar('service_code', { length: 16 }),
    stripeInvoiceId: varchar('stripe_invoice_id', { length: 255 }).notNull(),
    stripeSubscriptionId: varchar('stripe_subscription_id', { length: 255 }),
    /** The invoice number. */
    orderId: varchar('order_id', { length: 64 }),
    amount: integer('amount').notNull(),
    amountPaid: integer('amount_paid').notNull().default(0),
    currency: varchar('currency', { length: 3 }).notNull(),
    /** COMPLETED, PENDING or FAILED. */
    transactionStatus: varchar('transaction_status', { length: 16 }).notNull(),
    /** Why it was billed: Stripe's billing_reason (subscription_create, subscription_cycle...). */
    transactionType: varchar('transaction_type', { length: 32 }).notNull(),
    /** Stripe's invoice status (draft, open, paid, void, uncollectible). */
    paynowStatus: varchar('paynow_status', { length: 32 }),
    paymentType: varchar('payment_type', { length: 16 }).notNull(),
    maskedCardNumber: varchar('masked_card_number', { length: 32 }),
    settlementDate: timestamp('settlement_date', { withTimezone: true }),
    dueDate: timestamp('due_date', { withTimezone: true }),
    failureCode: varchar('failure_code', { length: 64 }),
    receiptUrl: varchar('receipt_url', { length: 1000 }),
    invoicePdfUrl: varchar('invoice_pdf_url', { length: 1000 }),
    livemode: boolean('livemode').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_transactions_invoice_uq').on(t.stripeInvoiceId),
    index('payment_transactions_account_idx').on(t.lineAccountId, t.createdAt),
    index('payment_transactions_status_idx').on(t.transactionStatus, t.createdAt),
  ],
);

/** Stripe's events as received: stored once per event id (a redelivery is a no-op), processed by a job. */
export const paymentWebhookEvents = pgTable(
  'payment_webhook_events',
  {
    id: serial('id').primaryKey(),
    stripeEventId: varchar('stripe_event_id', { length: 255 }).notNull(),
    type: varchar('type', { length: 64 }).notNull(),
    objectId: varchar('object_id', { length: 255 }),
    livemode: boolean('livemode').notNull(),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('payment_webhook_events_event_uq').on(t.stripeEventId)],
);
