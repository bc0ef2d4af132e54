import { buildPath, failureBodySchema, type Endpoint, type FieldError } from '@app/contracts';
import type { z } from 'zod';
import { readStoredLanguage } from '../config/i18n/i18n.ts';

/** A failed API call: the failure body of STYLE.md "Errors", or a network / protocol problem. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fieldErrors: FieldError[];
  readonly requestId: string | undefined;

  constructor(
    status: number,
    code: string,
    message: string,
    fieldErrors: FieldError[] = [],
    requestId?: string,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fieldErrors = fieldErrors;
    this.requestId = requestId;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** Codes the client itself produces when there is no failure body to read. */
export const clientErrorCodes = {
  network: 'NETWORK_ERROR',
  http: 'HTTP_ERROR',
  invalidResponse: 'INVALID_RESPONSE',
} as const;

type ParamsOption<E> = E extends { params: infer P extends z.ZodType }
  ? { params: z.input<P> }
  : E extends { path: `${string}:${string}` }
    ? { params: Record<string, string | number> }
    : { params?: undefined };
type QueryOption<E> = E extends { query: infer Q extends z.ZodType }
  ? { query?: z.input<Q> }
  : { query?: undefined };
type BodyOption<E> = E extends { body: infer B extends z.ZodType }
  ? { body: z.input<B> }
  : { body?: undefined };

export type RequestOptions<E extends Endpoint> = ParamsOption<E> &
  QueryOption<E> &
  BodyOption<E> & {
    /** The client a MASTER or AGENCY acts on (x-client-id). */
    clientId?: number;
    /** Idempotency-Key: the same key on a retry makes the server (and Stripe) do the work once. */
    idempotencyKey?: string;
    signal?: AbortSignal;
  };

export type ResponseOf<E extends Endpoint> = z.output<E['responses'][keyof E['responses']]>;

function toQueryString(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    if (value === undefined || value === null || value === '') continue;
    const values: unknown[] = Array.isArray(value) ? value : [value];
    for (const v of values) search.append(key, String(v));
  }
  const s = search.toString();
  return s ? `?${s}` : '';
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The ApiError of a failed answer: its failure body, or its HTTP status when it has none. */
function failureOf(response: Response, data: unknown): ApiError {
  const failure = failureBodySchema.safeParse(data);
  if (failure.success) {
    const { message, code, errors, requestId } = failure.data;
    return new ApiError(response.status, code, message, errors ?? [], requestId);
  }
  return new ApiError(
    response.status,
    clientErrorCodes.http,
    response.statusText || `HTTP ${response.status}`,
  );
}

/**
 * Download a file the API answers (a CSV export) as the browser's download: with the session cookie
 * and, like apiRequest, the client a MASTER or AGENCY acts on (x-client-id), which a plain link cannot
 * send. Saved as `filename`, or else the server's attachment name. Failures are ApiErrors for the caller.
 */
export async function downloadFile(
  url: string,
  options: { filename?: string; clientId?: number } = {},
): Promise<void> {
  const headers: Record<string, string> = {};
  if (options.clientId !== undefined) headers['x-client-id'] = String(options.clientId);
  let response: Response;
  try {
    response = await fetch(url, { headers, credentials: 'include' });
  } catch {
    throw new ApiError(0, clientErrorCodes.network, 'Network error');
  }
  if (!response.ok) throw failureOf(response, await readJson(response));
  const named = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  const blob = await response.blob();
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = options.filename ?? named ?? 'download';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

/**
 * Call one contract endpoint: fills `:params`, sends JSON with the session cookie, parses the success
 * body with the endpoint's own schema and turns every failure into an ApiError.
 */
export async function apiRequest<E extends Endpoint>(
  endpoint: E,
  ...[options]: E extends { params: z.ZodType } | { body: z.ZodType } | { path: `${string}:${string}` }
    ? [options: RequestOptions<E>]
    : [options?: RequestOptions<E>]
): Promise<ResponseOf<E>> {
  const opts = (options ?? {}) as {
    params?: Record<string, string | number>;
    query?: unknown;
    body?: unknown;
    clientId?: number;
    idempotencyKey?: string;
    signal?: AbortSignal;
  };
  const url = buildPath(endpoint.path, opts.params) + toQueryString(opts.query);
  // the page's language: the mails a call sends (reset, verification...) take their subject in it
  const headers: Record<string, string> = {
    accept: 'application/json',
    'accept-language': readStoredLanguage(),
  };
  // Only send a content type with a body: the API rejects an empty JSON body.
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (opts.clientId !== undefined) headers['x-client-id'] = String(opts.clientId);
  if (opts.idempotencyKey !== undefined) headers['idempotency-key'] = opts.idempotencyKey;

  let response: Response;
  try {
    response = await fetch(url, {
      method: endpoint.method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      credentials: 'include',
      signal: opts.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, clientErrorCodes.network, 'Network error');
  }

  const data = await readJson(response);
  if (!response.ok) throw failureOf(response, data);

  const responses: Record<number, z.ZodType> = endpoint.responses;
  const schema = responses[response.status] ?? Object.values(responses)[0];
  if (!schema || response.status === 204) return data as ResponseOf<E>;
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    throw new ApiError(
      response.status,
      clientErrorCodes.invalidResponse,
      'The server answered in an unexpected form',
    );
  }
  return parsed.data as ResponseOf<E>;
}
