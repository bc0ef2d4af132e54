import { agencyAreaEndpoints, masterEndpoints } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route.ts';
import * as agencies from './agencies.service.ts';

/** Master area: agencies and their commissions. */
export function masterAgencyRoutes(app: FastifyInstance) {
  const e = masterEndpoints;
  route(app, e.createAgency, async ({ body }, { ctx }) => agencies.createAgency({ ctx, input: body }));
  route(app, e.listAgencies, async ({ query }, { ctx }) => agencies.listAgencies({ ctx, input: query }));
  route(app, e.getAgency, async ({ params }, { ctx }) =>
    agencies.getAgency({ ctx, input: { id: params.id } }),
  );
  route(app, e.updateAgency, async ({ params, body }, { ctx }) =>
    agencies.updateAgency({ ctx, input: { id: params.id, body } }),
  );
  route(app, e.getAgencyCommissions, async ({ params, query }, { ctx }) =>
    agencies.getCommissions({ ctx, input: { id: params.id, ...query } }),
  );
}

/** Agency area: the agency itself, its commissions and its signup link. */
export function agencyAreaAgencyRoutes(app: FastifyInstance) {
  const e = agencyAreaEndpoints;
  route(app, e.getAgency, async (_input, { ctx }) => agencies.getAgency({ ctx, input: {} }));
  route(app, e.getCommissions, async ({ query }, { ctx }) => agencies.getCommissions({ ctx, input: query }));
  route(app, e.getSignupLink, async (_input, { ctx }) => agencies.getSignupLink({ ctx }));
}
