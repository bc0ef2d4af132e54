import {
  buildPath,
  friendEndpoints,
  inboxEndpoints,
  type InboxFilter,
  type UpdateConversationBody,
} from '@app/contracts';
import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiRequest } from '../../../lib/api-client.ts';

/** Without the live stream (not yet open, or the browser lost it), an open inbox asks again this often. */
export const INBOX_POLL_MS = 3000;

const inboxKeys = {
  all: ['inbox'] as const,
  ofAccount: (lineAccountId: number) => ['inbox', lineAccountId] as const,
};

const conversationParams = (lineAccountId: number, friendId: number) => ({
  lineAccountId: String(lineAccountId),
  friendId: String(friendId),
});

/** The チャット inbox of a LINE account, newest first, page by page (keyset). */
export const inboxQueryOptions = (lineAccountId: number, filter: InboxFilter, search: string) =>
  infiniteQueryOptions({
    queryKey: [...inboxKeys.ofAccount(lineAccountId), 'list', filter, search],
    queryFn: ({ signal, pageParam }) =>
      apiRequest(inboxEndpoints.list, {
        params: { lineAccountId: String(lineAccountId) },
        query: { filter, ...(search ? { search } : {}), ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const conversationQueryOptions = (lineAccountId: number, friendId: number) =>
  queryOptions({
    queryKey: [...inboxKeys.ofAccount(lineAccountId), 'detail', friendId],
    queryFn: ({ signal }) =>
      apiRequest(inboxEndpoints.get, { params: conversationParams(lineAccountId, friendId), signal }),
  });

export const inboxAssigneesQueryOptions = (lineAccountId: number) =>
  queryOptions({
    queryKey: [...inboxKeys.ofAccount(lineAccountId), 'assignees'],
    queryFn: ({ signal }) =>
      apiRequest(inboxEndpoints.assignees, { params: { lineAccountId: String(lineAccountId) }, signal }),
    staleTime: 60_000,
  });

/**
 * The menu's badge: unread messages over the client's LINE accounts (friends', groups' and rooms'); with an
 * account, that account's, split into the inbox's two lists.
 */
export const inboxUnreadQueryOptions = (lineAccountId?: number) =>
  queryOptions({
    queryKey: [...inboxKeys.all, 'unread', lineAccountId ?? 'all'],
    queryFn: ({ signal }) =>
      apiRequest(inboxEndpoints.unread, {
        query: lineAccountId === undefined ? {} : { lineAccountId: String(lineAccountId) },
        signal,
      }),
    refetchInterval: 15_000,
  });

export function useMarkConversationReadMutation(lineAccountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (friendId: number) =>
      apiRequest(inboxEndpoints.markRead, { params: conversationParams(lineAccountId, friendId) }),
    onSuccess: async (conversation) => {
      queryClient.setQueryData(
        conversationQueryOptions(lineAccountId, conversation.friendId).queryKey,
        conversation,
      );
      await queryClient.invalidateQueries({ queryKey: inboxKeys.all });
    },
  });
}

/** 未読にする by hand: the conversation and the menu's badge count it unread again. */
export function useMarkConversationUnreadMutation(lineAccountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (friendId: number) =>
      apiRequest(inboxEndpoints.markUnread, { params: conversationParams(lineAccountId, friendId) }),
    onSuccess: async (conversation) => {
      queryClient.setQueryData(
        conversationQueryOptions(lineAccountId, conversation.friendId).queryKey,
        conversation,
      );
      await queryClient.invalidateQueries({ queryKey: inboxKeys.all });
    },
  });
}

/** プロフィールを再取得: LINE's profile of the friend again; the conversation and the friends list follow. */
export function useRefreshFriendProfileMutation(lineAccountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (friendId: number) =>
      apiRequest(friendEndpoints.refreshProfile, {
        params: { lineAccountId: String(lineAccountId), friendId: String(friendId) },
      }),
    onSuccess: () => refreshInbox(queryClient, lineAccountId),
  });
}

export function useUpdateConversationMutation(lineAccountId: number, friendId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateConversationBody) =>
      apiRequest(inboxEndpoints.update, { params: conversationParams(lineAccountId, friendId), body }),
    onSuccess: async (conversation) => {
      queryClient.setQueryData(conversationQueryOptions(lineAccountId, friendId).queryKey, conversation);
      await queryClient.invalidateQueries({ queryKey: inboxKeys.ofAccount(lineAccountId) });
    },
  });
}

/** What an `inbox` event makes stale: the account's conversations, the open chat and the menu's badge. */
function refreshInbox(queryClient: QueryClient, lineAccountId: number) {
  void queryClient.invalidateQueries({ queryKey: inboxKeys.ofAccount(lineAccountId) });
  void queryClient.invalidateQueries({ queryKey: [...inboxKeys.all, 'unread'] });
  void queryClient.invalidateQueries({ queryKey: ['friends', lineAccountId] });
}

/**
 * The inbox's live stream (server-sent events, decision 0043): each `inbox` event asks the open reads
 * again. Answers how often the page should still ask on its own: never while the stream is open, every
 * INBOX_POLL_MS while it is not (before `ready`, or while the browser reconnects after a drop).
 */
export function useInboxLiveStream(lineAccountId: number): number | false {
  const queryClient = useQueryClient();
  const [isLive, setLive] = useState(false);
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(
      buildPath(inboxEndpoints.stream.path, { lineAccountId: String(lineAccountId) }),
    );
    let dropped = false;
    source.addEventListener('ready', () => {
      setLive(true);
      // Opened again after a drop or the stream's end: what changed meanwhile is read once.
      if (dropped) refreshInbox(queryClient, lineAccountId);
    });
    source.addEventListener('inbox', () => refreshInbox(queryClient, lineAccountId));
    source.addEventListener('error', () => {
      dropped = true;
      setLive(false);
    });
    return () => {
      source.close();
      setLive(false);
    };
  }, [lineAccountId, queryClient]);
  return isLive ? false : INBOX_POLL_MS;
}
