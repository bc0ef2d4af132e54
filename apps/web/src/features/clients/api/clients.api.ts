import {
  agencyAreaEndpoints,
  masterEndpoints,
  searchEndpoints,
  type ContractStatus,
  type CreateClientBody,
  type ListClientsQuery,
  type ListMasterClientsQuery,
  type UpdateClientBody,
} from '@app/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { ContractChangeTarget } from '../components/contract-transitions.ts';

const clientKeys = {
  all: ['clients'] as const,
  master: ['clients', 'master'] as const,
  agency: ['clients', 'agency'] as const,
};

/** Master client list through the search API (search, status filter, paging). */
export const clientSearchQueryOptions = (query: ListClientsQuery) =>
  queryOptions({
    queryKey: [...clientKeys.master, 'search', query],
    queryFn: ({ signal }) => apiRequest(searchEndpoints.listClients, { query, signal }),
    placeholderData: keepPreviousData,
  });

/** Master client list of the master API (it also filters by agency). */
export const masterClientsQueryOptions = (query: ListMasterClientsQuery) =>
  queryOptions({
    queryKey: [...clientKeys.master, 'list', query],
    queryFn: ({ signal }) => apiRequest(masterEndpoints.listClients, { query, signal }),
    placeholderData: keepPreviousData,
  });

export const masterClientQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...clientKeys.master, 'detail', id],
    queryFn: ({ signal }) => apiRequest(masterEndpoints.getClient, { params: { id: String(id) }, signal }),
  });

export const agencyClientsQueryOptions = (query: ListClientsQuery) =>
  queryOptions({
    queryKey: [...clientKeys.agency, 'list', query],
    queryFn: ({ signal }) => apiRequest(agencyAreaEndpoints.listClients, { query, signal }),
    placeholderData: keepPreviousData,
  });

export const agencyClientQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...clientKeys.agency, 'detail', id],
    queryFn: ({ signal }) =>
      apiRequest(agencyAreaEndpoints.getClient, { params: { id: String(id) }, signal }),
  });

function useInvalidateClients() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: clientKeys.all });
}

export function useCreateClientMutation() {
  const invalidate = useInvalidateClients();
  return useMutation({
    mutationFn: (body: CreateClientBody) => apiRequest(masterEndpoints.createClient, { body }),
    onSuccess: invalidate,
  });
}

export function useUpdateClientMutation(id: number) {
  const invalidate = useInvalidateClients();
  return useMutation({
    mutationFn: (body: UpdateClientBody) =>
      apiRequest(masterEndpoints.updateClient, { params: { id: String(id) }, body }),
    onSuccess: invalidate,
  });
}

/** One mutation for the three contract calls: status, cancel and disable. */
export function useChangeContractMutation(id: number) {
  const invalidate = useInvalidateClients();
  return useMutation({
    mutationFn: ({ status, via }: { status: ContractStatus; via: ContractChangeTarget['via'] }) => {
      if (via === 'disable') {
        return apiRequest(masterEndpoints.disableClient, {
          params: { id: String(id) },
          body: { contractStatus: 'DISABLED' },
        });
      }
      if (via === 'cancel') {
        return apiRequest(masterEndpoints.cancelClient, {
          params: { id: String(id) },
          body: { contractStatus: 'CANCELLED' },
        });
      }
      return apiRequest(masterEndpoints.changeContractStatus, {
        params: { id: String(id) },
        body: { contractStatus: status },
      });
    },
    onSuccess: invalidate,
  });
}
