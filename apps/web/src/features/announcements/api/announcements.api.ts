import {
  clientAnnouncementEndpoints,
  masterAnnouncementEndpoints,
  type CreateAnnouncementBody,
  type ListAnnouncementsQuery,
  type ListClientAnnouncementsQuery,
  type UpdateAnnouncementBody,
} from '@app/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

const announcementKeys = {
  master: ['announcements', 'master'] as const,
  client: ['announcements', 'client'] as const,
};

// ---- master area ----

export const announcementsQueryOptions = (query: ListAnnouncementsQuery) =>
  queryOptions({
    queryKey: [...announcementKeys.master, 'list', query],
    queryFn: ({ signal }) => apiRequest(masterAnnouncementEndpoints.listAnnouncements, { query, signal }),
    placeholderData: keepPreviousData,
  });

export const announcementQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...announcementKeys.master, 'detail', id],
    queryFn: ({ signal }) =>
      apiRequest(masterAnnouncementEndpoints.getAnnouncement, { params: { id: String(id) }, signal }),
  });

function useInvalidateAnnouncements() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['announcements'] });
}

export function useCreateAnnouncementMutation() {
  const invalidate = useInvalidateAnnouncements();
  return useMutation({
    mutationFn: (body: CreateAnnouncementBody) =>
      apiRequest(masterAnnouncementEndpoints.createAnnouncement, { body }),
    onSuccess: invalidate,
  });
}

export function useUpdateAnnouncementMutation(id: number) {
  const invalidate = useInvalidateAnnouncements();
  return useMutation({
    mutationFn: (body: UpdateAnnouncementBody) =>
      apiRequest(masterAnnouncementEndpoints.updateAnnouncement, { params: { id: String(id) }, body }),
    onSuccess: invalidate,
  });
}

export function useDeleteAnnouncementMutation() {
  const invalidate = useInvalidateAnnouncements();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(masterAnnouncementEndpoints.deleteAnnouncement, { params: { id: String(id) } }),
    onSuccess: invalidate,
  });
}

// ---- client area: published announcements with the user's read marker ----

export const clientAnnouncementsQueryOptions = (query: ListClientAnnouncementsQuery) =>
  queryOptions({
    queryKey: [...announcementKeys.client, 'list', query],
    queryFn: ({ signal }) => apiRequest(clientAnnouncementEndpoints.listAnnouncements, { query, signal }),
    placeholderData: keepPreviousData,
  });

/** How many published announcements the signed-in user has not opened (for the menu badge). */
export const unreadAnnouncementCountQueryOptions = () =>
  queryOptions({
    queryKey: [...announcementKeys.client, 'unread-count'],
    queryFn: ({ signal }) =>
      apiRequest(clientAnnouncementEndpoints.listAnnouncements, {
        query: { unread: 'true', limit: 1 },
        signal,
      }),
    select: (page) => page.pagination.totalItems,
    staleTime: 60_000,
  });

/** One published announcement; the server marks it read for the signed-in user as it answers. */
export const clientAnnouncementQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...announcementKeys.client, 'detail', id],
    queryFn: ({ signal }) =>
      apiRequest(clientAnnouncementEndpoints.getAnnouncement, { params: { id: String(id) }, signal }),
  });

/** Refresh the client lists and badge once an announcement has been opened. */
export function useRefreshReadMarkers() {
  const queryClient = useQueryClient();
  return () =>
    void queryClient.invalidateQueries({
      queryKey: announcementKeys.client,
      predicate: (q) => q.queryKey[2] !== 'detail',
    });
}
