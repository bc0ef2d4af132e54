/**
 * Stripe's documented test cards (https://docs.stripe.com/testing): the number decides the brand, the
 * country, the funding and what happens when the card is saved (attach / setup intent) or charged.
 */
export type CardOutcome =
  | { kind: 'ok' }
  /** Refused when saved and when charged (Stripe validates the card on attach and setup). */
  | { kind: 'decline'; code: string; declineCode: string; message: string }
  /** Saved fine, every charge refused (4000 0000 0000 0341). */
  | { kind: 'charge_decline'; code: string; declineCode: string; message: string };

export type TestCard = {
  number: string;
  brand: string;
  country: string;
  funding: 'credit' | 'debit' | 'prepaid';
  cvcCheck?: 'pass' | 'fail';
  outcome: CardOutcome;
};

const ok: CardOutcome = { kind: 'ok' };
const declined = (declineCode: string, message: string, code = 'card_declined'): CardOutcome => ({
  kind: 'decline',
  code,
  declineCode,
  message,
});

export const TEST_CARDS: TestCard[] = [
  { number: '4242424242424242', brand: 'visa', country: 'US', funding: 'credit', outcome: ok },
  { number: '4000056655665556', brand: 'visa', country: 'US', funding: 'debit', outcome: ok },
  { number: '5555555555554444', brand: 'mastercard', country: 'US', funding: 'credit', outcome: ok },
  { number: '2223003122003222', brand: 'mastercard', country: 'US', funding: 'credit', outcome: ok },
  { number: '5200828282828210', brand: 'mastercard', country: 'US', funding: 'debit', outcome: ok },
  { number: '378282246310005', brand: 'amex', country: 'US', funding: 'credit', outcome: ok },
  { number: '6011111111111117', brand: 'discover', country: 'US', funding: 'credit', outcome: ok },
  { number: '3056930009020004', brand: 'diners', country: 'US', funding: 'credit', outcome: ok },
  { number: '3566002020360505', brand: 'jcb', country: 'JP', funding: 'credit', outcome: ok },
  { number: '4000003920000003', brand: 'visa', country: 'JP', funding: 'credit', outcome: ok },
  { number: '3530111333300000', brand: 'jcb', country: 'JP', funding: 'credit', outcome: ok },
  {
    number: '4000000000000101',
    brand: 'visa',
    country: 'US',
    funding: 'credit',
    cvcCheck: 'fail',
    outcome: ok,
  },
  {
    number: '4000000000000002',
    brand: 'visa',
    country: 'US',
    funding: 'credit',
    outcome: declined('generic_decline', 'Your card was declined.'),
  },
  {
    number: '4000000000009995',
    brand: 'visa',
    country: 'US',
    funding: 'credit',
    outcome: declined('insufficient_funds', 'Your card has insufficient funds.'),
  },
  {
    number: '4000000000009987',
    brand: 'visa',
    country: 'US',
    funding: 'credit',
    outcome: declined('lost_card', 'Your card was declined.'),
  },
  {
    number: '4000000000009979',
    brand: 'visa',
    country: 'US',
    funding: 'credit',
    outcome: declined('stolen_card', 'Your card was declined.'),
  },
  {
    number: '4000000000000069',
    brand: 'visa',
    country: 'US',
    funding: 'credit',
    outcome: declined('expired_card', 'Your card has expired.', 'expired_card'),
  },
  {
    number: '4000000000000127',
    brand: 'visa',
    country: 'US',
    funding: 'credit',
    outcome: declined('incorrect_cvc', "Your card's security code is incorrect.", 'incorrect_cvc'),
  },
  {
    number: '4000000000000119',
    brand: 'visa',
    country: 'US',
    funding: 'credit',
    outcome: declined(
      'processing_error',
      'An error occurred while processing your card. Try again in a little bit.',
      'processing_error',
    ),
  },
  {
    number: '4000000000000341',
    brand: 'visa',
    country: 'US',
    funding: 'credit',
    outcome: {
      kind: 'charge_decline',
      code: 'card_declined',
      declineCode: 'generic_decline',
      message: 'Your card was declined.',
    },
  },
];

/** Stripe's test PaymentMethod ids (`pm_card_visa`...): each use makes a new payment method of that card. */
export const TEST_PAYMENT_METHOD_TOKENS: Record<string, string> = {
  pm_card_visa: '4242424242424242',
  pm_card_visa_debit: '4000056655665556',
  pm_card_mastercard: '5555555555554444',
  pm_card_amex: '378282246310005',
  pm_card_jcb: '3566002020360505',
  pm_card_jp: '4000003920000003',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_visa_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_visa_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_chargeDeclinedLostCard: '4000000000009987',
  pm_card_chargeDeclinedStolenCard: '4000000000009979',
  pm_card_chargeDeclinedExpiredCard: '4000000000000069',
  pm_card_chargeDeclinedIncorrectCvc: '4000000000000127',
  pm_card_chargeDeclinedProcessingError: '4000000000000119',
  pm_card_chargeCustomerFail: '4000000000000341',
};

const luhnOk = (digits: string) => {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
};

export type CardCheck = { ok: true; card: TestCard } | { ok: false; code: string; message: string };

/**
 * Like Stripe in test mode: only its test numbers are accepted; a real-looking number is refused
 * (Stripe answers that real cards cannot be used in test mode).
 */
export const lookUpCard = (rawNumber: string): CardCheck => {
  const number = rawNumber.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number) || !luhnOk(number)) {
    return { ok: false, code: 'incorrect_number', message: 'Your card number is incorrect.' };
  }
  const card = TEST_CARDS.find((c) => c.number === number);
  if (!card) {
    return {
      ok: false,
      code: 'card_declined',
      message:
        'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
    };
  }
  return { ok: true, card };
};
