/** The payments module's door: what other modules (and the demo world) may use (STYLE.md "Door"). */
export { initPayment, saveCard } from './cards.service.ts';
export { countFailedPayments } from './invoices.service.ts';
export { listSubscriptionPrices, setSubscriptionPrice } from './prices.service.ts';
export { confirmSubscription, listSubscriptions } from './subscriptions.service.ts';
