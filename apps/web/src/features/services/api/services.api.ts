import { serviceEndpoints, type ServiceCode } from '@app/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** The service catalogue (KS-001 member service, KS-002 shift service). */
export const servicesQueryOptions = () =>
  queryOptions({
    queryKey: ['services', 'catalogue'],
    queryFn: ({ signal }) => apiRequest(serviceEndpoints.list, { signal }),
    staleTime: 60 * 60_000,
  });

/**
 * Link a service to a LINE account (its LIFF app and store). The LINE account's own queries live in
 * another feature: the page passes `onLinked` to refresh them.
 */
export function useLinkServiceMutation(lineAccountId: number, clientId: number, onLinked: () => unknown) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (serviceCode: ServiceCode) =>
      apiRequest(serviceEndpoints.link, {
        params: { lineAccountId: String(lineAccountId) },
        body: { serviceCode, clientId },
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: servicesQueryOptions().queryKey });
      await onLinked();
    },
  });
}
