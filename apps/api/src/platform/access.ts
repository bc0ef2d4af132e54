import { can, errorMessages, type Endpoint, type HttpMethod } from '@app/contracts';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { clients, contactPersons } from '../db/schema/index.ts';
import { AppError, forbidden, notFound, unauthorized } from './errors.ts';
import { authorizeLiffRequest, type LiffDirectory } from './liff.ts';
import type { SessionCache } from './session-cache.ts';
import { findSession, readSessionCookie, type SessionRecord } from './sessions.ts';
import type { Actor } from './context.ts';

export const CLIENT_HEADER = 'x-client-id';

/** An API route as served: what tests derive their route lists from (tenant isolation, fuzzing). */
export type ApiRoute = Pick<Endpoint, 'method' | 'path' | 'access' | 'clientScoped'>;

const methods = new Set<string>(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Deny by default: a route registered in this scope without `config.access` stops the start-up.
 * Call on the scope that holds every API route; each one is recorded in `served`.
 */
export function requireAccessDeclarations(scope: FastifyInstance, served: ApiRoute[] = []): void {
  scope.addHook('onRoute', (route) => {
    if (!route.config?.access) {
      throw new Error(
        `Route ${String(route.method)} ${route.url} declares no access (see platform/access.ts)`,
      );
    }
    for (const method of [route.method].flat()) {
      if (!methods.has(method)) continue; // HEAD twins of GET routes
      served.push({
        method: method as HttpMethod,
        path: route.url,
        access: route.config.access,
        clientScoped: route.config.clientScoped ?? false,
      });
    }
  });
}

/** What the access check reads besides the request: the session cache, and the mini-apps' look-ups. */
export type AccessDeps = { sessionCache?: SessionCache<SessionRecord>; liff: LiffDirectory };

/**
 * onRequest: who is calling, may they call this route, and on which client's data. The session is
 * looked up only for routes that need one: health checks, public routes, static files and /docs never
 * pay for it. A mini-app route identifies its caller by the LIFF ID token instead (platform/liff.ts).
 * Decided at once, without a promise, when everything it needs is in memory (a cached session, the own
 * client): a promise only when the database must be asked (issue 31). Refusals are thrown either way.
 */
export function authorizeRequest(request: FastifyRequest, deps: AccessDeps): void | Promise<void> {
  const { ctx } = request;
  const config = request.routeOptions.config;
  const access = config.access;
  if (!access) return; // routes outside the API scope (docs, static files)
  if (access.kind === 'public') return;
  if (access.kind === 'liff') return authorizeLiffRequest(request, access.app, deps.liff);
  const token = readSessionCookie(request, ctx.config);
  if (!token) throw unauthorized();
  const found = findSession(ctx.db, token, ctx.clock.now(), ctx.config, deps.sessionCache);
  return found instanceof Promise
    ? found.then((session) => admitSession(request, config, session))
    : admitSession(request, config, found);
}

/** The session's actor on the request, its permission checked, and its client scope resolved. */
function admitSession(
  request: FastifyRequest,
  config: FastifyRequest['routeOptions']['config'],
  session: SessionRecord | undefined,
): void | Promise<void> {
  if (!session) throw unauthorized();
  const { ctx } = request;
  const access = config.access!;
  const { user } = session;
  const actor: Actor = {
    userId: user.id,
    sessionId: session.sessionId,
    role: user.role,
    position: user.position,
    clientId: user.clientId,
    agencyId: user.agencyId,
  };
  ctx.actor = actor;
  ctx.session = session;
  if (access.kind === 'permission' && !can(actor.role, actor.position, access.permission)) throw forbidden();
  if (!config.clientScoped) return;
  const scope = resolveClientScope(request, actor);
  if (typeof scope === 'number') ctx.clientId = scope;
  else
    return scope.then((clientId) => {
      ctx.clientId = clientId;
    });
}

/** A client row with its contact person: what a client-scoped read of the client itself answers. */
export type ScopedClient = {
  client: typeof clients.$inferSelect;
  contact: typeof contactPersons.$inferSelect | null;
};

const clientLookups = new WeakMap<Db, ReturnType<typeof prepareClientLookup>>();
function prepareClientLookup(db: Db) {
  return db
    .select({ client: getTableColumns(clients), contact: getTableColumns(contactPersons) })
    .from(clients)
    .leftJoin(contactPersons, eq(contactPersons.clientId, clients.id))
    .where(eq(clients.id, sql.placeholder('id')))
    .limit(1)
    .prepare('scoped_client_lookup');
}

/**
 * The client a client-scoped request acts on: a client user's own (the session join read it: no promise),
 * or the one x-client-id names for the master or an agency (read from the database).
 */
function resolveClientScope(request: FastifyRequest, actor: Actor): number | Promise<number> {
  const { ctx } = request;
  if (actor.role === 'CLIENT') {
    if (actor.clientId === null) throw forbidden();
    // The session join read the own client already.
    if (ctx.session?.client) ctx.scopedClient = { client: ctx.session.client, contact: ctx.session.contact };
    return actor.clientId;
  }
  const raw = request.headers[CLIENT_HEADER];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value) throw new AppError('BAD_REQUEST', `${CLIENT_HEADER} header is required`);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value))) {
    throw new AppError('BAD_REQUEST', `${CLIENT_HEADER} header must be a valid number string`);
  }
  return readClientScope(request, actor, Number(value));
}

async function readClientScope(request: FastifyRequest, actor: Actor, clientId: number): Promise<number> {
  const { ctx } = request;
  let lookup = clientLookups.get(ctx.db);
  if (!lookup) clientLookups.set(ctx.db, (lookup = prepareClientLookup(ctx.db)));
  const [row] = await lookup.execute({ id: clientId });
  // Another agency's client answers exactly like a missing one.
  if (!row) throw notFound(errorMessages.clientNotFound);
  if (actor.role === 'AGENCY' && row.client.agencyId !== actor.agencyId)
    throw notFound(errorMessages.clientNotFound);
  ctx.scopedClient = row;
  return row.client.id;
}
