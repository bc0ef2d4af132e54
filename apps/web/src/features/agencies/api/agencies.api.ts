import {
  agencyAreaEndpoints,
  masterEndpoints,
  type AgencyClientSignupBody,
  type CommissionQuery,
  type CreateAgencyBody,
  type ListAgenciesQuery,
  type UpdateAgencyBody,
} from '@app/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

const agencyKeys = {
  all: ['agencies'] as const,
  own: ['agencies', 'own'] as const,
};

// ---- master area ----

export const agenciesQueryOptions = (query: ListAgenciesQuery) =>
  queryOptions({
    queryKey: [...agencyKeys.all, 'list', query],
    queryFn: ({ signal }) => apiRequest(masterEndpoints.listAgencies, { query, signal }),
    placeholderData: keepPreviousData,
  });

export const agencyQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...agencyKeys.all, 'detail', id],
    queryFn: ({ signal }) => apiRequest(masterEndpoints.getAgency, { params: { id: String(id) }, signal }),
  });

export const agencyCommissionsQueryOptions = (id: number, query: CommissionQuery = {}) =>
  queryOptions({
    queryKey: [...agencyKeys.all, 'commissions', id, query],
    queryFn: ({ signal }) =>
      apiRequest(masterEndpoints.getAgencyCommissions, { params: { id: String(id) }, query, signal }),
  });

export function useCreateAgencyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAgencyBody) => apiRequest(masterEndpoints.createAgency, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agencyKeys.all }),
  });
}

export function useUpdateAgencyMutation(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAgencyBody) =>
      apiRequest(masterEndpoints.updateAgency, { params: { id: String(id) }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agencyKeys.all }),
  });
}

// ---- agency area: the signed-in user's own agency ----

export const ownAgencyQueryOptions = () =>
  queryOptions({
    queryKey: [...agencyKeys.own, 'detail'],
    queryFn: ({ signal }) => apiRequest(agencyAreaEndpoints.getAgency, { signal }),
  });

export const ownCommissionsQueryOptions = (query: CommissionQuery = {}) =>
  queryOptions({
    queryKey: [...agencyKeys.own, 'commissions', query],
    queryFn: ({ signal }) => apiRequest(agencyAreaEndpoints.getCommissions, { query, signal }),
  });

/** The agency signs a client up itself (the client starts 承認待ち; the owner verifies the e-mail). */
export function useAgencySignupClientMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AgencyClientSignupBody) => apiRequest(agencyAreaEndpoints.signupClient, { body }),
    // The new client shows in the agency's lists (clients live under their own feature's keys).
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
