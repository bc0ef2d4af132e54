import { clientAreaEndpoints } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route.ts';
import { getCurrentSession } from '../auth/auth.service.ts';
import { getScopedClient } from './clients.service.ts';

export function clientAreaRoutes(app: FastifyInstance) {
  route(app, clientAreaEndpoints.sessionMe, async (_input, request) =>
    getCurrentSession({ ctx: request.ctx }),
  );
  route(app, clientAreaEndpoints.getClient, async (_input, request) => getScopedClient({ ctx: request.ctx }));
}
