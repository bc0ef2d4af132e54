import {
  deliveryEndpoints,
  friendEndpoints,
  tagEndpoints,
  type DeliveryAudience,
  type DeliveryBody,
  type SegmentBody,
  type SendDeliveryBody,
} from '@app/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

const keys = { account: (lineAccountId: number) => ['deliveries', lineAccountId] as const };
const params = (lineAccountId: number) => ({ lineAccountId: String(lineAccountId) });

export const deliveriesQueryOptions = (lineAccountId: number, page: number, limit: number) =>
  queryOptions({
    queryKey: [...keys.account(lineAccountId), 'list', page, limit],
    queryFn: ({ signal }) =>
      apiRequest(deliveryEndpoints.list, {
        params: params(lineAccountId),
        query: { page: String(page), limit: String(limit) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const quotaQueryOptions = (lineAccountId: number) =>
  queryOptions({
    queryKey: [...keys.account(lineAccountId), 'quota'],
    queryFn: ({ signal }) => apiRequest(deliveryEndpoints.quota, { params: params(lineAccountId), signal }),
    retry: false,
  });

export const segmentsQueryOptions = (lineAccountId: number) =>
  queryOptions({
    queryKey: [...keys.account(lineAccountId), 'segments'],
    queryFn: ({ signal }) =>
      apiRequest(deliveryEndpoints.listSegments, { params: params(lineAccountId), signal }),
  });

/** The account's tags (names for a delivery's conditions); the friends page keeps the same entry. */
export const accountTagsQueryOptions = (lineAccountId: number) =>
  queryOptions({
    queryKey: ['friends', lineAccountId, 'tags'],
    queryFn: ({ signal }) => apiRequest(tagEndpoints.list, { params: params(lineAccountId), signal }),
  });

export const audienceCountQueryOptions = (lineAccountId: number, audience: DeliveryAudience | null) =>
  queryOptions({
    queryKey: [...keys.account(lineAccountId), 'audience', audience],
    queryFn: ({ signal }) =>
      apiRequest(deliveryEndpoints.countAudience, {
        params: params(lineAccountId),
        body: { audience: audience! },
        signal,
      }),
    enabled: audience !== null,
  });

function useRefresh(lineAccountId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: keys.account(lineAccountId) });
}

/**
 * Save the composer's delivery (a new draft, or the draft it already saved: a test send saves first),
 * then, when asked, send it now or schedule it, or send a test of it to the caller's own LINE.
 */
export function useComposeMutation(lineAccountId: number) {
  const onSuccess = useRefresh(lineAccountId);
  return useMutation({
    mutationFn: async (input: {
      draftId: number | null;
      body: DeliveryBody;
      send?: SendDeliveryBody;
      test?: boolean;
    }) => {
      const draft =
        input.draftId === null
          ? await apiRequest(deliveryEndpoints.create, { params: params(lineAccountId), body: input.body })
          : await apiRequest(deliveryEndpoints.update, {
              params: { ...params(lineAccountId), deliveryId: String(input.draftId) },
              body: input.body,
            });
      if (input.test) {
        const test = await apiRequest(deliveryEndpoints.testSend, {
          params: { ...params(lineAccountId), deliveryId: String(draft.id) },
        });
        return { ...draft, testedWith: test.friend.displayName };
      }
      if (!input.send) return draft;
      return apiRequest(deliveryEndpoints.send, {
        params: { ...params(lineAccountId), deliveryId: String(draft.id) },
        body: input.send,
      });
    },
    onSuccess,
  });
}

export function useSendMutation(lineAccountId: number) {
  const onSuccess = useRefresh(lineAccountId);
  return useMutation({
    mutationFn: (input: { deliveryId: number; body: SendDeliveryBody }) =>
      apiRequest(deliveryEndpoints.send, {
        params: { ...params(lineAccountId), deliveryId: String(input.deliveryId) },
        body: input.body,
      }),
    onSuccess,
  });
}

export function useCancelMutation(lineAccountId: number) {
  const onSuccess = useRefresh(lineAccountId);
  return useMutation({
    mutationFn: (deliveryId: number) =>
      apiRequest(deliveryEndpoints.cancel, {
        params: { ...params(lineAccountId), deliveryId: String(deliveryId) },
      }),
    onSuccess,
  });
}

export function useCreateSegmentMutation(lineAccountId: number) {
  const onSuccess = useRefresh(lineAccountId);
  return useMutation({
    mutationFn: (body: SegmentBody) =>
      apiRequest(deliveryEndpoints.createSegment, { params: params(lineAccountId), body }),
    onSuccess,
  });
}

export const testRecipientQueryOptions = (lineAccountId: number) =>
  queryOptions({
    queryKey: [...keys.account(lineAccountId), 'me'],
    queryFn: ({ signal }) =>
      apiRequest(deliveryEndpoints.getTestRecipient, { params: params(lineAccountId), signal }),
  });

/** Following friends of the account to pick "me" from (the newest 50, or those matching a name). */
export const followingFriendsQueryOptions = (lineAccountId: number, search: string) =>
  queryOptions({
    queryKey: [...keys.account(lineAccountId), 'friends', search],
    queryFn: ({ signal }) =>
      apiRequest(friendEndpoints.list, {
        params: params(lineAccountId),
        query: { limit: '50', isFriend: 'true', ...(search ? { search } : {}) },
        signal,
      }),
  });

export function useTestRecipientMutation(lineAccountId: number) {
  const onSuccess = useRefresh(lineAccountId);
  return useMutation({
    mutationFn: (friendId: number | null) =>
      friendId === null
        ? apiRequest(deliveryEndpoints.removeTestRecipient, { params: params(lineAccountId) })
        : apiRequest(deliveryEndpoints.setTestRecipient, {
            params: params(lineAccountId),
            body: { friendId },
          }),
    onSuccess,
  });
}

export const deliveryQueryOptions = (lineAccountId: number, deliveryId: number) =>
  queryOptions({
    queryKey: [...keys.account(lineAccountId), 'one', deliveryId],
    queryFn: ({ signal }) =>
      apiRequest(deliveryEndpoints.get, {
        params: { ...params(lineAccountId), deliveryId: String(deliveryId) },
        signal,
      }),
  });
