import { authEndpoints, type LoginBody, type Session } from '@app/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, isApiError } from '../../../lib/api-client.ts';
import '../../../lib/query-meta.ts';

/** The signed-in user (`GET /me`), or null when nobody is signed in. */
export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'session'],
    queryFn: async ({ signal }): Promise<Session | null> => {
      try {
        return await apiRequest(authEndpoints.me, { signal });
      } catch (error) {
        if (isApiError(error) && error.status === 401) return null;
        throw error;
      }
    },
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });

/** Log in, then ask `/me` (the session cookie is what counts) and return that session. */
export function useLoginMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: LoginBody): Promise<Session> => {
      await apiRequest(authEndpoints.login, { body });
      const session = await queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 });
      if (!session) throw new Error('Signed in, but the session was not kept (are cookies blocked?)');
      return session;
    },
    meta: { silent: true },
  });
}

export function useLogoutMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(authEndpoints.logout),
    // Whatever the server said, this browser is signed out now: forget every cached answer.
    onSettled: () => {
      queryClient.removeQueries();
      queryClient.setQueryData(sessionQueryOptions().queryKey, null);
    },
    meta: { silent: true },
  });
}
