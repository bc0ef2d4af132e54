/** The payments module's door: what other modules may use (STYLE.md "Door"). */
export {
  confirmSubscription,
  countFailedPayments,
  initPayment,
  addCard,
  setSubscriptionPrice,
} from './payments.service.ts';
