import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { errorMessages } from '@app/contracts';
import type { Config } from './config/env.ts';
import { changeFeedOf, type Db } from './db/client.ts';
import { registerAreas } from './areas/index.ts';
import { authorizeRequest, requireAccessDeclarations, type ApiRoute } from './platform/access.ts';
import { systemClock, type Clock } from './platform/clock.ts';
import { checkCsrf } from './platform/csrf.ts';
import { AppError } from './platform/errors.ts';
import { handleFrameworkError, registerErrorHandling } from './platform/error-handler.ts';
import { censorSecrets, serializeError, serializeRequest } from './platform/log-redaction.ts';
import { computeSecurityHeaders, securityPolicy } from './platform/security-headers.ts';
import { SessionCache } from './platform/session-cache.ts';
import type { SessionRecord } from './platform/sessions.ts';
import { healthRoutes } from './platform/health.ts';
import { openApiOptions } from './platform/openapi.ts';
import { createJobRunner } from './platform/jobs.ts';
import { defineAllJobs } from './jobs.ts';
import { liffDirectory } from './composition.ts';
import { endInboxStreams } from './modules/friends/index.ts';
import { createMailer, mailLanguageOf, type Mailer } from './platform/mail.ts';

type LoggedError = { type: string; message: string; stack: string };

export type BuildAppOptions = {
  config: Config;
  db: Db;
  ping?: () => Promise<void>;
  clock?: Clock;
  mailer?: Mailer;
  /** false in tests; the config's pino logger otherwise. */
  logger?: boolean;
  /** Write the JSON log lines here (tests that search the logs). */
  logStream?: NodeJS.WritableStream;
};

const API_PREFIXES = [
  '/auth/',
  '/client/api/',
  '/master/api/',
  '/agency/api/',
  '/search/api/',
  '/shift/api/',
  '/member-liff/api/',
  '/liff/api/',
  '/dev/api/',
  '/line/',
  '/r/',
];

