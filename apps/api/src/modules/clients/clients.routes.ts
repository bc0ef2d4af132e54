import { agencyAreaEndpoints, clientAreaEndpoints, masterEndpoints } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route.ts';
import * as clients from './clients.service.ts';

/** Client area: the client itself (its session view is the auth module's). */
export function clientAreaRoutes(app: FastifyInstance) {
  // Not async: the own client's view is answered at once (issue 31).
  route(app, clientAreaEndpoints.getClient, (_input, request) =>
    clients.getScopedClient({ ctx: request.ctx }),
  );
  route(app, clientAreaEndpoints.updateData, async ({ body }, { ctx }) =>
    clients.updateClientData({ ctx, input: body }),
  );
}

/** Master area: every client and its contract status. */
export function masterClientRoutes(app: FastifyInstance) {
  const e = masterEndpoints;
  route(app, e.listClients, async ({ query }, { ctx }) => clients.listClients({ ctx, input: { query } }));
  route(app, e.getClient, async ({ params }, { ctx }) =>
    clients.getClient({ ctx, input: { id: params.id } }),
  );
  route(app, e.createClient, async ({ body }, { ctx }) => clients.createClient({ ctx, input: body }));
  route(app, e.updateClient, async ({ params, body }, { ctx }) =>
    clients.updateClient({ ctx, input: { id: params.id, body } }),
  );
  route(app, e.changeContractStatus, async ({ params, body }, { ctx }) =>
    clients.changeContractStatus({ ctx, input: { id: params.id, to: body.contractStatus, via: 'status' } }),
  );
  route(app, e.disableClient, async ({ params }, { ctx }) =>
    clients.changeContractStatus({ ctx, input: { id: params.id, to: 'DISABLED', via: 'disable' } }),
  );
  route(app, e.cancelClient, async ({ params }, { ctx }) =>
    clients.changeContractStatus({ ctx, input: { id: params.id, to: 'CANCELLED', via: 'cancel' } }),
  );
}

/** Agency area: the agency's own clients and signing new ones up. */
export function agencyClientRoutes(app: FastifyInstance) {
  const e = agencyAreaEndpoints;
  route(app, e.listClients, async ({ query }, { ctx }) => clients.listClients({ ctx, input: { query } }));
  route(app, e.getClient, async ({ params }, { ctx }) =>
    clients.getClient({ ctx, input: { id: params.id } }),
  );
  route(app, e.signupClient, async ({ body }, { ctx }) => clients.signupAgencyClient({ ctx, input: body }));
}
