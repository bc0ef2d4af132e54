import type { Access, Position, Role } from '@app/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/env.ts';
import type { Db } from '../db/client.ts';
import type { Clock } from './clock.ts';
import type { ApiRoute } from './access.ts';
import type { JobRunner } from './jobs.ts';
import { forbidden } from './errors.ts';
import type { Mailer, MailLanguage } from './mail.ts';
import type { ScopedClient } from './access.ts';
import type { LiffCaller } from './liff.ts';
import type { SessionRecord } from './sessions.ts';

/** The signed-in back-office user behind a request. */
export type Actor = {
  userId: number;
  sessionId: number;
  role: Role;
  position: Position;
  clientId: number | null;
  agencyId: number | null;
};

/** What every service function receives as `ctx`. */
export type ServiceContext = {
  db: Db;
  config: Config;
  mailer: Mailer;
  clock: Clock;
  log: FastifyBaseLogger;
  requestId: string;
  ip: string;
  userAgent: string | undefined;
  /** The language of the page that made the request (mail subjects follow it); Japanese when not said. */
  language?: MailLanguage;
  actor: Actor | null;
  /** The client this request acts on (own client, or x-client-id for MASTER and AGENCY). */
  clientId: number | null;
  /** The signed-in session as read for this request (user, own client, agency): no need to read them again. */
  session?: SessionRecord;
  /** The row of clientId and its contact person, as read by the access check. */
  scopedClient?: ScopedClient;
  /** A mini-app's caller (routes with `liffAccess`), as the access check identified it (platform/liff.ts). */
  liff?: LiffCaller;
};

/** Dependencies shared by all requests of one app. */
export type AppDeps = { db: Db; config: Config; mailer: Mailer; clock: Clock };

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    jobs: JobRunner;
    /** Every API route the app serves, with its access (platform/access.ts). */
    apiRoutes: readonly ApiRoute[];
    /**
     * Each route's answer is also written by Zod and compared (platform/route.ts, answerSerializer):
     * the tests' apps (NODE_ENV=test), not production.
     */
    checkAnswers: boolean;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    ctx: ServiceContext;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyContextConfig {
    access?: Access;
    clientScoped?: boolean;
    /** For the OpenAPI document (platform/openapi.ts): non-JSON answers. */
    produces?: readonly string[];
  }
}

export function requireActor(ctx: ServiceContext): Actor {
  if (!ctx.actor) throw new Error('requireActor on a route without a session: declare its access');
  return ctx.actor;
}

export function requireClientId(ctx: ServiceContext): number {
  if (ctx.clientId === null) throw new Error('requireClientId on a route that is not clientScoped');
  return ctx.clientId;
}

/** Whose data a call reaches: one client's, one agency's, or (master) everyone's. */
export type TenantScope = { clientId: number } | { agencyId: number } | { all: true };

/**
 * The scope of a request, from what its route declared: a clientScoped route acts on ctx.clientId;
 * otherwise an AGENCY reaches its own agency and a MASTER everything (the permission table keeps each
 * role to its own area's routes). Services never take an `area` argument.
 */
export function tenantScopeOf(ctx: ServiceContext): TenantScope {
  if (ctx.clientId !== null) return { clientId: ctx.clientId };
  const actor = requireActor(ctx);
  if (actor.role === 'MASTER') return { all: true };
  if (actor.role === 'AGENCY' && actor.agencyId !== null) return { agencyId: actor.agencyId };
  throw forbidden();
}
