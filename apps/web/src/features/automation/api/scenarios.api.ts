import { scenarioEndpoints, type ScenarioBody } from '@app/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

const accountParams = (lineAccountId: number) => ({ lineAccountId: String(lineAccountId) });
const scenarioParams = (lineAccountId: number, scenarioId: number) => ({
  lineAccountId: String(lineAccountId),
  scenarioId: String(scenarioId),
});

export const scenariosQueryOptions = (lineAccountId: number) =>
  queryOptions({
    queryKey: ['automation', lineAccountId, 'scenarios'],
    queryFn: ({ signal }) =>
      apiRequest(scenarioEndpoints.list, { params: accountParams(lineAccountId), signal }),
  });

/** The scenarios a friend is in (the friend drawer). */
export const friendScenariosQueryOptions = (lineAccountId: number, friendId: number) =>
  queryOptions({
    queryKey: ['automation', lineAccountId, 'friend-scenarios', friendId],
    queryFn: ({ signal }) =>
      apiRequest(scenarioEndpoints.ofFriend, {
        params: { lineAccountId: String(lineAccountId), friendId: String(friendId) },
        signal,
      }),
  });

export function useSaveScenarioMutation(lineAccountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: ScenarioBody }) =>
      id === null
        ? apiRequest(scenarioEndpoints.create, { params: accountParams(lineAccountId), body })
        : apiRequest(scenarioEndpoints.update, { params: scenarioParams(lineAccountId, id), body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['automation', lineAccountId] }),
  });
}

export function useDeleteScenarioMutation(lineAccountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(scenarioEndpoints.remove, { params: scenarioParams(lineAccountId, id) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['automation', lineAccountId] }),
  });
}
