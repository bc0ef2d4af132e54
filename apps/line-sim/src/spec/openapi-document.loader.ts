import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

/** The four LINE OpenAPI documents copied into apps/line-sim/openapi (Apache-2.0, see LICENSE there). */
export type OpenApiDocumentName = 'messaging-api' | 'channel-access-token' | 'liff' | 'webhook';

export type JsonObject = { [key: string]: unknown };

const openApiDir = new URL('../../openapi/', import.meta.url);
const cache = new Map<OpenApiDocumentName, JsonObject>();

/** Reads and parses one document once per process; callers must not mutate the result. */
export const loadOpenApiDocument = (name: OpenApiDocumentName): JsonObject => {
  const cached = cache.get(name);
  if (cached) return cached;
  const text = readFileSync(new URL(`${name}.yml`, openApiDir), 'utf8');
  const doc = parse(text) as JsonObject;
  cache.set(name, doc);
  return doc;
};
