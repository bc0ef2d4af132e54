import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { PaySimEngine } from './billing/engine.ts';
import { type Deliver, WebhookSender, type WebhookTarget } from './billing/webhooks.ts';
import { parseStripeForm } from './http/form.ts';
import { registerApiRoutes } from './routes/api.routes.ts';
import { registerConsoleRoutes } from './routes/console.routes.ts';
import { PaySimStore, readStateFile, writeStateFile } from './state/store.ts';

export { signPayload } from './billing/webhooks.ts';
export type { Deliver, WebhookTarget } from './billing/webhooks.ts';
export { TEST_CARDS } from './billing/cards.ts';

/** The API version the simulator's events say they were rendered with (the SDK's pinned one). */
export const PAY_SIM_API_VERSION = '2026-10-28.endive';

export type PaySimOptions = {
  /** Where events are sent, signed with each target's secret (besides endpoints made through the API). */
  webhooks?: WebhookTarget[];
  /** Waits before each redelivery of a failed webhook; [] turns redelivery off. */
  webhookRetryDelaysMs?: number[];
  /** How a webhook reaches its URL; default fetch (tests may hand requests to an in-process app). */
  deliver?: Deliver;
  /** Base for URLs the simulator hands out (hosted invoices, receipts); default: the request's host. */
  publicBaseUrl?: string;
  /** A JSON file the state is kept in: restored at start, written shortly after each change and on close. */
  stateFile?: string;
  /** Run renewals as real time passes (every minute); tests move the clock instead. */
  tick?: boolean;
  logger?: boolean;
};

declare module 'fastify' {
  // Declaration merging with Fastify's own types needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** The simulator's engine, store and webhook sender, for in-process tests. */
    paySim: { engine: PaySimEngine; store: PaySimStore; webhooks: WebhookSender };
  }
}

/**
 * A local stand-in for Stripe's API (the part the product uses), answered in Stripe's shapes so the
 * official SDK works against it: pass `host`, `port` and `protocol: 'http'` to `new Stripe(...)`.
 */
export const buildPaySimulator = (options: PaySimOptions = {}): FastifyInstance => {
  const app = Fastify({
    logger: options.logger ?? false,
    routerOptions: { querystringParser: (text: string) => parseStripeForm(text) },
  });
  const store = new PaySimStore();
  if (options.stateFile) {
    const snapshot = readStateFile(options.stateFile);
    if (snapshot) store.restore(snapshot);
  }
  let lastHost = 'http://127.0.0.1';
  app.addHook('onRequest', async (request: FastifyRequest) => {
    lastHost = `${request.protocol}://${request.host}`;
  });
  const targets = () => [
    ...(options.webhooks ?? []),
    ...store
      .all('webhook_endpoint')
      .filter((e) => !e.deleted && e.status === 'enabled')
      .map((e) => ({
        url: e.url as string,
        secret: e.secret as string,
        enabledEvents: e.enabled_events as string[],
      })),
  ];
  const webhooks = new WebhookSender(
    targets,
    options.webhookRetryDelaysMs ?? [1_000, 5_000, 30_000],
    options.deliver,
  );
  const engine = new PaySimEngine(
    store,
    webhooks,
    () => options.publicBaseUrl ?? lastHost,
    PAY_SIM_API_VERSION,
  );
  app.decorate('paySim', { engine, store, webhooks });

  let saveTimer: NodeJS.Timeout | undefined;
  const saveNow = () => {
    if (saveTimer) clearTimeout(saveTimer);
    saveTimer = undefined;
    if (options.stateFile) writeStateFile(options.stateFile, store);
  };
  if (options.stateFile) {
    app.addHook('onResponse', async (request) => {
      if (request.method === 'GET' || saveTimer) return;
      saveTimer = setTimeout(saveNow, 250);
      saveTimer.unref();
    });
  }
  const ticker = options.tick
    ? setInterval(() => {
        engine.runDue();
        if (options.stateFile) saveNow();
      }, 60_000)
    : undefined;
  ticker?.unref();
  app.addHook('onClose', async () => {
    if (ticker) clearInterval(ticker);
    webhooks.close();
    if (options.stateFile) saveNow();
  });

  void app.register(async (api) => registerApiRoutes(api, { engine }));
  void app.register(async (scope) =>
    registerConsoleRoutes(scope, { engine, webhooks, reset: () => store.clear() }),
  );
  return app;
};
