import {
  agencyAreaEndpoints,
  clientAreaEndpoints,
  masterEndpoints,
  type BackOfficeUser,
  type ChangeOwnEmailBody,
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

/** The area whose own-account calls a page makes: every user changes their own e-mail and password. */
export type AccountArea = 'client' | 'master' | 'agency';
type BackOfficeArea = Exclude<AccountArea, 'client'>;

/** The signed-in master or agency user's profile, with the address waiting for verification. */
export const ownAccountQueryOptions = (area: BackOfficeArea) =>
  queryOptions({
    queryKey: ['own-account', area],
    queryFn: ({ signal }) =>
      apiRequest(area === 'master' ? masterEndpoints.getAccount : agencyAreaEndpoints.getAccount, { signal }),
  });

function updateOwnEmail(area: AccountArea, body: ChangeOwnEmailBody): Promise<BackOfficeUser> {
  if (area === 'master') return apiRequest(masterEndpoints.updateEmail, { body });
  if (area === 'agency') return apiRequest(agencyAreaEndpoints.updateEmail, { body });
  return apiRequest(clientAreaEndpoints.updateEmail, { body });
}

function updateOwnPassword(area: AccountArea, body: ChangePasswordBody) {
  if (area === 'master') return apiRequest(masterEndpoints.updatePassword, { body });
  if (area === 'agency') return apiRequest(agencyAreaEndpoints.updatePassword, { body });
  return apiRequest(clientAreaEndpoints.updatePassword, { body });
}

export function useUpdateEmailMutation(area: AccountArea) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangeOwnEmailBody) => updateOwnEmail(area, body),
    onSuccess: (user) => {
      if (area !== 'client') queryClient.setQueryData(ownAccountQueryOptions(area).queryKey, user);
    },
  });
}

export function useUpdatePasswordMutation(area: AccountArea) {
  return useMutation({ mutationFn: (body: ChangePasswordBody) => updateOwnPassword(area, body) });
}
