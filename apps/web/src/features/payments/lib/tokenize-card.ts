import { declineMessageOf, type PaymentInit } from '@app/contracts';
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { ApiError } from '../../../lib/api-client.ts';

/**
 * What the card form hands over. Offline (the payments simulator) the form's own fields; with Stripe the
 * number, expiry and CVC are typed into Stripe's card element (an iframe of Stripe's), never into ours.
 */
export type CardDetails =
  | {
      kind: 'fields';
      cardNumber: string;
      holderName: string;
      expMonth: number;
      expYear: number;
      cvv?: string | undefined;
    }
  | { kind: 'stripe-element'; stripe: Stripe; element: StripeCardElement; holderName: string };

type StripeErrorBody = { error?: { code?: string; decline_code?: string; message?: string } };

/** A refusal by the card's bank (or the card check), in Japanese, shown on the form. */
const cardRefusal = (code?: string | null, declineCode?: string | null) =>
  new ApiError(402, 'CARD_DECLINED', declineMessageOf(code ?? null, declineCode ?? null));

/** Stripe's form encoding (`card[number]=...`). */
const formBody = (fields: Record<string, string | number | undefined>) => {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) body.append(key, String(value));
  return body;
};

async function simulatorCall(
  init: PaymentInit,
  path: string,
  fields: Record<string, string | number | undefined>,
) {
  let response: Response;
  try {
    response = await fetch(`${init.apiBaseUrl}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${init.publishableKey}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: formBody(fields),
    });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', 'Network error');
  }
  const data = (await response.json().catch(() => ({}))) as StripeErrorBody & { id?: string };
  if (!response.ok) throw cardRefusal(data.error?.code, data.error?.decline_code);
  return data;
}

/**
 * Tokenizes the card in the browser and confirms the setup intent the API started, at Stripe (Stripe.js)
 * or at the payments simulator (the same two calls Stripe.js makes: create the payment method with the
 * publishable key, confirm the intent with its client secret). A decline throws its Japanese reason.
 */
export async function tokenizeAndConfirmCard(init: PaymentInit, card: CardDetails): Promise<void> {
  if (card.kind === 'stripe-element') {
    const result = await card.stripe.confirmCardSetup(init.clientSecret, {
      payment_method: { card: card.element, billing_details: { name: card.holderName } },
    });
    if (result.error) throw cardRefusal(result.error.code, result.error.decline_code);
    return;
  }
  if (init.gateway !== 'simulator' || !init.apiBaseUrl) {
    throw new ApiError(0, 'CARD_FORM', 'Stripe card element required');
  }
  const pm = await simulatorCall(init, '/v1/payment_methods', {
    type: 'card',
    'card[number]': card.cardNumber,
    'card[exp_month]': card.expMonth,
    'card[exp_year]': card.expYear,
    'card[cvc]': card.cvv || undefined,
    'billing_details[name]': card.holderName,
  });
  await simulatorCall(init, `/v1/setup_intents/${encodeURIComponent(init.setupIntentId)}/confirm`, {
    payment_method: pm.id,
    client_secret: init.clientSecret,
  });
}
