import {
  lineAccountEndpoints,
  masterLineAccountEndpoints,
  type CreateLineAccountBody,
  type LineAccount,
  type SearchLineAccountsQuery,
  type UpdateLineAccountBody,
} from '@app/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

const lineAccountKeys = {
  all: ['line-accounts'] as const,
  client: ['line-accounts', 'client'] as const,
  master: ['line-accounts', 'master'] as const,
};

const params = (lineAccountId: number) => ({ lineAccountId: String(lineAccountId) });

/** The signed-in client's LINE accounts, with their services. */
export const lineAccountsQueryOptions = () =>
  queryOptions({
    queryKey: [...lineAccountKeys.client, 'list'],
    queryFn: ({ signal }) => apiRequest(lineAccountEndpoints.list, { signal }),
  });

export const lineAccountQueryOptions = (lineAccountId: number) =>
  queryOptions({
    queryKey: [...lineAccountKeys.client, 'detail', lineAccountId],
    queryFn: ({ signal }) => apiRequest(lineAccountEndpoints.get, { params: params(lineAccountId), signal }),
  });

/** What LINE has as the account's webhook (asks LINE each time). */
export const webhookSettingsQueryOptions = (lineAccountId: number) =>
  queryOptions({
    queryKey: [...lineAccountKeys.client, 'webhook', lineAccountId],
    queryFn: ({ signal }) =>
      apiRequest(lineAccountEndpoints.getWebhook, { params: params(lineAccountId), signal }),
  });

/** Master: every client's LINE accounts (the line-oa search). */
export const masterLineAccountSearchQueryOptions = (query: SearchLineAccountsQuery) =>
  queryOptions({
    queryKey: [...lineAccountKeys.master, 'search', query],
    queryFn: ({ signal }) => apiRequest(masterLineAccountEndpoints.search, { query, signal }),
    placeholderData: keepPreviousData,
  });

/** Master: one client's LINE accounts. */
export const masterClientLineAccountsQueryOptions = (clientId: number) =>
  queryOptions({
    queryKey: [...lineAccountKeys.master, 'client', clientId],
    queryFn: ({ signal }) =>
      apiRequest(masterLineAccountEndpoints.listOfClient, { params: { clientId: String(clientId) }, signal }),
  });

function useStoreAccount() {
  const queryClient = useQueryClient();
  return async (account: LineAccount) => {
    queryClient.setQueryData(lineAccountQueryOptions(account.id).queryKey, account);
    await queryClient.invalidateQueries({ queryKey: lineAccountKeys.all });
  };
}

export function useConnectLineAccountMutation() {
  const store = useStoreAccount();
  return useMutation({
    mutationFn: (body: CreateLineAccountBody) => apiRequest(lineAccountEndpoints.create, { body }),
    onSuccess: store,
  });
}

export function useUpdateBrandingMutation(lineAccountId: number) {
  const store = useStoreAccount();
  return useMutation({
    mutationFn: (body: UpdateLineAccountBody) =>
      apiRequest(lineAccountEndpoints.update, { params: params(lineAccountId), body }),
    onSuccess: store,
  });
}

export function useDeactivateLineAccountMutation(lineAccountId: number) {
  const store = useStoreAccount();
  return useMutation({
    mutationFn: () =>
      apiRequest(lineAccountEndpoints.deactivate, {
        params: params(lineAccountId),
        body: { status: 'INACTIVE' },
      }),
    onSuccess: store,
  });
}

/** Registers the webhook URL at LINE and lets LINE test it; the answer carries the test result. */
export function useSetupWebhookMutation(lineAccountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(lineAccountEndpoints.setupWebhook, { params: params(lineAccountId) }),
    onSuccess: async ({ test: _test, ...settings }) => {
      queryClient.setQueryData(webhookSettingsQueryOptions(lineAccountId).queryKey, settings);
      await queryClient.invalidateQueries({ queryKey: lineAccountKeys.client });
    },
  });
}
