import type { z } from 'zod';

export const textMessages = {
  nul: 'Text cannot contain the NUL character (U+0000)',
} as const;

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
};

/** Paths of every string, and every object key, that holds U+0000. */
export function nulPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return value.includes('\u0000') ? [path] : [];
  if (Array.isArray(value)) return value.flatMap((item, i) => nulPaths(item, [...path, i]));
  if (!isPlainObject(value)) return [];
  return Object.entries(value).flatMap(([key, item]) =>
    key.includes('\u0000') ? [[...path, key]] : nulPaths(item, [...path, key]),
  );
}

/**
 * The NUL rule, once for every field of a request part: PostgreSQL text cannot hold U+0000, and no field of
 * ours needs it. defineEndpoint applies it to every endpoint's params, query and body; a refinement, so
 * the schema's JSON shape (the OpenAPI document) stays the same.
 */
export function refuseNul<T extends z.ZodType>(schema: T): T {
  return schema.superRefine((value, ctx) => {
    for (const path of nulPaths(value)) ctx.addIssue({ code: 'custom', message: textMessages.nul, path });
  });
}
