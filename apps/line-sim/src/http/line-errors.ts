import type { FastifyError, FastifyInstance } from 'fastify';

export type LineErrorDetail = { message: string; property: string };

/** Messaging/LIFF API failures answer `{ message, details? }`; OAuth ones `{ error, error_description }`. */
export type LineErrorBody =
  | { message: string; details?: LineErrorDetail[]; sentMessages?: { id: string }[] }
  | { error: string; error_description: string };

export class LineApiError extends Error {
  readonly statusCode: number;
  readonly body: LineErrorBody;
  readonly headers: Record<string, string>;

  constructor(statusCode: number, body: LineErrorBody, headers: Record<string, string> = {}) {
    super('message' in body ? body.message : body.error_description);
    this.statusCode = statusCode;
    this.body = body;
    this.headers = headers;
  }
}

export const badRequest = (message: string, details?: LineErrorDetail[]) =>
  new LineApiError(400, details?.length ? { message, details } : { message });

export const notFound = (message = 'Not found') => new LineApiError(404, { message });

export const requestBodyError = (details: LineErrorDetail[]) =>
  badRequest(`The request body has ${details.length} error(s)`, details);

export const oauthError = (statusCode: number, error: string, description: string) =>
  new LineApiError(statusCode, { error, error_description: description });

/** One error handler for the whole simulator, so even Fastify's own errors look like LINE's. */
export const registerLineErrorHandling = (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | LineApiError, request, reply) => {
    if (error instanceof LineApiError) {
      return reply.code(error.statusCode).headers(error.headers).send(error.body);
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error(error);
      return reply.code(500).send({ message: 'An unexpected error occurred in the simulator' });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send({ message: 'Request Entity Too Large' });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.code(415).send({ message: 'Unsupported Media Type' });
    }
    return reply.code(status).send({ message: error.message });
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: 'Not found' }));
};
