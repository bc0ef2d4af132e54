import { authEndpoints, clientAreaEndpoints, errorMessages } from '@app/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import { route } from '../../platform/route.ts';
import { clearSessionCookie, readSessionCookie, setSessionCookie } from '../../platform/sessions.ts';
import { signupClientPublicly } from '../clients/index.ts';
import * as auth from './auth.service.ts';

export function authRoutes(
  app: FastifyInstance,
  limits: { login: number; loginPerIp: number; passwordReset: number; windowMs: number },
) {
  // Counted after validation, per IP and address: one office behind one IP does not lock itself out.
  const keyGenerator = (request: FastifyRequest) => {
    const body = request.body as { email?: unknown } | undefined;
    return `${request.ip}:${typeof body?.email === 'string' ? body.email.trim().toLowerCase() : ''}`;
  };
  // Login counts failures only (OWASP): a user who keeps logging in successfully is never refused.
  // Read before the attempt, counted after a refusal, in the plugin's store (memory or Redis).
  const loginFailures = app.createRateLimit({
    max: limits.login,
    timeWindow: limits.windowMs,
    keyGenerator: (request) => `login-failure:${keyGenerator(request)}`,
  });
  // And failures from one IP across every address (password spraying: one password tried on many
  // addresses never reaches the per-address limit).
  const ipFailures = app.createRateLimit({
    max: limits.loginPerIp,
    timeWindow: limits.windowMs,
    keyGenerator: (request) => `login-failure-ip:${request.ip}`,
  });
  const tokenLimit = {
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

  route(app, authEndpoints.login, async ({ body }, request, reply) => {
    for (const limit of [loginFailures, ipFailures]) {
      const before = await limit(request, { increment: false });
      if (!before.isAllowed && before.remaining === 0) {
        reply.header('retry-after', before.ttlInSeconds);
        throw new AppError('RATE_LIMITED', errorMessages.rateLimited);
      }
    }
    const previousToken = readSessionCookie(request, request.ctx.config);
    const result = await auth
      .login({ ctx: request.ctx, input: { ...body, previousToken } })
      .catch(async (error) => {
        if (error instanceof AppError && error.code === 'UNAUTHORIZED') {
          await loginFailures(request);
          await ipFailures(request);
        }
        throw error;
      });
    setSessionCookie(reply, request.ctx.config, result.token, result.expiresAt);
    return result.view;
  });

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
    { rateLimit: tokenLimit },
  );

  route(
    app,
    authEndpoints.emailChangeCancel,
    async ({ body }, request) => {
      await auth.cancelEmailChange({ ctx: request.ctx, input: body });
      return { success: true as const };
    },
    { rateLimit: tokenLimit },
  );

  route(
    app,
    authEndpoints.verifyEmail,
    async ({ body }, request) => auth.verifyEmail({ ctx: request.ctx, input: body }),
    { rateLimit: tokenLimit },
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

  // Not async: a cached session's view is answered at once (issue 31).
  route(app, authEndpoints.me, (_input, request) => auth.getCurrentSession({ ctx: request.ctx }));

  route(
    app,
    authEndpoints.clientSignup,
    async ({ body }, request) => signupClientPublicly({ ctx: request.ctx, input: body }),
    { rateLimit: mailLimit },
  );
}

/** Client area: GET /client/api/v1/session/me, the same session view as /auth/api/v1/me. */
export function clientSessionRoutes(app: FastifyInstance) {
  route(app, clientAreaEndpoints.sessionMe, (_input, request) =>
    auth.getCurrentSession({ ctx: request.ctx }),
  );
}
