import { searchEndpoints } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route.ts';
import { listClients } from '../clients/index.ts';

/** Search area for the master operator (/search/api/v1/master). */
export function searchMasterRoutes(app: FastifyInstance) {
  route(app, searchEndpoints.listClients, async ({ query }, { ctx }) =>
    listClients({ ctx, input: { query } }),
  );
}
