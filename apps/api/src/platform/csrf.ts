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
