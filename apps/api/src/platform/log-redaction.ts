/**
 * What the logs may never carry: SQL parameters, password hashes, tokens, secrets, cookies, authorization
 * and card fields. pino's redact removes the named fields at any of the first depths; serializeError keeps
 * an error's class and its SQL without values (a failed query's message lists its parameters).
 */

const sensitiveKeys = [
  'password',
  'oldPassword',
  'newPassword',
  'passwordHash',
  'password_hash',
  'hash',
  'token',
  'tokenHash',
  'token_hash',
  'idToken',
  'accessToken',
  'channelAccessToken',
  'secret',
  'channelSecret',
  'clientSecret',
  'encryptionKey',
  'cookie',
  'set-cookie',
  'authorization',
  'x-line-signature',
  'card',
  'cardNumber',
  'cvc',
  'cvv',
  'params',
];

const prefixes = ['', '*.', '*.*.', '*.*.*.'];
const key = (k: string) => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : `["${k}"]`);

export const redactPaths = prefixes
  .flatMap((prefix) =>
    sensitiveKeys.map((k) => {
      const part = key(k);
      return part.startsWith('[') ? `${prefix.replace(/\.$/, '')}${part}` : `${prefix}${part}`;
    }),
  )
  .filter((path) => !path.startsWith('['));

type SerializedError = {
  type: string;
  message?: string;
  code?: string;
  statusCode?: number;
  sqlState?: string;
  query?: string;
  table?: string;
  column?: string;
  constraint?: string;
  stack?: string;
  cause?: SerializedError;
};

const SQLSTATE = /^[0-9A-Z]{5}$/;

/** The stack frames without the first line(s): the message, which may hold values. */
function framesOf(error: Error): string | undefined {
  const at = error.stack?.indexOf('\n    at ');
  return at !== undefined && at >= 0 ? error.stack!.slice(at + 1) : undefined;
}

function databaseParts(error: Error): { query?: string; sqlState?: string } | undefined {
  const e = error as Error & { query?: unknown; code?: unknown; severity?: unknown };
  const query = typeof e.query === 'string' ? e.query : undefined;
  const sqlState = typeof e.code === 'string' && SQLSTATE.test(e.code) && e.severity ? e.code : undefined;
  if (query === undefined && sqlState === undefined) return undefined;
  return { ...(query !== undefined ? { query } : {}), ...(sqlState ? { sqlState } : {}) };
}

/**
 * pino's `err` serializer: class, code, status and stack frames; a database error keeps its SQL text and
 * SQLSTATE (with table, column, constraint names) but never its parameters, message or detail, which
 * repeat the values. Other errors keep their message; their other fields are left out.
 */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error };
  const e = error as Error & {
    code?: unknown;
    statusCode?: unknown;
    table?: unknown;
    column?: unknown;
    constraint?: unknown;
  };
  const db = databaseParts(error);
  const cause = depth < 3 && error.cause !== undefined ? serializeError(error.cause, depth + 1) : undefined;
  const causeIsDb = cause?.query !== undefined || cause?.sqlState !== undefined;
  const frames = framesOf(error);
  return {
    type: error.constructor.name || error.name,
    ...(db || causeIsDb ? {} : { message: error.message }),
    ...(typeof e.code === 'string' && !db?.sqlState ? { code: e.code } : {}),
    ...(typeof e.statusCode === 'number' ? { statusCode: e.statusCode } : {}),
    ...(db ?? {}),
    ...(db && typeof e.table === 'string' ? { table: e.table } : {}),
    ...(db && typeof e.column === 'string' ? { column: e.column } : {}),
    ...(db && typeof e.constraint === 'string' ? { constraint: e.constraint } : {}),
    ...(frames ? { stack: frames } : {}),
    ...(cause ? { cause } : {}),
  };
}