/** Builds the whole HTTP app; main.ts and the tests both call it. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const clock = options.clock ?? systemClock;
  const mailer = options.mailer ?? createMailer(config, { clock });
  let closing = false;

  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            // Readable logs for a person at a terminal; JSON lines everywhere else.
            ...(config.env === 'development' && process.stdout.isTTY && !options.logStream
              ? {
                  transport: {
                    target: 'pino-pretty',
                    options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
                  },
                }
              : {}),
            ...(options.logStream ? { stream: options.logStream } : {}),
            // One copy-on-write walk per line instead of pino's wildcard redact paths (issue 31).
            formatters: { log: censorSecrets, bindings: censorSecrets },
            serializers: {
              // Fastify's type wants message and stack; ours leaves the message out of database errors.
              err: serializeError as unknown as (err: Error) => LoggedError,
              req: serializeRequest as unknown as (req: FastifyRequest) => Record<string, unknown>,
            },
          },
    genReqId: () => randomUUID(),
    requestIdHeader: 'x-request-id',
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    frameworkErrors: (error, request, reply) => void handleFrameworkError(error, request, reply),
  });
  // Durable jobs, defined apart from HTTP (jobs.ts); main.ts starts the runner, tests call runDue.
  const jobs = createJobRunner({ db, log: app.log, clock });
  defineAllJobs(jobs, { config });
  app.decorate('jobs', jobs);
  app.decorate('checkAnswers', config.env === 'test');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  // Cards are typed into Stripe.js (its script, frames and API) or, offline, sent by the page straight to
  // the payments simulator: the browser may reach those, never through our server.
  const payments = config.payments.isSimulator
    ? { script: [], connect: [config.payments.simulatorPublicUrl!], frame: [] }
    : {
        script: ['https://js.stripe.com'],
        connect: ['https://api.stripe.com'],
        frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
      };
  // Answers over 1 KB to a client that accepts it: brotli (quality 4, a few ms for the shift table's
  // 559 KB) or gzip. Registered before every route and the static files (whose built .br/.gz it leaves
  // alone). Request bodies are read as sent: no decompression of compressed uploads.
  await app.register(fastifyCompress, { encodings: ['br', 'gzip'], globalDecompression: false });
  // No parsing hook: the session's reader parses the Cookie header when a route needs it (sessions.ts).
  await app.register(fastifyCookie, { hook: false });
  await app.register(fastifyRateLimit, {
    global: false,
    // ioredis is loaded only when Redis is configured.
    ...(config.redisUrl
      ? { redis: new (await import('ioredis')).Redis(config.redisUrl, { lazyConnect: false }) }
      : {}),
    errorResponseBuilder: () => new AppError('RATE_LIMITED', errorMessages.rateLimited),
  });
  await app.register(fastifySwagger, openApiOptions(config.appUrl));
  await app.register(fastifySwaggerUi, { routePrefix: '/docs', staticCSP: true });

  // helmet's headers, computed once (the policy is the same for every response).
  const securityHeaders = computeSecurityHeaders(securityPolicy(payments));
  // Sessions between requests, while the database's change feed is live (decision 0006).
  const feed = changeFeedOf(db);
  const sessionCache = feed ? new SessionCache<SessionRecord>(feed) : undefined;
  const accessDeps = { sessionCache, liff: liffDirectory };
  // A callback hook: a request whose session is cached is let through at once, with no promise and no
  // microtask (issue 31); only a database read (a session not cached, x-client-id) waits.
  app.addHook('onRequest', (request, reply, done) => {
    void reply.headers(securityHeaders);
    void reply.header('x-request-id', request.id);
    request.ctx = {
      db,
      config,
      mailer,
      clock,
      log: request.log,
      requestId: request.id,
      ip: request.ip,
      userAgent: request.headers['user-agent'],
      language: mailLanguageOf(request.headers['accept-language']),
      actor: null,
      clientId: null,
      // Named from the start, so every request's context has one shape whatever the access check adds.
      session: undefined,
      scopedClient: undefined,
      liff: undefined,
    };
    let pending: void | Promise<void>;
    try {
      checkCsrf(request);
      pending = authorizeRequest(request, accessDeps);
    } catch (error) {
      done(error as Error);
      return;
    }
    if (pending) pending.then(() => done(), done);
    else done();
  });
  // A callback hook, not an async one: no promise a response (issue 31).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (API_PREFIXES.some((p) => request.url.startsWith(p))) void reply.header('cache-control', 'no-store');
    done(null, payload);
  });

  // Every API route lives in this scope, where a route without declared access stops the start-up.
  const apiRoutes: ApiRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);
  await app.register(async (api) => {
    requireAccessDeclarations(api, apiRoutes);
    healthRoutes(api, { ping: options.ping ?? (async () => {}), isClosing: () => closing });
    await registerAreas(api, config);
  });

  await serveWebApp(app, config);
  app.addHook('preClose', async () => {
    closing = true;
    endInboxStreams(db);
  });
  app.addHook('onClose', async () => sessionCache?.close());
  return app;
}

/** The built SPA on the same origin: files from apps/web/dist, index.html for page routes; JSON 404 otherwise. */
async function serveWebApp(app: FastifyInstance, config: Config): Promise<void> {
  const hasWebApp = fs.existsSync(path.join(config.webDistDir, 'index.html'));
  const hasLiffPage = fs.existsSync(path.join(config.webDistDir, 'liff.html'));
  // The build writes .br and .gz beside each file (vite-plugin-compression2): sent to browsers that
  // accept them. Files under assets/ carry their content's hash in their name, so they never change.
  const assets = `${path.sep}assets${path.sep}`;
  if (hasWebApp)
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: (reply, file) => {
        if (file.includes(assets)) reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  app.setNotFoundHandler((request, reply) => {
    const isPage =
      hasWebApp &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !API_PREFIXES.some((p) => request.url.startsWith(p)) &&
      !path.extname(request.url.split('?')[0] ?? '');
    if (isPage) {
      // The mini-apps (/liff/member, /liff/shift) have their own light page.
      const isMiniApp = request.url.startsWith('/liff/') && hasLiffPage;
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .sendFile(isMiniApp ? 'liff.html' : 'index.html', { cacheControl: false });
    }
    return reply.code(404).send({
      success: false,
      message: errorMessages.routeNotFound,
      code: 'NOT_FOUND',
      requestId: request.id,
    });
  });
}
