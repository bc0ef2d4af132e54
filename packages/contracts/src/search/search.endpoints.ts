import { clientListItemSchema, listClientsQuerySchema } from '../clients/clients.schemas.ts';
import { allow, defineEndpoint } from '../common/endpoint.ts';
import { pageSchema } from '../common/pagination.ts';

export const SEARCH_MASTER_PREFIX = '/search/api/v1/master';

/** Search area for the master operator (SPEC.md 7, Search). */
export const searchEndpoints = {
  listClients: defineEndpoint({
    method: 'GET',
    path: `${SEARCH_MASTER_PREFIX}/list/clients`,
    summary:
      'Clients whose company name or kana, contact person name or kana, or contact e-mail contains `search`; `status` filter; paged',
    tags: ['search', 'master'],
    access: allow('master.read'),
    query: listClientsQuerySchema,
    responses: { 200: pageSchema(clientListItemSchema) },
  }),
} as const;
