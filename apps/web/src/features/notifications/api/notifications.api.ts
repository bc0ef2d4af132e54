import {
  notificationEndpoints,
  type CreateMessageSettingBody,
  type NotificationTopic,
  type UpdateTemplateBody,
} from '@app/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

const keys = { account: (lineAccountId: number) => ['notifications', lineAccountId] as const };
const params = (lineAccountId: number) => ({ lineAccountId: String(lineAccountId) });

export const templatesQueryOptions = (lineAccountId: number) =>
  queryOptions({
    queryKey: [...keys.account(lineAccountId), 'templates'],
    queryFn: ({ signal }) =>
      apiRequest(notificationEndpoints.listTemplates, { params: params(lineAccountId), signal }),
  });

export const settingsQueryOptions = (lineAccountId: number) =>
  queryOptions({
    queryKey: [...keys.account(lineAccountId), 'settings'],
    queryFn: ({ signal }) =>
      apiRequest(notificationEndpoints.listSettings, { params: params(lineAccountId), signal }),
  });

export const recipientsQueryOptions = (lineAccountId: number) =>
  queryOptions({
    queryKey: [...keys.account(lineAccountId), 'recipients'],
    queryFn: ({ signal }) =>
      apiRequest(notificationEndpoints.listRecipients, { params: params(lineAccountId), signal }),
  });

export const deliveriesQueryOptions = (lineAccountId: number, page: number) =>
  queryOptions({
    queryKey: [...keys.account(lineAccountId), 'deliveries', page],
    queryFn: ({ signal }) =>
      apiRequest(notificationEndpoints.listDeliveries, {
        params: params(lineAccountId),
        query: { page: String(page), limit: '50' },
        signal,
      }),
  });

function useRefresh(lineAccountId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: keys.account(lineAccountId) });
}

export function useSaveTemplateMutation(lineAccountId: number) {
  const onSuccess = useRefresh(lineAccountId);
  return useMutation({
    mutationFn: (body: UpdateTemplateBody) =>
      apiRequest(notificationEndpoints.updateTemplate, { params: params(lineAccountId), body }),
    onSuccess,
  });
}

export function useToggleTopicMutation(lineAccountId: number) {
  const onSuccess = useRefresh(lineAccountId);
  return useMutation({
    mutationFn: (body: { topic: NotificationTopic; isEnable: boolean }) =>
      apiRequest(notificationEndpoints.toggleTopic, { params: params(lineAccountId), body }),
    onSuccess,
  });
}

export function useSaveSettingMutation(lineAccountId: number) {
  const onSuccess = useRefresh(lineAccountId);
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: CreateMessageSettingBody }) =>
      id === null
        ? apiRequest(notificationEndpoints.createSetting, { params: params(lineAccountId), body })
        : apiRequest(notificationEndpoints.updateSetting, {
            params: { ...params(lineAccountId), lineMessageSettingId: String(id) },
            body,
          }),
    onSuccess,
  });
}

export function useDeleteSettingMutation(lineAccountId: number) {
  const onSuccess = useRefresh(lineAccountId);
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(notificationEndpoints.deleteSetting, {
        params: { ...params(lineAccountId), lineMessageSettingId: String(id) },
      }),
    onSuccess,
  });
}
