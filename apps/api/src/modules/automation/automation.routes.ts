import { automationEndpoints } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route.ts';
import * as automation from './automation.service.ts';

/** Automation of a LINE account (client area): the greeting. */
export function automationRoutes(app: FastifyInstance) {
  const e = automationEndpoints;
  route(app, e.getGreeting, async ({ params }, { ctx }) => automation.getGreeting({ ctx, input: params }));
  route(app, e.setGreeting, async ({ params, body }, { ctx }) =>
    automation.setGreeting({ ctx, input: { ...params, ...body } }),
  );
}
