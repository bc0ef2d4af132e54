import {
  buildPath,
  inflowEndpoints,
  richMenuEndpoints,
  scenarioEndpoints,
  tagEndpoints,
  type InflowRouteBody,
} from '@app/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, downloadFile } from '../../../lib/api-client.ts';

const account = (lineAccountId: number) => ({ lineAccountId: String(lineAccountId) });
const keys = { ofAccount: (lineAccountId: number) => ['inflow', lineAccountId] as const };

/** The routes with their figures and the per-day series over the last `days`. */
export const inflowReportQueryOptions = (lineAccountId: number, days: number) =>
  queryOptions({
    queryKey: [...keys.ofAccount(lineAccountId), 'report', days],
    queryFn: ({ signal }) =>
      apiRequest(inflowEndpoints.report, {
        params: account(lineAccountId),
        query: { days: String(days) },
        signal,
      }),
  });

/** The account's tags, for a route's actions (owners and managers). */
export const inflowTagsQueryOptions = (lineAccountId: number) =>
  queryOptions({
    queryKey: [...keys.ofAccount(lineAccountId), 'tags'],
    queryFn: ({ signal }) => apiRequest(tagEndpoints.list, { params: account(lineAccountId), signal }),
  });

/** The account's scenarios, for the one a route starts. */
export const inflowScenariosQueryOptions = (lineAccountId: number) =>
  queryOptions({
    queryKey: [...keys.ofAccount(lineAccountId), 'scenarios'],
    queryFn: ({ signal }) => apiRequest(scenarioEndpoints.list, { params: account(lineAccountId), signal }),
  });

/** The account's rich menus, for the one a route links to the friend. */
export const inflowRichMenusQueryOptions = (lineAccountId: number) =>
  queryOptions({
    queryKey: [...keys.ofAccount(lineAccountId), 'rich-menus'],
    queryFn: ({ signal }) => apiRequest(richMenuEndpoints.list, { params: account(lineAccountId), signal }),
  });

function useInvalidate(lineAccountId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: keys.ofAccount(lineAccountId) });
}

export function useCreateRouteMutation(lineAccountId: number) {
  const invalidate = useInvalidate(lineAccountId);
  return useMutation({
    mutationFn: (body: InflowRouteBody) =>
      apiRequest(inflowEndpoints.create, { params: account(lineAccountId), body }),
    onSuccess: invalidate,
  });
}

export function useUpdateRouteMutation(lineAccountId: number) {
  const invalidate = useInvalidate(lineAccountId);
  return useMutation({
    mutationFn: ({ routeId, body }: { routeId: number; body: InflowRouteBody }) =>
      apiRequest(inflowEndpoints.update, {
        params: { ...account(lineAccountId), routeId: String(routeId) },
        body,
      }),
    onSuccess: invalidate,
  });
}

export function useDeleteRouteMutation(lineAccountId: number) {
  const invalidate = useInvalidate(lineAccountId);
  return useMutation({
    mutationFn: (routeId: number) =>
      apiRequest(inflowEndpoints.remove, { params: { ...account(lineAccountId), routeId: String(routeId) } }),
    onSuccess: invalidate,
  });
}

/** The route's QR code as PNG or PDF, under the server's file name. */
export function downloadRouteQr(lineAccountId: number, routeId: number, kind: 'png' | 'pdf') {
  const endpoint = kind === 'png' ? inflowEndpoints.qrPng : inflowEndpoints.qrPdf;
  return downloadFile(buildPath(endpoint.path, { ...account(lineAccountId), routeId: String(routeId) }));
}

/** The routes' figures as CSV (the shared formula-safe writer on the server). */
export function downloadRoutesCsv(lineAccountId: number, days: number) {
  return downloadFile(`${buildPath(inflowEndpoints.reportCsv.path, account(lineAccountId))}?days=${days}`);
}
