/*
 * The mini-apps' HTTP calls: plain fetch (no zod, no query library: the bundle stays small), the LIFF ID
 * token as the bearer, failures read from the one failure body of STYLE.md.
 */

export type LiffFieldError = { path: string; message: string };

/** A failed call; `body` is the whole failure body (the member lookup's 422 adds its fields to it). */
export class LiffApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fieldErrors: LiffFieldError[];
  readonly body: Record<string, unknown>;

  constructor(status: number, body: Record<string, unknown>) {
    super(typeof body.message === 'string' ? body.message : `HTTP ${status}`);
    this.name = 'LiffApiError';
    this.status = status;
    this.code = typeof body.code === 'string' ? body.code : 'HTTP_ERROR';
    this.fieldErrors = Array.isArray(body.errors) ? (body.errors as LiffFieldError[]) : [];
    this.body = body;
  }
}

export async function liffFetch<T>(
  path: string,
  options: { idToken?: string; method?: 'GET' | 'POST' | 'PUT'; body?: unknown } = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.idToken) headers.authorization = `Bearer ${options.idToken}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      credentials: 'omit',
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    });
  } catch {
    throw new LiffApiError(0, { code: 'NETWORK_ERROR', message: 'network' });
  }
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) throw new LiffApiError(response.status, body);
  return body as T;
}
