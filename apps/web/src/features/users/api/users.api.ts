import {
  agencyAreaEndpoints,
  clientAreaEndpoints,
  masterEndpoints,
  type ChangeEmailBody,
  type CreateMasterUserBody,
  type CreateUserBody,
  type ListMasterUsersQuery,
  type ListUsersQuery,
  type UpdateUserBody,
} from '@app/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Which area's user calls a screen uses. */
export type UserScope = 'master' | 'agency' | 'client';

const userKeys = { all: ['users'] as const };

export const masterUsersQueryOptions = (query: ListMasterUsersQuery) =>
  queryOptions({
    queryKey: [...userKeys.all, 'master', query],
    queryFn: ({ signal }) => apiRequest(masterEndpoints.listUsers, { query, signal }),
    placeholderData: keepPreviousData,
  });

/** Users of the signed-in user's own client or agency. */
export const tenantUsersQueryOptions = (scope: Exclude<UserScope, 'master'>, query: ListUsersQuery) =>
  queryOptions({
    queryKey: [...userKeys.all, scope, query],
    queryFn: ({ signal }) =>
      apiRequest(scope === 'client' ? clientAreaEndpoints.listUsers : agencyAreaEndpoints.listUsers, {
        query,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

function useInvalidateUsers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: userKeys.all });
}

export function useCreateMasterUserMutation() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (body: CreateMasterUserBody) => apiRequest(masterEndpoints.createUser, { body }),
    onSuccess: invalidate,
  });
}

export function useCreateTenantUserMutation(scope: Exclude<UserScope, 'master'>) {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (body: CreateUserBody) =>
      apiRequest(scope === 'client' ? clientAreaEndpoints.createUser : agencyAreaEndpoints.createUser, {
        body,
      }),
    onSuccess: invalidate,
  });
}

function updateUser(scope: UserScope, id: number, body: UpdateUserBody) {
  const params = { id: String(id) };
  if (scope === 'master') return apiRequest(masterEndpoints.updateUser, { params, body });
  if (scope === 'agency') return apiRequest(agencyAreaEndpoints.updateUser, { params, body });
  return apiRequest(clientAreaEndpoints.updateUser, { params, body });
}

function deleteUser(scope: UserScope, id: number) {
  const params = { id: String(id) };
  if (scope === 'master') return apiRequest(masterEndpoints.deleteUser, { params });
  if (scope === 'agency') return apiRequest(agencyAreaEndpoints.deleteUser, { params });
  return apiRequest(clientAreaEndpoints.deleteUser, { params });
}

export function useUpdateUserMutation(scope: UserScope) {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateUserBody }) => updateUser(scope, id, body),
    onSuccess: invalidate,
  });
}

export function useDeleteUserMutation(scope: UserScope) {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (id: number) => deleteUser(scope, id),
    onSuccess: invalidate,
  });
}

export function useChangeUserEmailMutation() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ChangeEmailBody }) =>
      apiRequest(masterEndpoints.changeUserEmail, { params: { id: String(id) }, body }),
    onSuccess: invalidate,
  });
}
