import { can, errorMessages, type Endpoint, type HttpMethod } from '@app/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clients } from '../db/schema/index.ts';
import { AppError, forbidden, notFound, unauthorized } from './errors.ts';
import { findSession, readSessionCookie } from './sessions.ts';
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

/**
 * onRequest: who is calling, may they call this route, and on which client's data. The session is
 * looked up only for routes that need one: health checks, public routes, static files and /docs never
 * pay for it.
 */
export async function authorizeRequest(request: FastifyRequest): Promise<void> {
  const { ctx } = request;
  const config = request.routeOptions.config;
  const access = config.access;
  if (!access) return; // routes outside the API scope (docs, static files)
  if (access.kind === 'public') return;
  const token = readSessionCookie(request, ctx.config);
  const session = token ? await findSession(ctx.db, token, ctx.clock.now(), ctx.config) : undefined;
  if (!session) throw unauthorized();
  const actor: Actor = {
    userId: session.userId,
    sessionId: session.sessionId,
    role: session.role,
    position: session.position,
    clientId: session.clientId,
    agencyId: session.agencyId,
  };
  ctx.actor = actor;
  if (access.kind === 'permission' && !can(actor.role, actor.position, access.permission)) throw forbidden();
  if (config.clientScoped) ctx.clientId = await resolveClientScope(request, actor);
}

async function resolveClientScope(request: FastifyRequest, actor: Actor): Promise<number> {
  if (actor.role === 'CLIENT') {
    if (actor.clientId === null) throw forbidden();
    return actor.clientId;
  }
  const raw = request.headers[CLIENT_HEADER];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value) throw new AppError('BAD_REQUEST', `${CLIENT_HEADER} header is required`);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value))) {
    throw new AppError('BAD_REQUEST', `${CLIENT_HEADER} header must be a valid number string`);
  }
  const clientId = Number(value);
  const [client] = await request.ctx.db
    .select({ id: clients.id, agencyId: clients.agencyId })
    .from(clients)
    .where(eq(clients.id, clientId))
    .limit(1);
  // Another agency's client answers exactly like a missing one.
  if (!client) throw notFound(errorMessages.clientNotFound);
  if (actor.role === 'AGENCY' && client.agencyId !== actor.agencyId)
    throw notFound(errorMessages.clientNotFound);
  return client.id;
}
