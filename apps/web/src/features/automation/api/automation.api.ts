import { automationEndpoints, type GreetingBody } from '@app/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

const accountParams = (lineAccountId: number) => ({ lineAccountId: String(lineAccountId) });

export const greetingQueryOptions = (lineAccountId: number) =>
  queryOptions({
    queryKey: ['automation', lineAccountId, 'greeting'],
    queryFn: ({ signal }) =>
      apiRequest(automationEndpoints.getGreeting, { params: accountParams(lineAccountId), signal }),
  });

export function useSetGreetingMutation(lineAccountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GreetingBody) =>
      apiRequest(automationEndpoints.setGreeting, { params: accountParams(lineAccountId), body }),
    onSuccess: (greeting) => queryClient.setQueryData(greetingQueryOptions(lineAccountId).queryKey, greeting),
  });
}
