import { authEndpoints, clientAreaEndpoints } from '@app/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../../platform/route.ts';
import { clearSessionCookie, readSessionCookie, setSessionCookie } from '../../platform/sessions.ts';
import { signupClient } from '../clients/index.ts';
import * as auth from './auth.service.ts';

export function authRoutes(
  app: FastifyInstance,
  limits: { login: number; passwordReset: number; windowMs: number },
) {
  // Counted after validation, per IP and address: one office behind one IP does not lock itself out.
  const keyGenerator = (request: FastifyRequest) => {
    const body = request.body as { email?: unknown } | undefined;
    return `${request.ip}:${typeof body?.email === 'string' ? body.email : ''}`;
  };
  const loginLimit = {
    max: limits.login,
    timeWindow: limits.windowMs,
    hook: 'preHandler' as const,
    keyGenerator,
  };
  const mailLimit = {
    max: limits.passwordReset,
    timeWindow: limits.windowMs,
    hook: 'preHandler' as const,
    keyGenerator,
  };

  route(
    app,
    authEndpoints.login,
    async ({ body }, request, reply) => {
      const previousToken = readSessionCookie(request, request.ctx.config);
      const result = await auth.login({ ctx: request.ctx, input: { ...body, previousToken } });
      setSessionCookie(reply, request.ctx.config, result.token, result.expiresAt);
      return result.view;
    },
    { rateLimit: loginLimit },
  );

  route(app, authEndpoints.logout, async (_input, request, reply) => {
    await auth.logout({ ctx: request.ctx, input: { token: readSessionCookie(request, request.ctx.config) } });
    clearSessionCookie(reply, request.ctx.config);
    return { success: true as const };
  });

  route(
    app,
    authEndpoints.passwordReset,
    async ({ body }, request) => {
      await auth.requestPasswordReset({ ctx: request.ctx, input: body });
      return { success: true as const };
    },
    { rateLimit: mailLimit },
  );

  route(
    app,
    authEndpoints.passwordConfirm,
    async ({ body }, request, reply) => {
      await auth.confirmPasswordReset({ ctx: request.ctx, input: body });
      clearSessionCookie(reply, request.ctx.config);
      return { success: true as const };
    },
    { rateLimit: loginLimit },
  );

  route(
    app,
    authEndpoints.verifyEmail,
    async ({ body }, request) => auth.verifyEmail({ ctx: request.ctx, input: body }),
    { rateLimit: loginLimit },
  );

  route(
    app,
    authEndpoints.verifyEmailResend,
    async ({ body }, request) => {
      await auth.resendVerification({ ctx: request.ctx, input: body });
      return { success: true as const };
    },
    { rateLimit: mailLimit },
  );

  route(app, authEndpoints.me, async (_input, request) => auth.getCurrentSession({ ctx: request.ctx }));

  route(
    app,
    authEndpoints.clientSignup,
    async ({ body }, request) => signupClient({ ctx: request.ctx, input: body }),
    { rateLimit: mailLimit },
  );
}

/** Client area: GET /client/api/v1/session/me, the same session view as /auth/api/v1/me. */
export function clientSessionRoutes(app: FastifyInstance) {
  route(app, clientAreaEndpoints.sessionMe, async (_input, request) =>
    auth.getCurrentSession({ ctx: request.ctx }),
  );
}
