import { dashboardEndpoints } from '@app/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

const dashboardKeys = { all: ['dashboard'] as const };

/** The master's figures: clients by status, LINE accounts, fees, new friends, by month. */
export const masterDashboardQueryOptions = () =>
  queryOptions({
    queryKey: [...dashboardKeys.all, 'master'],
    queryFn: ({ signal }) => apiRequest(dashboardEndpoints.master, { signal }),
  });

/** The agency's figures: its clients by status and its commission by month. */
export const agencyDashboardQueryOptions = () =>
  queryOptions({
    queryKey: [...dashboardKeys.all, 'agency'],
    queryFn: ({ signal }) => apiRequest(dashboardEndpoints.agency, { signal }),
  });

/** One LINE account's figures over the last 30 or 90 days. */
export const clientDashboardQueryOptions = (lineAccountId: number, days: 30 | 90) =>
  queryOptions({
    queryKey: [...dashboardKeys.all, 'client', lineAccountId, days],
    queryFn: ({ signal }) =>
      apiRequest(dashboardEndpoints.client, {
        params: { lineAccountId: String(lineAccountId) },
        query: { days: String(days) as '30' | '90' },
        signal,
      }),
    // Switching 30 / 90 days keeps the figures in place while the other span loads.
    placeholderData: keepPreviousData,
  });
