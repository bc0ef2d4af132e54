import { tagEndpoints, type FriendTagsBody, type TagBody, type TagFolderBody } from '@app/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

const accountParams = (lineAccountId: number) => ({ lineAccountId: String(lineAccountId) });

/** The folders and tags of a LINE account, with the friends per tag. */
export const tagsQueryOptions = (lineAccountId: number) =>
  queryOptions({
    queryKey: ['friends', lineAccountId, 'tags'],
    queryFn: ({ signal }) => apiRequest(tagEndpoints.list, { params: accountParams(lineAccountId), signal }),
  });

/** Tags change the friends (their tags, the search) and the counts: refresh everything of the account. */
function useRefreshAccount(lineAccountId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['friends', lineAccountId] });
}

export function useCreateTagMutation(lineAccountId: number) {
  const refresh = useRefreshAccount(lineAccountId);
  return useMutation({
    mutationFn: (body: TagBody) =>
      apiRequest(tagEndpoints.create, { params: accountParams(lineAccountId), body }),
    onSuccess: refresh,
  });
}

export function useDeleteTagMutation(lineAccountId: number) {
  const refresh = useRefreshAccount(lineAccountId);
  return useMutation({
    mutationFn: (tagId: number) =>
      apiRequest(tagEndpoints.remove, { params: { ...accountParams(lineAccountId), tagId: String(tagId) } }),
    onSuccess: refresh,
  });
}

export function useCreateTagFolderMutation(lineAccountId: number) {
  const refresh = useRefreshAccount(lineAccountId);
  return useMutation({
    mutationFn: (body: TagFolderBody) =>
      apiRequest(tagEndpoints.createFolder, { params: accountParams(lineAccountId), body }),
    onSuccess: refresh,
  });
}

export function useDeleteTagFolderMutation(lineAccountId: number) {
  const refresh = useRefreshAccount(lineAccountId);
  return useMutation({
    mutationFn: (folderId: number) =>
      apiRequest(tagEndpoints.removeFolder, {
        params: { ...accountParams(lineAccountId), folderId: String(folderId) },
      }),
    onSuccess: refresh,
  });
}

/** Adds or removes tags on friends picked by hand or on a whole segment. */
export function useTagFriendsMutation(lineAccountId: number) {
  const refresh = useRefreshAccount(lineAccountId);
  return useMutation({
    mutationFn: (body: FriendTagsBody) =>
      apiRequest(tagEndpoints.tagFriends, { params: accountParams(lineAccountId), body }),
    onSuccess: refresh,
  });
}
