import type { Service } from '@app/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../testing/mock-fetch.ts';
import { renderableApp } from '../../../testing/test-providers.tsx';
import { BillingPanel } from './billing-panel.tsx';
import { ServiceCatalogue } from './service-catalogue.tsx';

const P = '/client/api/v1/line-account/3/payment';
const subscription = (serviceCode: string, extra: Record<string, unknown>) => ({
  serviceCode,
  lineAccountId: 3,
  paymentType: 'CREDIT',
  status: 'active',
  amount: 5500,
  currency: 'jpy',
  currentPeriodEnd: '2026-12-25T00:00:00.000Z',
  cancelAtPeriodEnd: false,
  trialEnd: null,
  productId: 'prod_1',
  recurringPriceId: `price_${serviceCode}`,
  ...extra,
});
const card = (last4: string, isDefaultCard: boolean) => ({
  paymentMethodId: `pm_${last4}`,
  brand: 'visa',
  country: 'JP',
  expMonth: 12,
  expYear: 2030,
  last4,
  cvcCheck: 'pass',
  funding: 'credit',
  type: 'card',
  isDefaultCard,
});
const unpaidInvoice = {
  id: 7,
  amountPaid: 0,
  amountDue: 3300,
  currency: 'jpy',
  paymentStatus: 'PENDING',
  paymentType: 'INVOICE',
  paidAt: null,
  dueDate: '2026-12-09T00:00:00.000Z',
  receiptUrl: null,
  invoicePdfUrl: null,
  invoiceNumber: null,
  taxRate: 10,
  taxAmount: 300,
  serviceCode: 'KS-002',
  lineAccountId: 3,
  createdAt: '2026-11-25T00:00:00.000Z',
};
const services: Service[] = [
  { code: 'KS-001', name: 'member', label: '会員サービス', isPublished: true, features: [] },
  { code: 'KS-002', name: 'shift', label: 'シフト管理サービス', isPublished: true, features: [] },
];

function stubPayments(subscriptions: unknown[]) {
  return mockFetch({
    [`GET ${P}/subscriptions`]: { body: { data: subscriptions } },
    [`GET ${P}/cards`]: { body: { data: [card('4242', true), card('1881', false)] } },
    [`GET ${P}/history`]: { body: { data: [unpaidInvoice] } },
    [`GET ${P}/next-billing`]: {
      body: { nextBillingDate: null, nextBillingAmount: null, isInTrialPeriod: false },
    },
    'GET /client/api/v1/payment/prices': {
      body: {
        data: [
          { serviceCode: 'KS-001', recurringAmount: 5500, currency: 'jpy', taxRate: 10, taxAmount: 500 },
          { serviceCode: 'KS-002', recurringAmount: 3300, currency: 'jpy', taxRate: 10, taxAmount: 300 },
        ],
      },
    },
    [`POST ${P}/resume-subscription`]: ({ body }) => ({
      body: subscription((body as { serviceCode: string }).serviceCode, { paymentType: 'INVOICE' }),
    }),
    [`POST ${P}/confirm-subscription`]: ({ body }) => ({
      status: 201,
      body: subscription((body as { serviceCode: string }).serviceCode, {}),
    }),
  });
}

afterEach(() => vi.unstubAllGlobals());

/** The addresses fetched (the API client passes strings). */
const calledUrls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.map(([url]) => url as string);

describe('billing (issue 30)', () => {
  it('ご契約中のサービス lists what still runs: an ended (解約済み) subscription is left out', async () => {
    stubPayments([
      subscription('KS-001', { status: 'canceled', cancelAtPeriodEnd: true }),
      subscription('KS-002', { cancelAtPeriodEnd: true, paymentType: 'INVOICE', amount: 3300 }),
    ]);
    const { ui } = renderableApp({
      routes: [{ path: '/', element: <BillingPanel lineAccountId={3} canManage /> }],
      initialPath: '/',
      language: 'ja',
    });
    render(ui);
    await screen.findByTestId('subscription-KS-002');
    expect(screen.queryByTestId('subscription-KS-001')).toBeNull();
    expect(screen.queryByText('解約済み')).toBeNull();
    expect(within(screen.getByTestId('subscription-KS-002')).getByText('解約予定')).toBeTruthy();
  });

  it('a cancellation can be undone; the subscribe dialog names the card it charges among the saved ones', async () => {
    const fetchMock = stubPayments([
      subscription('KS-002', { cancelAtPeriodEnd: true, paymentType: 'INVOICE', amount: 3300 }),
    ]);
    const { ui } = renderableApp({
      routes: [
        {
          path: '/',
          element: (
            <ServiceCatalogue services={services} lineAccountId={3} canManage billingHref="/billing" />
          ),
        },
      ],
      initialPath: '/',
      language: 'ja',
    });
    render(ui);
    fireEvent.click(await screen.findByRole('button', { name: '解約を取り消す' }));
    await waitFor(() =>
      expect(calledUrls(fetchMock).some((url) => url.endsWith('/resume-subscription'))).toBe(true),
    );
    // KS-001 is not subscribed: its dialog names the card it charges and offers the other saved card
    fireEvent.click(within(screen.getByTestId('catalogue-KS-001')).getByRole('button', { name: '申し込む' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('charge-line').textContent).toContain('VISA •••• 4242');
    fireEvent.click(within(dialog).getByLabelText('VISA •••• 1881'));
    expect(within(dialog).getByTestId('charge-line').textContent).toContain('既定のカードになります');
    fireEvent.click(within(dialog).getByRole('button', { name: '申し込む' }));
    await waitFor(() => {
      const call = fetchMock.mock.calls.find(([url]) => (url as string).endsWith('/confirm-subscription'));
      expect(JSON.parse(call?.[1]?.body as string)).toMatchObject({ paymentMethodId: 'pm_1881' });
    });
  });
});
