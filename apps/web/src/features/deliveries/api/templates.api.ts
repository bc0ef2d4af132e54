import { messageTemplateEndpoints, type TemplateBody } from '@app/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

const key = (lineAccountId: number) => ['message-templates', lineAccountId] as const;
const params = (lineAccountId: number) => ({ lineAccountId: String(lineAccountId) });

/** Templates (定型文) of an account, by folder and name. */
export const templatesQueryOptions = (lineAccountId: number) =>
  queryOptions({
    queryKey: key(lineAccountId),
    queryFn: ({ signal }) =>
      apiRequest(messageTemplateEndpoints.list, { params: params(lineAccountId), signal }),
  });

/** Save a template: a new one (id null) or a change of one. */
export function useSaveTemplate(lineAccountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: TemplateBody }) =>
      id === null
        ? apiRequest(messageTemplateEndpoints.create, { params: params(lineAccountId), body })
        : apiRequest(messageTemplateEndpoints.update, {
            params: { ...params(lineAccountId), templateId: String(id) },
            body,
          }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key(lineAccountId) }),
  });
}

export function useRemoveTemplate(lineAccountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(messageTemplateEndpoints.remove, {
        params: { ...params(lineAccountId), templateId: String(id) },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key(lineAccountId) }),
  });
}
