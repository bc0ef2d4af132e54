import { z } from 'zod';
import { okBodySchema } from '../common/errors.ts';
import { allow, defineEndpoint, publicAccess } from '../common/endpoint.ts';
import { lineAccountParamsSchema } from '../line-accounts/line-accounts.schemas.ts';
import { CLIENT_PREFIX, MASTER_PREFIX } from '../area-prefixes.ts';
import {
  cancelSubscriptionBodySchema,
  confirmSubscriptionBodySchema,
  deleteTestDataBodySchema,
  deleteTestDataResultSchema,
  failedPaymentSchema,
  invoicePdfParamsSchema,
  nextBillingQuerySchema,
  nextBillingSchema,
  paymentHistoryEntrySchema,
  paymentInitSchema,
  paymentMethodBodySchema,
  savedCardSchema,
  servicePriceSchema,
  saveCardBodySchema,
  setSubscriptionPriceBodySchema,
  stripeWebhookAckSchema,
  subscriptionPriceSchema,
  subscriptionViewSchema,
} from './payments.schemas.ts';

const tags = ['payments'];
const base = `${CLIENT_PREFIX}/line-account/:lineAccountId/payment`;
const read = {
  access: allow('client.billing.read'),
  clientScoped: true,
  params: lineAccountParamsSchema,
} as const;
const manage = {
  access: allow('client.billing.manage'),
  clientScoped: true,
  params: lineAccountParamsSchema,
} as const;

/**
 * Payments of a LINE account (SPEC.md 7): cards are collected in the browser (Stripe.js, or the payments
 * simulator offline) and reach the API only as payment method ids; subscriptions per service.
 */
export const paymentEndpoints = {
  servicePrices: defineEndpoint({
    method: 'GET',
    path: `${CLIENT_PREFIX}/payment/prices`,
    summary: 'The monthly price of each service (integer yen, tax included), for the catalogue',
    tags,
    access: allow('client.read'),
    responses: { 200: z.object({ data: z.array(servicePriceSchema) }) },
  }),
  init: defineEndpoint({
    method: 'POST',
    path: `${base}/init`,
    summary: 'Start collecting a card: a setup intent of the account (its customer is made on first use)',
    tags,
    ...manage,
    responses: { 200: paymentInitSchema },
  }),
  saveCard: defineEndpoint({
    method: 'POST',
    path: `${base}/save-card`,
    summary: 'Keep the card of a confirmed setup intent (the first card becomes the default)',
    tags,
    ...manage,
    body: saveCardBodySchema,
    responses: { 200: savedCardSchema },
  }),
  addCard: defineEndpoint({
    method: 'POST',
    path: `${base}/add-card`,
    summary: 'Attach a payment method made in the browser (declined cards answer 400 with the reason)',
    tags,
    ...manage,
    body: paymentMethodBodySchema,
    responses: { 200: savedCardSchema },
  }),
  cards: defineEndpoint({
    method: 'GET',
    path: `${base}/cards`,
    summary: 'Saved cards of the account, the default one marked',
    tags,
    ...read,
    responses: { 200: z.object({ data: z.array(savedCardSchema) }) },
  }),
  setDefault: defineEndpoint({
    method: 'POST',
    path: `${base}/method`,
    summary: 'Make a saved card the default (subscriptions are charged to it)',
    tags,
    ...manage,
    body: paymentMethodBodySchema,
    responses: { 200: savedCardSchema },
  }),
  deleteMethod: defineEndpoint({
    method: 'DELETE',
    path: `${base}/method`,
    summary: 'Remove a saved card',
    tags,
    ...manage,
    body: paymentMethodBodySchema,
    responses: { 200: okBodySchema },
  }),
  confirmSubscription: defineEndpoint({
    method: 'POST',
    path: `${base}/confirm-subscription`,
    summary: 'Subscribe the account to a service, by card (charged now) or by invoice (bank transfer)',
    tags,
    ...manage,
    body: confirmSubscriptionBodySchema,
    responses: { 201: subscriptionViewSchema },
  }),
  cancelSubscription: defineEndpoint({
    method: 'POST',
    path: `${base}/cancel-subscription`,
    summary: 'Cancel a service subscription at the end of the paid period',
    tags,
    ...manage,
    body: cancelSubscriptionBodySchema,
    responses: { 200: subscriptionViewSchema },
  }),
  resumeSubscription: defineEndpoint({
    method: 'POST',
    path: `${base}/resume-subscription`,
    summary: 'Undo a cancellation before it takes effect: the subscription renews again at the period end',
    tags,
    ...manage,
    body: cancelSubscriptionBodySchema,
    responses: { 200: subscriptionViewSchema },
  }),
  subscriptions: defineEndpoint({
    method: 'GET',
    path: `${base}/subscriptions`,
    summary: "The account's service subscriptions",
    tags,
    ...read,
    responses: { 200: z.object({ data: z.array(subscriptionViewSchema) }) },
  }),
  history: defineEndpoint({
    method: 'GET',
    path: `${base}/history`,
    summary: 'Payment history (invoices) of the account, newest first',
    tags,
    ...read,
    responses: { 200: z.object({ data: z.array(paymentHistoryEntrySchema) }) },
  }),
  invoicePdf: defineEndpoint({
    method: 'GET',
    path: `${base}/invoice/:paymentId/pdf`,
    summary:
      'The qualified invoice (適格請求書) of a payment history entry as a PDF: issuer and registration number, date, buyer, items, 10% tax',
    tags,
    access: allow('client.billing.read'),
    clientScoped: true,
    params: invoicePdfParamsSchema,
    produces: ['application/pdf'],
    responses: { 200: z.any() },
  }),
  nextBilling: defineEndpoint({
    method: 'GET',
    path: `${base}/next-billing`,
    summary: 'The next charge of the account (earliest across services, or of one service)',
    tags,
    ...read,
    query: nextBillingQuerySchema,
    responses: { 200: nextBillingSchema },
  }),
} as const;

