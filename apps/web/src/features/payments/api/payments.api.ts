import {
  masterPaymentEndpoints,
  paymentEndpoints,
  type PaymentInit,
  type PaymentType,
  type ServiceCode,
} from '@app/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { tokenizeAndConfirmCard, type CardDetails } from '../lib/tokenize-card.ts';

const e = paymentEndpoints;
const params = (lineAccountId: number) => ({ lineAccountId: String(lineAccountId) });
/** One key per user action: a retried request (network, double click) is done once by the server and Stripe. */
const newKey = () => crypto.randomUUID();

export const paymentKeys = {
  account: (lineAccountId: number) => ['payments', 'account', lineAccountId] as const,
  master: ['payments', 'master'] as const,
};

export const cardsQueryOptions = (lineAccountId: number) =>
  queryOptions({
    queryKey: [...paymentKeys.account(lineAccountId), 'cards'],
    queryFn: ({ signal }) => apiRequest(e.cards, { params: params(lineAccountId), signal }),
  });
export const subscriptionsQueryOptions = (lineAccountId: number) =>
  queryOptions({
    queryKey: [...paymentKeys.account(lineAccountId), 'subscriptions'],
    queryFn: ({ signal }) => apiRequest(e.subscriptions, { params: params(lineAccountId), signal }),
  });
export const historyQueryOptions = (lineAccountId: number) =>
  queryOptions({
    queryKey: [...paymentKeys.account(lineAccountId), 'history'],
    queryFn: ({ signal }) => apiRequest(e.history, { params: params(lineAccountId), signal }),
  });
export const nextBillingQueryOptions = (lineAccountId: number) =>
  queryOptions({
    queryKey: [...paymentKeys.account(lineAccountId), 'next-billing'],
    queryFn: ({ signal }) => apiRequest(e.nextBilling, { params: params(lineAccountId), query: {}, signal }),
  });
export const servicePricesQueryOptions = () =>
  queryOptions({
    queryKey: ['payments', 'service-prices'],
    queryFn: ({ signal }) => apiRequest(e.servicePrices, { signal }),
    staleTime: 5 * 60_000,
  });

function useAccountMutation<I, O>(lineAccountId: number, mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // Not awaited: a failure must reach the caller's catch (which shows it) before the refetch ends.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: paymentKeys.account(lineAccountId) }),
  });
}

/** Start adding a card: a setup intent of the account (and which gateway the browser talks to). */
export const useInitPaymentMutation = (lineAccountId: number) =>
  useMutation({
    mutationFn: () => apiRequest(e.init, { params: params(lineAccountId), idempotencyKey: newKey() }),
  });

/**
 * Add a card: the browser tokenizes the card at Stripe (or the payments simulator) and confirms the
 * setup intent there, then the API keeps the confirmed card. Card details never reach the API.
 */
export const useAddCardMutation = (lineAccountId: number) =>
  useAccountMutation(lineAccountId, async ({ init, card }: { init: PaymentInit; card: CardDetails }) => {
    await tokenizeAndConfirmCard(init, card);
    return apiRequest(e.saveCard, {
      params: params(lineAccountId),
      body: { setupIntentId: init.setupIntentId },
      idempotencyKey: newKey(),
    });
  });

export const useSetDefaultCardMutation = (lineAccountId: number) =>
  useAccountMutation(lineAccountId, (paymentMethodId: string) =>
    apiRequest(e.setDefault, {
      params: params(lineAccountId),
      body: { paymentMethodId },
      idempotencyKey: newKey(),
    }),
  );

export const useDeleteCardMutation = (lineAccountId: number) =>
  useAccountMutation(lineAccountId, (paymentMethodId: string) =>
    apiRequest(e.deleteMethod, {
      params: params(lineAccountId),
      body: { paymentMethodId },
      idempotencyKey: newKey(),
    }),
  );

export const useSubscribeMutation = (lineAccountId: number) =>
  useAccountMutation(
    lineAccountId,
    (input: { serviceCode: ServiceCode; paymentType: PaymentType; paymentMethodId?: string }) =>
      apiRequest(e.confirmSubscription, {
        params: params(lineAccountId),
        body: input,
        idempotencyKey: newKey(),
      }),
  );

export const useResumeSubscriptionMutation = (lineAccountId: number) =>
  useAccountMutation(lineAccountId, (serviceCode: ServiceCode) =>
    apiRequest(e.resumeSubscription, {
      params: params(lineAccountId),
      body: { serviceCode },
      idempotencyKey: newKey(),
    }),
  );

export const useCancelSubscriptionMutation = (lineAccountId: number) =>
  useAccountMutation(lineAccountId, (serviceCode: ServiceCode) =>
    apiRequest(e.cancelSubscription, {
      params: params(lineAccountId),
      body: { serviceCode },
      idempotencyKey: newKey(),
    }),
  );

// master
export const masterPricesQueryOptions = () =>
  queryOptions({
    queryKey: [...paymentKeys.master, 'prices'],
    queryFn: ({ signal }) => apiRequest(masterPaymentEndpoints.prices, { signal }),
  });
export const failedPaymentsQueryOptions = () =>
  queryOptions({
    queryKey: [...paymentKeys.master, 'failed'],
    queryFn: ({ signal }) => apiRequest(masterPaymentEndpoints.failed, { signal }),
  });

export function useSetPriceMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { serviceCode: ServiceCode; recurringAmount: number }) =>
      apiRequest(masterPaymentEndpoints.setPrice, { body, idempotencyKey: newKey() }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['payments'] }),
  });
}

export function useDeleteTestDataMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { clientId: number; lineAccountId: number }) =>
      apiRequest(masterPaymentEndpoints.deleteTest, { body }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['payments'] }),
  });
}
