/** The payments module's door: what other modules (and the demo world) may use (STYLE.md "Door"). */
export {
  confirmSubscription,
  countFailedPayments,
  initPayment,
  listSubscriptionPrices,
  listSubscriptions,
  saveCard,
  setSubscriptionPrice,
} from './payments.service.ts';
