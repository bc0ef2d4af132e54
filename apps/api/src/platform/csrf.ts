import { errorMessages } from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';
import { readSessionCookie } from './sessions.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function originOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    return new URL(value).origin;
  } catch {
    return 'invalid';
  }
}

/**
 * CSRF defence for cookie-authenticated writes (SameSite=Lax plus an Origin check):
 * a state-changing request whose Origin (or Referer) is another site is refused, and so is one that
 * carries the session cookie but names no origin at all.
 */
export function checkCsrf(request: FastifyRequest): void {
  if (SAFE_METHODS.has(request.method)) return;
  const origin = originOf(request.headers.origin) ?? originOf(request.headers.referer);
  const hasSession = readSessionCookie(request, request.ctx.config) !== undefined;
  if (origin === undefined) {
    if (hasSession) throw new AppError('CSRF_REJECTED', errorMessages.csrfRejected);
    return;
  }
  const allowed = new Set([
    new URL(request.ctx.config.appUrl).origin,
    `${request.protocol}://${request.host}`,
  ]);
  if (!allowed.has(origin)) throw new AppError('CSRF_REJECTED', errorMessages.csrfRejected);
}

/**
 * For the one GET that changes state (SPEC.md's GET .../rich-menu/default): only a request from this
 * product's own pages may run it (docs/decisions/0007-rich-menus.md). Browsers say where a
 * request comes from in Sec-Fetch-Site; without it the Origin must be ours; with neither it is refused,
 * so a link, an <img> or a form on another site can never set it.
 */
export function requireSameOrigin(request: FastifyRequest): void {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') {
    if (site !== 'same-origin') throw new AppError('CSRF_REJECTED', errorMessages.csrfRejected);
    return;
  }
  const origin = originOf(request.headers.origin);
  const allowed = new Set([
    new URL(request.ctx.config.appUrl).origin,
    `${request.protocol}://${request.host}`,
  ]);
  if (origin === undefined || !allowed.has(origin)) {
    throw new AppError('CSRF_REJECTED', errorMessages.csrfRejected);
  }
}
