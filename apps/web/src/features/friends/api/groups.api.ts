import {
  groupChatEndpoints,
  type InboxFilter,
  type SendMessageBody,
  type UpdateGroupChatBody,
} from '@app/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** The inbox's groups and rooms (decision 0052-groups-and-rooms); under the inbox's keys, so it refreshes with it. */
const groupKeys = (lineAccountId: number) => ['inbox', lineAccountId, 'groups'] as const;
const groupParams = (lineAccountId: number, groupId: number) => ({
  lineAccountId: String(lineAccountId),
  groupId: String(groupId),
});

export const groupChatsQueryOptions = (lineAccountId: number, filter: InboxFilter = 'all') =>
  queryOptions({
    queryKey: [...groupKeys(lineAccountId), 'list', filter],
    queryFn: ({ signal }) =>
      apiRequest(groupChatEndpoints.list, {
        params: { lineAccountId: String(lineAccountId) },
        query: { limit: '100', filter },
        signal,
      }),
  });

export const groupChatQueryOptions = (lineAccountId: number, groupId: number) =>
  queryOptions({
    queryKey: [...groupKeys(lineAccountId), 'detail', groupId],
    queryFn: ({ signal }) =>
      apiRequest(groupChatEndpoints.get, { params: groupParams(lineAccountId, groupId), signal }),
  });

export const groupMessagesQueryOptions = (lineAccountId: number, groupId: number) =>
  queryOptions({
    queryKey: [...groupKeys(lineAccountId), 'messages', groupId],
    queryFn: ({ signal }) =>
      apiRequest(groupChatEndpoints.listMessages, {
        params: groupParams(lineAccountId, groupId),
        query: { limit: '100' },
        signal,
      }),
  });

export function useMarkGroupReadMutation(lineAccountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (groupId: number) =>
      apiRequest(groupChatEndpoints.markRead, { params: groupParams(lineAccountId, groupId) }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: groupKeys(lineAccountId) });
      // the menu's unread total counts groups and rooms too
      await queryClient.invalidateQueries({ queryKey: ['inbox', 'unread'] });
    },
  });
}

/** 要対応 / 対応済み and the assignee (担当者) of a group or room. */
export function useUpdateGroupMutation(lineAccountId: number, groupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateGroupChatBody) =>
      apiRequest(groupChatEndpoints.update, { params: groupParams(lineAccountId, groupId), body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupKeys(lineAccountId) }),
  });
}

export function useSendGroupMessageMutation(lineAccountId: number, groupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SendMessageBody) =>
      apiRequest(groupChatEndpoints.sendMessage, { params: groupParams(lineAccountId, groupId), body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupKeys(lineAccountId) }),
  });
}
