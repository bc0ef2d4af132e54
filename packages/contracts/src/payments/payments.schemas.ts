import { z } from 'zod';
import { paymentStatusSchema, serviceCodes, transactionStatuses } from '../common/enums.ts';
import { idParamSchema, idSchema } from '../common/ids.ts';

/**
 * Texts of the payment calls. Declines come from the card's bank through Stripe (decline codes) and
 * are shown to the client as they are answered, in Japanese.
 */
export const paymentMessages = {
  serviceCode: 'Service code must be one of KS-001, KS-002',
  paymentType: 'Payment type must be CREDIT or INVOICE',
  paymentMethodId: 'paymentMethodId is required',
  setupIntentId: 'setupIntentId is required',
  recurringAmount: 'recurringAmount must be a positive integer (yen)',
  noCustomer: 'お支払い情報がまだ登録されていません。先にカードを登録してください。',
  noCard: 'お支払いに使うカードが登録されていません。カードを登録してください。',
  cardNotFound: 'このカードは登録されていません。',
  setupNotFinished: 'カードの登録が完了していません。もう一度お試しください。',
  alreadySubscribed: 'このサービスはすでに契約中です。',
  notSubscribed: 'このサービスは契約していません。',
  notCanceling: 'このサービスは解約の予定がありません。',
  noPrice: 'このサービスの料金がまだ設定されていません。運営にお問い合わせください。',
  defaultCardInUse:
    '契約中のサービスのお支払いに使われているカードは削除できません。先に別のカードを既定にしてください。',
  gatewayUnavailable: '決済サービスに接続できません。しばらくしてから再度お試しください。',
  liveModeRefused: 'Test data can only be deleted in test mode',
  invalidSignature: 'Invalid Stripe signature',
  invoiceNotFound: 'この請求書は見つかりません。',
} as const;

/**
 * Consumption tax (Japan). The operator's prices are tax-inclusive integer yen (docs/decisions/0014):
 * the tax an amount includes is rounded down once per invoice and rate, as the qualified invoice
 * system allows; every service is at the standard 10% rate.
 */
export const CONSUMPTION_TAX_RATE = 10;
export const taxIncludedIn = (amountInclusive: number, ratePercent: number = CONSUMPTION_TAX_RATE) =>
  Math.floor((amountInclusive * ratePercent) / (100 + ratePercent));

/**
 * 適格請求書発行事業者の登録番号: T and 13 digits whose first is the check digit of the other 12
 * (the 法人番号 rule: 9 - (Σ Pn×Qn mod 9), Pn the n-th digit from the right, Qn 1 when n is odd, 2 when even).
 */
export const isRegistrationNumber = (value: string) => {
  if (!/^T\d{13}$/.test(value)) return false;
  const digits = value.slice(2);
  let sum = 0;
  for (let n = 1; n <= 12; n++) sum += Number(digits[12 - n]) * (n % 2 === 1 ? 1 : 2);
  return Number(value[1]) === 9 - (sum % 9);
};

/** Japanese reasons for Stripe's decline codes (card_error code or decline_code). */
export const declineMessages: Record<string, string> = {
  generic_decline: 'カードが拒否されました。別のカードをお試しいただくか、カード会社にお問い合わせください。',
  card_declined: 'カードが拒否されました。別のカードをお試しいただくか、カード会社にお問い合わせください。',
  insufficient_funds: 'カードの残高（利用可能枠）が不足しています。別のカードをお試しください。',
  lost_card: 'このカードはご利用いただけません。カード会社にお問い合わせください。',
  stolen_card: 'このカードはご利用いただけません。カード会社にお問い合わせください。',
  expired_card: 'カードの有効期限が切れています。',
  incorrect_cvc: 'セキュリティコードが正しくありません。',
  invalid_cvc: 'セキュリティコードが正しくありません。',
  processing_error: 'カードの処理中にエラーが発生しました。しばらくしてから再度お試しください。',
  incorrect_number: 'カード番号が正しくありません。',
  invalid_number: 'カード番号が正しくありません。',
  invalid_expiry_month: '有効期限（月）が正しくありません。',
  invalid_expiry_year: '有効期限（年）が正しくありません。',
  missing_payment_method: 'お支払いに使うカードが登録されていません。カードを登録してください。',
};
export const declineMessageOf = (code: string | null | undefined, declineCode?: string | null) =>
  (declineCode && declineMessages[declineCode]) ||
  (code && declineMessages[code]) ||
  declineMessages.generic_decline!;

