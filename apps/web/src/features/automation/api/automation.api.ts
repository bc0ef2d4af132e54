import {
  automationEndpoints,
  keywordReplyEndpoints,
  type GreetingBody,
  type KeywordFallbackBody,
  type KeywordRuleBody,
  postbackData,
  type PostbackActionBody,
} from '@app/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

// ---- 応答メッセージ, postback actions and the send log (decision 0036) ----

export const keywordRepliesQueryOptions = (lineAccountId: number) =>
  queryOptions({
    queryKey: ['automation', lineAccountId, 'keyword-replies'],
    queryFn: ({ signal }) =>
      apiRequest(keywordReplyEndpoints.list, { params: accountParams(lineAccountId), signal }),
  });

export const postbackActionsQueryOptions = (lineAccountId: number) =>
  queryOptions({
    queryKey: ['automation', lineAccountId, 'postback-actions'],
    queryFn: ({ signal }) =>
      apiRequest(keywordReplyEndpoints.listPostbacks, { params: accountParams(lineAccountId), signal }),
  });

export const automationSendsQueryOptions = (lineAccountId: number) =>
  queryOptions({
    queryKey: ['automation', lineAccountId, 'sends'],
    queryFn: ({ signal }) =>
      apiRequest(keywordReplyEndpoints.listSends, { params: accountParams(lineAccountId), signal }),
  });

/** Every change of the rules, the fallback or the postbacks reloads the account's automation lists. */
function useAutomationMutation<V, R>(lineAccountId: number, call: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['automation', lineAccountId] }),
  });
}

export const useSaveKeywordRuleMutation = (lineAccountId: number) =>
  useAutomationMutation(lineAccountId, ({ id, body }: { id: number | null; body: KeywordRuleBody }) =>
    id === null
      ? apiRequest(keywordReplyEndpoints.create, { params: accountParams(lineAccountId), body })
      : apiRequest(keywordReplyEndpoints.update, {
          params: { ...accountParams(lineAccountId), ruleId: String(id) },
          body,
        }),
  );

export const useRemoveKeywordRuleMutation = (lineAccountId: number) =>
  useAutomationMutation(lineAccountId, (id: number) =>
    apiRequest(keywordReplyEndpoints.remove, {
      params: { ...accountParams(lineAccountId), ruleId: String(id) },
    }),
  );

export const useReorderKeywordRulesMutation = (lineAccountId: number) =>
  useAutomationMutation(lineAccountId, (ruleIds: number[]) =>
    apiRequest(keywordReplyEndpoints.reorder, { params: accountParams(lineAccountId), body: { ruleIds } }),
  );

export const useSetKeywordFallbackMutation = (lineAccountId: number) =>
  useAutomationMutation(lineAccountId, (body: KeywordFallbackBody) =>
    apiRequest(keywordReplyEndpoints.setFallback, { params: accountParams(lineAccountId), body }),
  );

export const useSavePostbackActionMutation = (lineAccountId: number) =>
  useAutomationMutation(lineAccountId, ({ id, body }: { id: number | null; body: PostbackActionBody }) =>
    id === null
      ? apiRequest(keywordReplyEndpoints.createPostback, { params: accountParams(lineAccountId), body })
      : apiRequest(keywordReplyEndpoints.updatePostback, {
          params: { ...accountParams(lineAccountId), postbackId: String(id) },
          body,
        }),
  );

export const useRemovePostbackActionMutation = (lineAccountId: number) =>
  useAutomationMutation(lineAccountId, (id: number) =>
    apiRequest(keywordReplyEndpoints.removePostback, {
      params: { ...accountParams(lineAccountId), postbackId: String(id) },
    }),
  );

/** A rich menu editor's postback choices: the account's postback actions (their `data`). */
export function usePostbackChoices(lineAccountId: number) {
  const postbacks = useQuery(postbackActionsQueryOptions(lineAccountId));
  return postbacks.data?.items.map((a) => ({ value: postbackData(a.id), label: a.name })) ?? [];
}
