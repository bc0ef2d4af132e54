import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { type LineSimulatorOptions, resolveSimOptions } from './config/sim-options.ts';
import { applySeed } from './console/channel-admin.service.ts';
import { registerConsoleRoutes } from './console/console.routes.ts';
import { registerFaultInjection } from './console/fault-injection.hook.ts';
import { registerBodyParsers } from './http/body-parsers.ts';
import { registerLineErrorHandling } from './http/line-errors.ts';
import { registerLiffAppRoutes } from './liff/liff-app.routes.ts';
import { registerGroupRoutes } from './groups/groups.routes.ts';
import { registerBotProfileRoutes } from './messaging/bot-profile.routes.ts';
import { registerMarkAsReadRoutes } from './messaging/mark-as-read.routes.ts';
import { registerMessageContentRoutes } from './messaging/message-content.routes.ts';
import { registerMessageSendRoutes } from './messaging/message-send.routes.ts';
import { rateLimitHook } from './messaging/quota-and-rate.ts';
import { requireChannelToken } from './oauth/bearer-auth.hook.ts';
import { registerChannelTokenRoutes } from './oauth/channel-token.routes.ts';
import { registerLoginTokenRoutes } from './oauth/login-token.routes.ts';
import { registerLoginWebRoutes } from './oauth/login-web.routes.ts';
import { registerRichMenuAliasRoutes } from './rich-menu/rich-menu-alias.routes.ts';
import { registerRichMenuRoutes } from './rich-menu/rich-menu.routes.ts';
import type { SimContext } from './state/sim-context.ts';
import { readSnapshotFile, restoreSnapshot, writeSnapshotFile } from './state/sim-state.persistence.ts';
import { SimStateStore } from './state/sim-state.store.ts';
import { registerAddFriendRoutes } from './ui/add-friend.routes.ts';
import { registerUiRoutes } from './ui/ui.routes.ts';
import { WebhookDeliveryService } from './webhook/webhook-delivery.service.ts';
import { registerWebhookEndpointRoutes } from './webhook/webhook-endpoint.routes.ts';

export type { LineSimulatorOptions, SeedChannel, SeedUser, SimSeed } from './config/sim-options.ts';

declare module 'fastify' {
  // Declaration merging with Fastify's own types needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** The simulator's state and services, for in-process tests. */
    lineSim: SimContext;
  }
}

/**
 * One Fastify app serving LINE's "api" and "api-data" hosts on the same base URL (the SDK clients
 * take the base URL as configuration), the LINE Login/LIFF endpoints, the /_sim console and the page.
 */
export const buildLineSimulator = (options: LineSimulatorOptions = {}): FastifyInstance => {
  const resolved = resolveSimOptions(options);
  const app = Fastify({ logger: resolved.logger, trustProxy: true });
  const store = new SimStateStore();
  const webhooks = new WebhookDeliveryService(store, resolved);
  const baseUrlFor = (request: FastifyRequest) =>
    resolved.publicBaseUrl ?? `${request.protocol}://${request.host}`;
  const ctx: SimContext = {
    store,
    options: resolved,
    webhooks,
    baseUrlFor,
    applySeed: () => applySeed(ctx),
  };
  const persistence = options.stateFile ? keepStateIn(app, store, options.stateFile) : undefined;
  ctx.applySeed();
  app.decorate('lineSim', ctx);
  app.addHook('onClose', async () => {
    webhooks.close();
    persistence?.saveNow();
  });

  registerLineErrorHandling(app);
  registerBodyParsers(app);
  registerFaultInjection(app, ctx);

  registerChannelTokenRoutes(app, ctx);
  registerLoginTokenRoutes(app, ctx);
  registerLoginWebRoutes(app, ctx);

  void app.register(async (messaging) => {
    messaging.addHook('onRequest', requireChannelToken(ctx, 'messaging'));
    messaging.addHook('preHandler', rateLimitHook(ctx));
    registerMessageSendRoutes(messaging, ctx);
    registerMessageContentRoutes(messaging, ctx);
    registerMarkAsReadRoutes(messaging, ctx);
    registerBotProfileRoutes(messaging, ctx);
    registerGroupRoutes(messaging, ctx);
    registerRichMenuRoutes(messaging, ctx);
    registerRichMenuAliasRoutes(messaging, ctx);
    registerWebhookEndpointRoutes(messaging, ctx);
  });

  void app.register(async (liffScope) => {
    liffScope.addHook('onRequest', requireChannelToken(ctx, 'login'));
    registerLiffAppRoutes(liffScope, ctx);
  });

  void app.register(async (consoleScope) => registerConsoleRoutes(consoleScope, ctx));
  registerUiRoutes(app);
  registerAddFriendRoutes(app, ctx);
  return app;
};

/** Save within this long after a change: a burst of calls (a seed, a broadcast) is written once. */
const SAVE_DEBOUNCE_MS = 250;

/**
 * Restores the state from `file` and writes it back after every request that may change it (any
 * method but GET/HEAD/OPTIONS); webhook deliveries finishing later are caught by the next save or close.
 */
const keepStateIn = (app: FastifyInstance, store: SimStateStore, file: string) => {
  const snapshot = readSnapshotFile(file);
  if (snapshot) restoreSnapshot(store, snapshot);
  let timer: NodeJS.Timeout | undefined;
  const saveNow = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    writeSnapshotFile(file, store);
  };
  app.addHook('onResponse', async (request) => {
    if (['GET', 'HEAD', 'OPTIONS'].includes(request.method) || timer) return;
    timer = setTimeout(saveNow, SAVE_DEBOUNCE_MS);
    timer.unref();
  });
  return { saveNow };
};