/**
 * The card form (SPEC.md 5: cardNumber, holderName, expireAt required; cvv optional). Checked in the
 * browser, then tokenized there: the API never receives these fields.
 */
export const cardFormMessages = {
  cardNumber: 'カード番号を入力してください',
  cardNumberFormat: 'カード番号は14〜19桁の数字で入力してください',
  holderName: 'カード名義を入力してください',
  holderNameFormat: 'カード名義はローマ字で入力してください',
  expireAt: '有効期限を入力してください',
  expireAtFormat: '有効期限はMM/YYの形式で入力してください',
  expired: 'カードの有効期限が切れています',
  cvv: 'セキュリティコードは3〜4桁の数字で入力してください',
} as const;

const luhn = (digits: string) => {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
};

/** `now` decides what "expired" means (the browser passes its date; tests pass theirs). */
export const cardFormSchema = (now: Date = new Date()) =>
  z.object({
    cardNumber: z
      .string()
      .trim()
      .min(1, cardFormMessages.cardNumber)
      .transform((s) => s.replace(/[\s-]/g, ''))
      .refine((s) => /^\d{14,19}$/.test(s) && luhn(s), cardFormMessages.cardNumberFormat),
    holderName: z
      .string()
      .trim()
      .min(1, cardFormMessages.holderName)
      .max(100, cardFormMessages.holderNameFormat)
      .regex(/^[A-Za-z .'-]+$/, cardFormMessages.holderNameFormat),
    expireAt: z
      .string()
      .trim()
      .min(1, cardFormMessages.expireAt)
      .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, cardFormMessages.expireAtFormat)
      .refine((s) => {
        const [mm, yy] = s.split('/').map(Number) as [number, number];
        const year = 2000 + yy;
        return year > now.getFullYear() || (year === now.getFullYear() && mm >= now.getMonth() + 1);
      }, cardFormMessages.expired),
    cvv: z
      .string()
      .trim()
      .regex(/^(\d{3,4})?$/, cardFormMessages.cvv)
      .optional(),
  });
export type CardFormInput = z.input<ReturnType<typeof cardFormSchema>>;

export const paymentTypes = ['CREDIT', 'INVOICE'] as const;
export const paymentTypeSchema = z.enum(paymentTypes, { error: paymentMessages.paymentType });
export type PaymentType = z.infer<typeof paymentTypeSchema>;
export const transactionStatusSchema = z.enum(transactionStatuses);
const serviceCodeSchema = z.enum(serviceCodes, { error: paymentMessages.serviceCode });

/** POST /init: what the page needs to collect a card in the browser (a setup intent of the account's customer). */
export const paymentInitSchema = z.object({
  gateway: z.enum(['stripe', 'simulator']),
  publishableKey: z.string(),
  /** Base URL of the payments simulator's API for the browser (simulator only). */
  apiBaseUrl: z.string().nullable(),
  setupIntentId: z.string(),
  clientSecret: z.string(),
});
export type PaymentInit = z.infer<typeof paymentInitSchema>;

export const savedCardSchema = z.object({
  paymentMethodId: z.string(),
  brand: z.string(),
  country: z.string().nullable(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  last4: z.string(),
  cvcCheck: z.string().nullable(),
  funding: z.string(),
  type: z.string(),
  isDefaultCard: z.boolean(),
});
export type SavedCard = z.infer<typeof savedCardSchema>;

/** A Stripe object's id (pm_…, seti_…): letters, digits and underscores, nothing else is sent to Stripe. */
const stripeId = (message: string) =>
  z
    .string({ error: message })
    .min(1, message)
    .max(255, message)
    .regex(/^[A-Za-z0-9_]+$/, message);

export const saveCardBodySchema = z.object({
  setupIntentId: stripeId(paymentMessages.setupIntentId),
});
export const paymentMethodBodySchema = z.object({
  paymentMethodId: stripeId(paymentMessages.paymentMethodId),
});

export const confirmSubscriptionBodySchema = z.object({
  serviceCode: serviceCodeSchema,
  paymentType: paymentTypeSchema.default('CREDIT'),
  /** A saved card of the account; default: its default card. */
  paymentMethodId: stripeId(paymentMessages.paymentMethodId).optional(),
});
export const cancelSubscriptionBodySchema = z.object({ serviceCode: serviceCodeSchema });

export const subscriptionViewSchema = z.object({
  serviceCode: z.enum(serviceCodes),
  lineAccountId: idSchema,
  paymentType: paymentTypeSchema,
  /** Stripe's subscription status: active, trialing, past_due, incomplete, canceled... */
  status: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  trialEnd: z.string().nullable(),
  productId: z.string(),
  recurringPriceId: z.string(),
});
export type SubscriptionView = z.infer<typeof subscriptionViewSchema>;

/** SPEC.md 3 "Payment history entry", with the invoice's number, tax and PDF. */
export const paymentHistoryEntrySchema = z.object({
  id: idSchema,
  amountPaid: z.number().int(),
  amountDue: z.number().int(),
  currency: z.string(),
  paymentStatus: transactionStatusSchema,
  paymentType: paymentTypeSchema,
  paidAt: z.string().nullable(),
  dueDate: z.string().nullable(),
  receiptUrl: z.string().nullable(),
  invoicePdfUrl: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  /** The consumption tax rate (%) and the tax the amount (amountDue) includes, in yen. */
  taxRate: z.number().int(),
  taxAmount: z.number().int(),
  serviceCode: z.string().nullable(),
  lineAccountId: idSchema,
  createdAt: z.string(),
});
export type PaymentHistoryEntry = z.infer<typeof paymentHistoryEntrySchema>;

export const nextBillingSchema = z.object({
  nextBillingDate: z.string().nullable(),
  nextBillingAmount: z.number().int().nullable(),
  isInTrialPeriod: z.boolean(),
});
export type NextBilling = z.infer<typeof nextBillingSchema>;
export const nextBillingQuerySchema = z.object({ serviceCode: serviceCodeSchema.optional() });

// master
export const setSubscriptionPriceBodySchema = z.object({
  recurringAmount: z
    .number({ error: paymentMessages.recurringAmount })
    .int(paymentMessages.recurringAmount)
    .positive(paymentMessages.recurringAmount)
    .max(10_000_000, paymentMessages.recurringAmount),
  serviceCode: serviceCodeSchema,
});
export const subscriptionPriceSchema = z.object({
  serviceCode: z.enum(serviceCodes),
  productId: z.string(),
  recurringPriceId: z.string(),
  recurringAmount: z.number().int(),
  currency: z.string(),
  updatedAt: z.string(),
});
export type SubscriptionPrice = z.infer<typeof subscriptionPriceSchema>;
/** A catalogue price: the tax-inclusive monthly amount and the tax it includes (same rule as invoices). */
export const servicePriceSchema = subscriptionPriceSchema
  .pick({ serviceCode: true, recurringAmount: true, currency: true })
  .extend({ taxRate: z.number().int(), taxAmount: z.number().int() });
export type ServicePrice = z.infer<typeof servicePriceSchema>;
export const deleteTestDataBodySchema = z.object({ clientId: idSchema, lineAccountId: idSchema });
export const deleteTestDataResultSchema = z.object({
  success: z.literal(true),
  deletedTransactions: z.number().int(),
  deletedSubscriptions: z.number().int(),
});
export const failedPaymentSchema = paymentHistoryEntrySchema.extend({
  clientId: idSchema,
  companyName: z.string(),
});
export type FailedPayment = z.infer<typeof failedPaymentSchema>;
export const clientPaymentStatusSchema = paymentStatusSchema;

/** GET .../payment/invoice/:paymentId/pdf: a payment history entry's id. */
export const invoicePdfParamsSchema = z.object({
  lineAccountId: idParamSchema,
  paymentId: idParamSchema,
});

export const stripeWebhookAckSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });
