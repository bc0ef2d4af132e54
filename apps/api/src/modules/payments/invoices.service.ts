import {
  CONSUMPTION_TAX_RATE,
  findServiceDefinition,
  paymentMessages,
  taxIncludedIn,
  type FailedPayment,
  type PaymentHistoryEntry,
} from '@app/contracts';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import type { Stripe } from '../../platform/payments/stripe-gateway.ts';
import { companyNamesOf } from '../clients/index.ts';
import { getLineAccountRowOrThrow } from '../line-accounts/index.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import { accountScope, idOf, type AccountInput, type Ctx, type Scope } from './payments.shared.ts';
import {
  countFailedTransactions,
  findTransactionOfAccount,
  listFailedTransactions,
  listTransactionsOfAccount,
  upsertTransaction,
  type PaymentTransactionRow,
} from './payments.repository.ts';

const transactionStatusOf = (invoice: Stripe.Invoice): PaymentTransactionRow['transactionStatus'] => {
  if (invoice.status === 'paid') return 'COMPLETED';
  if (invoice.status === 'void' || invoice.status === 'uncollectible') return 'FAILED';
  if (invoice.collection_method === 'charge_automatically' && invoice.attempt_count > 0) return 'FAILED';
  return 'PENDING';
};

/** Our transaction row of a Stripe invoice (written from Stripe's events, and at once when we subscribe). */
export async function recordInvoice(
  db: Db,
  owner: Scope & { serviceCode: string | null },
  invoice: Stripe.Invoice,
  card: Stripe.PaymentMethod | null,
  now: Date,
) {
  await upsertTransaction(db, {
    clientId: owner.clientId,
    lineAccountId: owner.lineAccountId,
    serviceCode: owner.serviceCode,
    livemode: owner.livemode,
    stripeInvoiceId: invoice.id,
    stripeSubscriptionId: idOf(invoice.parent?.subscription_details?.subscription),
    orderId: invoice.number,
    amount: invoice.amount_due,
    amountPaid: invoice.amount_paid,
    currency: invoice.currency,
    transactionStatus: transactionStatusOf(invoice),
    transactionType: invoice.billing_reason ?? 'manual',
    paynowStatus: invoice.status,
    paymentType: invoice.collection_method === 'send_invoice' ? 'INVOICE' : 'CREDIT',
    maskedCardNumber: card?.card ? `**** **** **** ${card.card.last4}` : null,
    settlementDate: invoice.status_transitions.paid_at
      ? new Date(invoice.status_transitions.paid_at * 1000)
      : null,
    dueDate: invoice.due_date ? new Date(invoice.due_date * 1000) : null,
    failureCode: null,
    receiptUrl: invoice.hosted_invoice_url ?? null,
    invoicePdfUrl: invoice.invoice_pdf ?? null,
    createdAt: new Date(invoice.created * 1000),
    updatedAt: now,
  });
}

const toHistoryView = (row: PaymentTransactionRow): PaymentHistoryEntry => ({
  id: row.id,
  amountPaid: row.amountPaid,
  amountDue: row.amount,
  currency: row.currency,
  paymentStatus: row.transactionStatus as PaymentHistoryEntry['paymentStatus'],
  paymentType: row.paymentType as PaymentHistoryEntry['paymentType'],
  paidAt: row.settlementDate?.toISOString() ?? null,
  dueDate: row.dueDate?.toISOString() ?? null,
  receiptUrl: row.receiptUrl,
  invoicePdfUrl: row.invoicePdfUrl,
  invoiceNumber: row.orderId,
  taxRate: CONSUMPTION_TAX_RATE,
  taxAmount: taxIncludedIn(row.amount),
  serviceCode: row.serviceCode,
  lineAccountId: row.lineAccountId,
  createdAt: row.createdAt.toISOString(),
});

export async function paymentHistory({ ctx, input }: Ctx & { input: AccountInput }) {
  const scope = await accountScope(ctx, input.lineAccountId);
  return { data: (await listTransactionsOfAccount(ctx.db, scope)).map(toHistoryView) };
}

/**
 * The qualified invoice (適格請求書) of one of the account's payments, as a PDF made here: the issuer
 * from the settings, the buyer the client's company, the service's monthly fee as the item, the
 * tax-inclusive total with the 10% tax it includes. Another account's payment is not found.
 */
export async function invoicePdf({
  ctx,
  input,
}: Ctx & { input: { lineAccountId: number; paymentId: number } }) {
  const scope = await accountScope(ctx, input.lineAccountId);
  const row = await findTransactionOfAccount(ctx.db, scope, input.paymentId);
  if (!row) throw notFound(paymentMessages.invoiceNotFound);
  const account = await getLineAccountRowOrThrow(ctx, scope.clientId, scope.lineAccountId);
  const buyerName = (await companyNamesOf(ctx.db, [scope.clientId])).get(scope.clientId) ?? '';
  const service = row.serviceCode ? findServiceDefinition(row.serviceCode) : undefined;
  const invoiceNumber = row.orderId ?? `P-${row.id}`;
  const data = await renderInvoicePdf({
    issuer: {
      name: ctx.config.invoice.issuerName,
      address: ctx.config.invoice.issuerAddress,
      registrationNumber: ctx.config.invoice.registrationNumber,
      bankAccount: ctx.config.invoice.bankAccount,
    },
    buyerName,
    lineAccountName: account.displayName,
    invoiceNumber,
    issuedAt: row.createdAt,
    dueDate: row.dueDate,
    paidAt: row.settlementDate,
    paymentType: row.paymentType === 'INVOICE' ? 'INVOICE' : 'CREDIT',
    status: row.transactionStatus as PaymentHistoryEntry['paymentStatus'],
    items: [
      {
        description: service ? `${service.label}（${service.code}）月額利用料` : 'サービス利用料',
        amount: row.amount,
      },
    ],
    total: row.amount,
    taxRate: CONSUMPTION_TAX_RATE,
    taxAmount: taxIncludedIn(row.amount),
  });
  return { fileName: `invoice-${invoiceNumber.replace(/[^\w.-]/g, '_')}.pdf`, data };
}

export async function listFailedPayments({ ctx }: Ctx): Promise<{ data: FailedPayment[]; total: number }> {
  const livemode = ctx.config.payments.livemode;
  const rows = await listFailedTransactions(ctx.db, livemode, 200);
  const names = await companyNamesOf(
    ctx.db,
    rows.map((r) => r.clientId),
  );
  return {
    data: rows.map((r) => ({
      ...toHistoryView(r),
      clientId: r.clientId,
      companyName: names.get(r.clientId) ?? '',
    })),
    total: await countFailedTransactions(ctx.db, livemode),
  };
}

/** The master dashboard's figure. */
export async function countFailedPayments(db: Db, config: Config) {
  return countFailedTransactions(db, config.payments.livemode);
}
