import { errorMessages, type FailureBody, type FieldError } from '@app/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from './errors.ts';

function send(
  reply: FastifyReply,
  request: FastifyRequest,
  status: number,
  body: Omit<FailureBody, 'requestId'>,
) {
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send({ ...body, requestId: request.id } satisfies FailureBody);
}

/** Postgres error codes that mean the request conflicts with stored data. */
const pgConflictCodes = new Set(['23505', '23503']);
/**
 * SQLSTATE class 22, data exceptions (a value out of range, too long, not valid for its type, U+0000):
 * a value of the request the contracts let through; it is refused, never a 500.
 */
const isDataException = (code: string) => code.startsWith('22');

function pgCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let i = 0; i < 3 && current && typeof current === 'object'; i++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code; // SQLSTATE: 5 digits or capitals
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Turns every failure into the one failure body of STYLE.md; anything unknown is a logged 500. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, error.message);
      return send(reply, request, error.status, {
        ...error.details,
        success: false,
        message: error.message,
        code: error.code,
        ...(error.fieldErrors ? { errors: error.fieldErrors } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext;
      const errors: FieldError[] = error.validation.map((v) => ({
        path: [where, ...v.instancePath.split('/').filter(Boolean)].filter(Boolean).join('.'),
        message: v.message ?? 'Invalid value',
      }));
      return send(reply, request, 400, {
        success: false,
        message: errors[0]?.message ?? 'Invalid request',
        code: 'VALIDATION_ERROR',
        errors,
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its contract');
      return send(reply, request, 500, {
        success: false,
        message: errorMessages.internal,
        code: 'INTERNAL_ERROR',
      });
    }
    const code = pgCode(error);
    if (code && pgConflictCodes.has(code)) {
      request.log.info({ pgCode: code }, 'conflict with stored data');
      return send(reply, request, 409, {
        success: false,
        message: 'The request conflicts with existing data',
        code: 'CONFLICT',
      });
    }
    if (code && isDataException(code)) {
      request.log.warn({ err: error }, 'database refused a value of the request');
      return send(reply, request, 400, {
        success: false,
        message: errorMessages.invalidValue,
        code: 'BAD_REQUEST',
      });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return send(reply, request, 400, {
        success: false,
        message: errorMessages.invalidJson,
        code: 'BAD_REQUEST',
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return send(reply, request, status, {
        success: false,
        message: error.message,
        code: status === 429 ? 'RATE_LIMITED' : status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST',
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, request, 500, {
      success: false,
      message: errorMessages.internal,
      code: 'INTERNAL_ERROR',
    });
  });
}

/**
 * Fastify's router errors (frameworkErrors option): a bad percent-escape (400), a path parameter longer than
 * maxParamLength (414) and any other, answered in the shared failure body with a request id.
 */
export function handleFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  void reply.header('x-request-id', request.id).header('cache-control', 'no-store');
  if (error.code === 'FST_ERR_BAD_URL') {
    return send(reply, request, 400, { success: false, message: errorMessages.badUrl, code: 'BAD_REQUEST' });
  }
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return send(reply, request, 414, {
      success: false,
      message: errorMessages.uriTooLong,
      code: 'URI_TOO_LONG',
    });
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return send(reply, request, status, { success: false, message: error.message, code: 'BAD_REQUEST' });
  }
  request.log.error({ err: error }, 'router error');
  return send(reply, request, 500, {
    success: false,
    message: errorMessages.internal,
    code: 'INTERNAL_ERROR',
  });
}
