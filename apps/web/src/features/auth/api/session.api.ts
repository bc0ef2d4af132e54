import { authEndpoints, type LoginBody, type Session } from '@app/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, isApiError } from '../../../lib/api-client.ts';
import { rememberLineAccountId } from '../../../lib/line-account-param.ts';

/** The signed-in user (`GET /me`), or null when nobody is signed in. */
async function readSession(signal?: AbortSignal): Promise<Session | null> {
  try {
    return await apiRequest(authEndpoints.me, { signal });
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'session'],
    queryFn: ({ signal }) => readSession(signal),
    staleTime: 5 * 60_000,
  });

/**
 * Log in, then ask `/me` (the session cookie is what counts) and return that session. `/me` is asked
 * inside the mutation, so a failure there is the login form's to show, like the login's own.
 */
export function useLoginMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: LoginBody): Promise<Session> => {
      await apiRequest(authEndpoints.login, { body });
      const session = await readSession();
      if (!session) throw new Error('Signed in, but the session was not kept (are cookies blocked?)');
      queryClient.setQueryData(sessionQueryOptions().queryKey, session);
      return session;
    },
  });
}

export function useLogoutMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(authEndpoints.logout),
    // Whatever the server said, this browser is signed out now: forget every cached answer.
    onSettled: () => {
      queryClient.removeQueries();
      rememberLineAccountId(null);
      queryClient.setQueryData(sessionQueryOptions().queryKey, null);
    },
  });
}
