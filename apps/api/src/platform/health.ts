import type { FastifyInstance } from 'fastify';

/** Liveness and readiness for a load balancer. */
export function healthRoutes(
  app: FastifyInstance,
  options: { ping: () => Promise<void>; isClosing: () => boolean },
) {
  const access = { kind: 'public' } as const;
  app.get('/healthz', { config: { access }, schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { config: { access }, schema: { hide: true } }, async (_request, reply) => {
    if (options.isClosing()) return reply.code(503).send({ status: 'closing' });
    try {
      await options.ping();
      return { status: 'ready' };
    } catch {
      return reply.code(503).send({ status: 'database unavailable' });
    }
  });
}
