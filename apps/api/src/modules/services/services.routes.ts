import { liffAppEndpoints, serviceEndpoints } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route.ts';
import * as services from './services.service.ts';

/** The service catalogue and service links of LINE accounts (client area). */
export function serviceRoutes(app: FastifyInstance) {
  route(app, serviceEndpoints.list, async () => services.listServices());
  route(app, serviceEndpoints.get, async ({ params }) => services.getService({ input: params }));
  route(app, serviceEndpoints.link, async ({ params, body }, { ctx }) =>
    services.linkService({ ctx, input: { ...params, ...body } }),
  );
  // the mini-apps' public start (/liff/api/v1)
  route(app, liffAppEndpoints.get, ({ params }, { ctx }) => services.getLiffAppInfo({ ctx, input: params }));
}
