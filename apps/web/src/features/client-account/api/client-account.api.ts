import {
  clientAreaEndpoints,
  type ChangeEmailBody,
  type ChangePasswordBody,
  type UpdateClientDataBody,
} from '@app/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** The signed-in user's own client (company, address, contact person). */
export const ownClientQueryOptions = () =>
  queryOptions({
    queryKey: ['client-account', 'client'],
    queryFn: ({ signal }) => apiRequest(clientAreaEndpoints.getClient, { signal }),
  });

export function useUpdateClientDataMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateClientDataBody) => apiRequest(clientAreaEndpoints.updateData, { body }),
    onSuccess: (client) => queryClient.setQueryData(ownClientQueryOptions().queryKey, client),
  });
}

export function useUpdateEmailMutation() {
  return useMutation({
    mutationFn: (body: ChangeEmailBody) => apiRequest(clientAreaEndpoints.updateEmail, { body }),
  });
}

export function useUpdatePasswordMutation() {
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => apiRequest(clientAreaEndpoints.updatePassword, { body }),
  });
}