export const masterPaymentEndpoints = {
  setPrice: defineEndpoint({
    method: 'PATCH',
    path: `${MASTER_PREFIX}/payment/subscription`,
    summary: "Set a service's monthly price: a new price; subscriptions move to it at their next period",
    tags,
    access: allow('master.write'),
    body: setSubscriptionPriceBodySchema,
    responses: { 200: subscriptionPriceSchema },
  }),
  prices: defineEndpoint({
    method: 'GET',
    path: `${MASTER_PREFIX}/payment/prices`,
    summary: 'The current price of each service',
    tags,
    access: allow('master.read'),
    responses: { 200: z.object({ data: z.array(subscriptionPriceSchema) }) },
  }),
  failed: defineEndpoint({
    method: 'GET',
    path: `${MASTER_PREFIX}/payment/failed`,
    summary: 'Failed payments across clients, newest first',
    tags,
    access: allow('master.read'),
    responses: { 200: z.object({ data: z.array(failedPaymentSchema), total: z.number().int() }) },
  }),
  deleteTest: defineEndpoint({
    method: 'POST',
    path: `${MASTER_PREFIX}/payment/delete-test`,
    summary: "Delete a LINE account's test-mode payment data (refused in live mode)",
    tags,
    access: allow('master.write'),
    body: deleteTestDataBodySchema,
    responses: { 200: deleteTestDataResultSchema },
  }),
} as const;

export const stripeWebhookEndpoints = {
  receive: defineEndpoint({
    method: 'POST',
    path: '/payment/webhook/stripe',
    summary: "Receive Stripe's events (Stripe-Signature over the raw body); processed by a job",
    tags,
    access: publicAccess,
    responses: { 200: stripeWebhookAckSchema },
  }),
} as const;
