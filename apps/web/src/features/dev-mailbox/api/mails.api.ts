import { devEndpoints } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Mails kept by the development mailbox, newest first; `to` filters by recipient. */
export const mailsQueryOptions = (filter: { to?: string } = {}) =>
  queryOptions({
    queryKey: ['dev', 'mails', filter.to ?? ''],
    queryFn: ({ signal }) =>
      apiRequest(devEndpoints.listMails, { query: { to: filter.to || undefined }, signal }),
    select: (page) =>
      [...page.data].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id),
  });
