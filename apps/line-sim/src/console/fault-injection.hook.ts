import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LineApiError } from '../http/line-errors.ts';
import type { SimContext } from '../state/sim-context.ts';
import type { FaultRule } from '../state/sim-state.store.ts';

declare module 'fastify' {
  // Declaration merging with Fastify's own types needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    /** Set when a fault rule says "do the work, then answer an error". */
    simFaultAfter: FaultRule | null;
  }
}

const defaultMessages: Record<number, string> = {
  429: 'The API rate limit has been exceeded. Try again later.',
  500: 'Internal server error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export const faultBody = (rule: FaultRule) => ({
  message: rule.message ?? defaultMessages[rule.status] ?? `Simulated error ${rule.status}`,
});

/** Console and page paths are never broken on purpose; only the LINE API surface is. */
const isLineApiPath = (url: string) =>
  !url.startsWith('/_sim') && !url.startsWith('/ui/') && url !== '/' && !url.startsWith('/?');

const takeRule = (ctx: SimContext, request: FastifyRequest) => {
  const rule = ctx.store.faults.find(
    (candidate) =>
      candidate.remaining > 0 &&
      (candidate.channelId === null || candidate.channelId === request.simChannelId) &&
      (candidate.pathPrefix === null || request.url.startsWith(candidate.pathPrefix)),
  );
  if (!rule) return null;
  rule.remaining -= 1;
  ctx.store.faults = ctx.store.faults.filter((candidate) => candidate.remaining > 0);
  return rule;
};

/**
 * Makes the next N LINE API calls fail, so the product's outbox retries can be tested. It runs
 * after authentication, so a rule can target one channel's token.
 */
export const registerFaultInjection = (app: FastifyInstance, ctx: SimContext) => {
  app.decorateRequest('simFaultAfter', null);
  app.decorateRequest('simChannelId', '');
  app.addHook('preHandler', async (request) => {
    if (!isLineApiPath(request.url) || ctx.store.faults.length === 0) return;
    const rule = takeRule(ctx, request);
    if (!rule) return;
    if (rule.when === 'before') throw new LineApiError(rule.status, faultBody(rule));
    request.simFaultAfter = rule;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const rule = request.simFaultAfter;
    if (!rule) return payload;
    request.simFaultAfter = null;
    void reply.code(rule.status).type('application/json');
    return JSON.stringify(faultBody(rule));
  });
};
