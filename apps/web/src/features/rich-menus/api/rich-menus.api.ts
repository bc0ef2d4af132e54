import {
  richMenuEndpoints,
  type CreateRichMenuBody,
  type CreateTabbedRichMenuBody,
  type PutRichMenuRulesBody,
  type RichMenuPreviewBody,
  type RichMenu,
  type RichMenuTapDays,
  type UpdateRichMenuBody,
} from '@app/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

const keys = {
  all: ['rich-menus'] as const,
  account: (lineAccountId: number) => ['rich-menus', lineAccountId] as const,
};
const params = (lineAccountId: number) => ({ lineAccountId: String(lineAccountId) });
const menuParams = (lineAccountId: number, richMenuId: number) => ({
  lineAccountId: String(lineAccountId),
  richMenuId: String(richMenuId),
});

/** The account's rich menus, newest first, with the default marked. */
export const richMenusQueryOptions = (lineAccountId: number) =>
  queryOptions({
    queryKey: [...keys.account(lineAccountId), 'list'],
    queryFn: ({ signal }) => apiRequest(richMenuEndpoints.list, { params: params(lineAccountId), signal }),
  });

export const richMenuQueryOptions = (lineAccountId: number, richMenuId: number) =>
  queryOptions({
    queryKey: [...keys.account(lineAccountId), 'detail', richMenuId],
    queryFn: ({ signal }) =>
      apiRequest(richMenuEndpoints.get, { params: menuParams(lineAccountId, richMenuId), signal }),
  });

/** The heat map's figures: taps and friends per area of one menu over the last 7, 30 or 90 days. */
export const richMenuTapsQueryOptions = (lineAccountId: number, richMenuId: number, days: RichMenuTapDays) =>
  queryOptions({
    queryKey: [...keys.account(lineAccountId), 'taps', richMenuId, days],
    queryFn: ({ signal }) =>
      apiRequest(richMenuEndpoints.taps, {
        params: menuParams(lineAccountId, richMenuId),
        query: { days: String(days) as '7' | '30' | '90' },
        signal,
      }),
  });

/** A tabbed rich menu as one thing: its tabs as they were sent, and its menus. */
export const tabbedRichMenuQueryOptions = (lineAccountId: number, groupId: string) =>
  queryOptions({
    queryKey: [...keys.account(lineAccountId), 'tabbed', groupId],
    queryFn: ({ signal }) =>
      apiRequest(richMenuEndpoints.getTabbed, {
        params: { lineAccountId: String(lineAccountId), groupId },
        signal,
      }),
  });

function useRefresh(lineAccountId: number) {
  const queryClient = useQueryClient();
  return async (menu?: RichMenu) => {
    if (menu) queryClient.setQueryData(richMenuQueryOptions(lineAccountId, menu.id).queryKey, menu);
    await queryClient.invalidateQueries({ queryKey: keys.account(lineAccountId) });
  };
}

export function useCreateRichMenuMutation(lineAccountId: number) {
  const refresh = useRefresh(lineAccountId);
  return useMutation({
    mutationFn: (body: CreateRichMenuBody) =>
      apiRequest(richMenuEndpoints.create, { params: params(lineAccountId), body }),
    onSuccess: refresh,
  });
}

export function useUpdateRichMenuMutation(lineAccountId: number, richMenuId: number) {
  const refresh = useRefresh(lineAccountId);
  return useMutation({
    mutationFn: (body: UpdateRichMenuBody) =>
      apiRequest(richMenuEndpoints.update, { params: menuParams(lineAccountId, richMenuId), body }),
    onSuccess: refresh,
  });
}

export function useDeleteRichMenuMutation(lineAccountId: number) {
  const refresh = useRefresh(lineAccountId);
  return useMutation({
    mutationFn: (richMenuId: number) =>
      apiRequest(richMenuEndpoints.delete, { params: menuParams(lineAccountId, richMenuId) }),
    onSuccess: () => refresh(),
  });
}

/** SPEC.md's GET .../rich-menu/default: sent by fetch from this page, so it is same-origin. */
export function useSetDefaultRichMenuMutation(lineAccountId: number) {
  const refresh = useRefresh(lineAccountId);
  return useMutation({
    mutationFn: (richMenuId: number) =>
      apiRequest(richMenuEndpoints.setDefault, {
        params: params(lineAccountId),
        query: { richMenuId: String(richMenuId) },
      }),
    onSuccess: refresh,
  });
}

/** One menu per tab, made and linked at LINE by the server. */
export function useCreateTabbedRichMenuMutation(lineAccountId: number) {
  const refresh = useRefresh(lineAccountId);
  return useMutation({
    mutationFn: (body: CreateTabbedRichMenuBody) =>
      apiRequest(richMenuEndpoints.createTabbed, { params: params(lineAccountId), body }),
    onSuccess: () => refresh(),
  });
}

/** The whole tabbed menu replaced: every tab made again at LINE by the server. */
export function useUpdateTabbedRichMenuMutation(lineAccountId: number, groupId: string) {
  const refresh = useRefresh(lineAccountId);
  return useMutation({
    mutationFn: (body: CreateTabbedRichMenuBody) =>
      apiRequest(richMenuEndpoints.updateTabbed, {
        params: { lineAccountId: String(lineAccountId), groupId },
        body,
      }),
    onSuccess: () => refresh(),
  });
}

/** Each tab's image as the server will draw it (the builder's live preview). */
export function usePreviewTabbedRichMenuMutation(lineAccountId: number) {
  return useMutation({
    mutationFn: (body: CreateTabbedRichMenuBody) =>
      apiRequest(richMenuEndpoints.previewTabbed, { params: params(lineAccountId), body }),
  });
}

/** The image the server draws from the areas' labels (a template without a designer's image). */
export function usePreviewRichMenuImageMutation(lineAccountId: number) {
  return useMutation({
    mutationFn: (body: RichMenuPreviewBody) =>
      apiRequest(richMenuEndpoints.preview, { params: params(lineAccountId), body }),
  });
}

/** The rich menu per tag or saved segment: rules in priority order and their link figures (decision 0059). */
export const richMenuRulesQueryOptions = (lineAccountId: number) =>
  queryOptions({
    queryKey: [...keys.account(lineAccountId), 'rules'],
    queryFn: ({ signal }) => apiRequest(richMenuEndpoints.rules, { params: params(lineAccountId), signal }),
  });

export function usePutRichMenuRulesMutation(lineAccountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PutRichMenuRulesBody) =>
      apiRequest(richMenuEndpoints.putRules, { params: params(lineAccountId), body }),
    onSuccess: (rules) => {
      queryClient.setQueryData(richMenuRulesQueryOptions(lineAccountId).queryKey, rules);
    },
  });
}
