import type { ServiceContext } from '../../platform/context.ts';
import {
  confirmSubscription,
  initPayment,
  listSubscriptionPrices,
  listSubscriptions,
  saveCard,
  setSubscriptionPrice,
} from '../../modules/payments/index.ts';
import { waitForSimulator } from './simulators.ts';

/**
 * Payments, on the payments simulator only (never real Stripe): the operator's prices, and the demo
 * account's card (tokenized as the browser does, with the publishable key), its member service paid by
 * card and its shift service by invoice, so the billing page has a card, subscriptions and history.
 */
export async function seedPayments(
  masterCtx: ServiceContext,
  ownerCtx: ServiceContext,
  lineAccount: { id: number } | null,
): Promise<void> {
  const sim = ownerCtx.config.payments;
  if (!(await waitForSimulator(sim.simulatorUrl!, ownerCtx.log, 'payments simulator'))) return;
  const { data: prices } = await listSubscriptionPrices({ ctx: masterCtx });
  for (const [serviceCode, recurringAmount] of [
    ['KS-001', 5500],
    ['KS-002', 3300],
  ] as const) {
    if (!prices.some((p) => p.serviceCode === serviceCode)) {
      await setSubscriptionPrice({ ctx: masterCtx, input: { serviceCode, recurringAmount } });
    }
  }
  if (!lineAccount) return;
  const { data: subscriptions } = await listSubscriptions({
    ctx: ownerCtx,
    input: { lineAccountId: lineAccount.id },
  });
  if (subscriptions.length > 0) return;
  const init = await initPayment({ ctx: ownerCtx, input: { lineAccountId: lineAccount.id } });
  // The browser's part (Stripe.js's two calls), against the simulator with the publishable key.
  const browserCall = async (path: string, fields: Record<string, string>) => {
    const response = await fetch(`${sim.simulatorUrl}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${init.publishableKey}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams(fields),
    });
    if (!response.ok) throw new Error(`payments simulator ${path}: ${response.status}`);
    return (await response.json()) as { id: string };
  };
  const pm = await browserCall('/v1/payment_methods', {
    type: 'card',
    'card[number]': '3566002020360505',
    'card[exp_month]': '12',
    'card[exp_year]': String(new Date().getFullYear() + 3),
    'card[cvc]': '123',
    'billing_details[name]': 'TARO YAMADA',
  });
  await browserCall(`/v1/setup_intents/${init.setupIntentId}/confirm`, {
    payment_method: pm.id,
    client_secret: init.clientSecret,
  });
  await saveCard({
    ctx: ownerCtx,
    input: { lineAccountId: lineAccount.id, setupIntentId: init.setupIntentId },
  });
  const input = { lineAccountId: lineAccount.id, requestKey: `demo-${lineAccount.id}` };
  await confirmSubscription({
    ctx: ownerCtx,
    input: { ...input, serviceCode: 'KS-001', paymentType: 'CREDIT' },
  });
  await confirmSubscription({
    ctx: ownerCtx,
    input: { ...input, serviceCode: 'KS-002', paymentType: 'INVOICE' },
  });
}
