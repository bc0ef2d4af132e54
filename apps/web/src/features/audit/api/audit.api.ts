import { auditEndpoints, type ListAuditLogsQuery } from '@app/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const auditLogsQueryOptions = (query: ListAuditLogsQuery) =>
  queryOptions({
    queryKey: ['audit-logs', query],
    queryFn: ({ signal }) => apiRequest(auditEndpoints.listAuditLogs, { query, signal }),
    placeholderData: keepPreviousData,
  });
