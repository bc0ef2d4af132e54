import {
  type RegistrationEntry,
  buildPath,
  memberEndpoints,
  type CreateMemberAttributeBody,
  type ListMembersQuery,
  type UpdateMemberSettingsBody,
} from '@app/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, downloadFile } from '../../../lib/api-client.ts';

const keys = {
  ofAccount: (lineAccountId: number) => ['members', lineAccountId] as const,
};
const account = (lineAccountId: number) => ({ lineAccountId: String(lineAccountId) });

/** One page of members; shaped like the other paged lists ({ data, pagination }) for PagedTable. */
export const memberListQueryOptions = (
  lineAccountId: number,
  query: Omit<ListMembersQuery, 'lineAccountId'>,
) =>
  queryOptions({
    queryKey: [...keys.ofAccount(lineAccountId), 'list', query],
    queryFn: async ({ signal }) => {
      const page = await apiRequest(memberEndpoints.list, {
        query: { ...query, lineAccountId: String(lineAccountId) },
        signal,
      });
      return {
        data: page.data,
        pagination: {
          currentPage: page.page,
          totalPages: page.totalPages,
          itemsPerPage: page.limit,
          totalItems: page.totalItems,
        },
      };
    },
    placeholderData: keepPreviousData,
  });

export const memberQueryOptions = (lineAccountId: number, memberId: number) =>
  queryOptions({
    queryKey: [...keys.ofAccount(lineAccountId), 'detail', memberId],
    queryFn: ({ signal }) =>
      apiRequest(memberEndpoints.get, {
        params: { ...account(lineAccountId), memberId: String(memberId) },
        signal,
      }),
  });

export const memberAttributesQueryOptions = (lineAccountId: number) =>
  queryOptions({
    queryKey: [...keys.ofAccount(lineAccountId), 'attributes'],
    queryFn: ({ signal }) =>
      apiRequest(memberEndpoints.listAttributes, { params: account(lineAccountId), signal }),
  });

export const memberSettingsQueryOptions = (lineAccountId: number) =>
  queryOptions({
    queryKey: [...keys.ofAccount(lineAccountId), 'settings'],
    queryFn: ({ signal }) =>
      apiRequest(memberEndpoints.getSettings, { params: account(lineAccountId), signal }),
  });

/** The CSV export's address with the list's filters. */
export function memberCsvUrl(lineAccountId: number, query: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v) search.set(k, v);
  const qs = search.toString();
  return buildPath(memberEndpoints.exportCsv.path, account(lineAccountId)) + (qs ? `?${qs}` : '');
}

/**
 * Download the member list as CSV with the list's filters, under the server's file name. Fetched rather
 * than linked, so a MASTER or AGENCY acting for the client sends its x-client-id (`clientId`).
 */
export function downloadMemberCsv(
  lineAccountId: number,
  query: Record<string, string | undefined>,
  options: { clientId?: number } = {},
): Promise<void> {
  return downloadFile(memberCsvUrl(lineAccountId, query), options);
}

/** A member's uploaded image (the session cookie lets an <img> load it; the server checks the tenancy). */
export function memberImageUrl(lineAccountId: number, memberId: number, imageKey: string): string {
  return buildPath(memberEndpoints.image.path, {
    ...account(lineAccountId),
    memberId: String(memberId),
    imageKey,
  });
}

function useInvalidate(lineAccountId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: keys.ofAccount(lineAccountId) });
}

/** The back office's own (PRIVATE) values of a member, all at once. */
export function useSavePrivateValuesMutation(lineAccountId: number, memberId: number) {
  const invalidate = useInvalidate(lineAccountId);
  return useMutation({
    mutationFn: (entries: RegistrationEntry[]) =>
      apiRequest(memberEndpoints.updatePrivateValues, {
        params: { ...account(lineAccountId), memberId: String(memberId) },
        body: entries,
      }),
    onSuccess: invalidate,
  });
}

export function useUpdateMemberMutation(lineAccountId: number, memberId: number) {
  const invalidate = useInvalidate(lineAccountId);
  const params = { ...account(lineAccountId), memberId: String(memberId) };
  return useMutation({
    mutationFn: (change: { status?: 'ACTIVE' | 'INACTIVE'; remarks?: string | null }) =>
      change.status
        ? apiRequest(memberEndpoints.updateStatus, { params, body: { status: change.status } })
        : apiRequest(memberEndpoints.updateRemarks, { params, body: { remarks: change.remarks ?? null } }),
    onSuccess: invalidate,
  });
}

export function useSaveAttributeMutation(lineAccountId: number) {
  const invalidate = useInvalidate(lineAccountId);
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: CreateMemberAttributeBody }) =>
      id === null
        ? apiRequest(memberEndpoints.createAttribute, { params: account(lineAccountId), body })
        : apiRequest(memberEndpoints.updateAttribute, {
            params: { ...account(lineAccountId), attributeId: String(id) },
            body,
          }),
    onSuccess: invalidate,
  });
}

export function useDeleteAttributeMutation(lineAccountId: number) {
  const invalidate = useInvalidate(lineAccountId);
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(memberEndpoints.deleteAttribute, {
        params: { ...account(lineAccountId), attributeId: String(id) },
      }),
    onSuccess: invalidate,
  });
}

export function useReorderAttributesMutation(lineAccountId: number) {
  const invalidate = useInvalidate(lineAccountId);
  return useMutation({
    mutationFn: (attributeIds: number[]) =>
      apiRequest(memberEndpoints.reorderAttributes, {
        params: account(lineAccountId),
        body: { attributeIds },
      }),
    onSuccess: invalidate,
  });
}

export function useSaveMemberSettingsMutation(lineAccountId: number) {
  const invalidate = useInvalidate(lineAccountId);
  return useMutation({
    mutationFn: (body: UpdateMemberSettingsBody) =>
      apiRequest(memberEndpoints.updateSettings, { params: account(lineAccountId), body }),
    onSuccess: invalidate,
  });
}
