import { friendEndpoints, type SearchFriendsBody, type SendMessageBody } from '@app/contracts';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

const friendKeys = {
  all: ['friends'] as const,
  ofAccount: (lineAccountId: number) => ['friends', lineAccountId] as const,
};

const friendParams = (lineAccountId: number, friendId: number) => ({
  lineAccountId: String(lineAccountId),
  friendId: String(friendId),
});

/** The friend search (segment) of a LINE account: one page of friends. */
export const friendSearchQueryOptions = (lineAccountId: number, body: SearchFriendsBody) =>
  queryOptions({
    queryKey: [...friendKeys.ofAccount(lineAccountId), 'search', body],
    queryFn: ({ signal }) =>
      apiRequest(friendEndpoints.search, { params: { lineAccountId: String(lineAccountId) }, body, signal }),
    placeholderData: keepPreviousData,
  });

export const friendQueryOptions = (lineAccountId: number, friendId: number) =>
  queryOptions({
    queryKey: [...friendKeys.ofAccount(lineAccountId), 'detail', friendId],
    queryFn: ({ signal }) =>
      apiRequest(friendEndpoints.get, { params: friendParams(lineAccountId, friendId), signal }),
  });

export const MESSAGE_PAGE_SIZE = 20;

/** The chat with a friend, newest first, page by page (older pages are loaded on demand). */
export const friendMessagesQueryOptions = (lineAccountId: number, friendId: number) =>
  infiniteQueryOptions({
    queryKey: [...friendKeys.ofAccount(lineAccountId), 'messages', friendId],
    queryFn: ({ signal, pageParam }) =>
      apiRequest(friendEndpoints.listMessages, {
        params: friendParams(lineAccountId, friendId),
        query: { page: pageParam, limit: MESSAGE_PAGE_SIZE },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.pagination.currentPage < last.pagination.totalPages ? last.pagination.currentPage + 1 : undefined,
  });

export function useSetManagerNoteMutation(lineAccountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { friendId: number; managerNotes: string | null }) =>
      apiRequest(friendEndpoints.setManagerNote, { params: { lineAccountId: String(lineAccountId) }, body }),
    onSuccess: async (friend) => {
      queryClient.setQueryData(friendQueryOptions(lineAccountId, friend.id).queryKey, friend);
      await queryClient.invalidateQueries({ queryKey: friendKeys.ofAccount(lineAccountId) });
    },
  });
}

export function useSendMessageMutation(lineAccountId: number, friendId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    /** A text, or a body with a sticker. */
    mutationFn: (message: string | SendMessageBody) =>
      apiRequest(friendEndpoints.sendMessage, {
        params: friendParams(lineAccountId, friendId),
        body: typeof message === 'string' ? { text: message } : message,
      }),
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: friendMessagesQueryOptions(lineAccountId, friendId).queryKey,
      }),
  });
}
