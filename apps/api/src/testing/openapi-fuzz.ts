import { failureBodySchema } from '@app/contracts';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/**
 * A fuzzer generated from the app's own OpenAPI document (app.swagger()): every operation it lists, so a
 * route added later is fuzzed without an edit here. Requests start from values of each operation's schemas
 * and are then broken in a few places (hostile values, missing or extra fields, bad JSON, bad ids).
 */

type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  nullable?: boolean;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};
type Parameter = { in: string; name: string; required?: boolean; schema?: JsonSchema };
type OpenApiOperation = {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
};
type OpenApiDocument = {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

export type Operation = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** OpenAPI path template, `/x/{id}`. */
  path: string;
  pathParams: string[];
  query: Parameter[];
  body: JsonSchema | undefined;
};

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/** Every operation of the app's OpenAPI document. */
export function operationsOf(app: FastifyInstance): Operation[] {
  const doc = app.swagger() as unknown as OpenApiDocument;
  const resolve = (schema: JsonSchema | undefined): JsonSchema | undefined => {
    if (!schema?.$ref) return schema;
    const name = schema.$ref.split('/').pop()!;
    return resolve(doc.components?.schemas?.[name]);
  };
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => METHODS.has(method.toUpperCase()))
      .map(([method, op]) => ({
        method: method.toUpperCase() as Operation['method'],
        path,
        pathParams: [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!),
        query: (op.parameters ?? [])
          .filter((p) => p.in === 'query')
          .map((p) => ({ ...p, schema: resolve(p.schema) ?? {} })),
        body: resolve(op.requestBody?.content?.['application/json']?.schema),
      })),
  );
}

const shortString = fc.string({ maxLength: 12 });

/** Values of a JSON schema (the happy shape); depth-limited. */
function valueOf(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 5) return fc.constant(undefined);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => valueOf(s, depth + 1)));
  if (schema.allOf?.length) return valueOf(Object.assign({}, ...schema.allOf) as JsonSchema, depth + 1);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const nullable = schema.nullable || types.includes('null');
  const type = types.find((t) => t !== 'null');
  let arb: fc.Arbitrary<unknown>;
  switch (type) {
    case 'string':
      arb = stringOf(schema);
      break;
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? -1000;
      const max = schema.maximum ?? 100_000;
      const ints = fc.integer({
        min: Math.max(Math.ceil(min), -(2 ** 31)),
        max: Math.min(Math.floor(max), 2 ** 31),
      });
      arb = type === 'integer' ? ints : fc.oneof(ints, fc.double({ min, max, noNaN: true }));
      break;
    }
    case 'boolean':
      arb = fc.boolean();
      break;
    case 'array':
      arb = fc.array(valueOf(schema.items, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 3, Math.max(3, schema.minItems ?? 0)),
      });
      break;
    case 'object':
    case undefined:
      if (!schema.properties) {
        arb = type === 'object' ? fc.dictionary(shortString, shortString, { maxKeys: 2 }) : fc.jsonValue();
        break;
      }
      arb = fc.record(
        Object.fromEntries(Object.entries(schema.properties).map(([key, s]) => [key, valueOf(s, depth + 1)])),
        { requiredKeys: (schema.required ?? []).filter((k) => k in schema.properties!) },
      );
      break;
    default:
      arb = fc.jsonValue();
  }
  return nullable ? fc.option(arb, { nil: null, freq: 8 }) : arb;
}

function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'date-time')
    return fc
      .date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString());
  if (schema.format === 'date')
    return fc
      .date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= 200);
    } catch {
      // a pattern fast-check cannot read: plain strings below
    }
  }
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 20, minLength + 20);
  return fc.oneof(
    fc.string({ minLength, maxLength }),
    fc.string({ unit: 'grapheme', minLength, maxLength }),
    fc
      .constantFrom('山田', 'テスト株式会社', '2026-12-01', '09:00', 'KS-002', '1', '100')
      .filter((s) => s.length >= minLength && s.length <= maxLength),
  );
}

/** What an attacker or a broken client sends instead of a field's value. */
const hostileString = fc.constantFrom(
  '\u0000',
  'a\u0000b',
  '%00',
  '',
  ' ',
  'x'.repeat(10_001),
  '99999999999999999999',
  '2147483648',
  '-1',
  '0',
  '1.5',
  '1e308',
  'NaN',
  'null',
  'true',
  "' OR 1=1 --",
  '"; drop table users; --',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '\uD800',
  '🍣'.repeat(50),
  '2026-02-30',
  '9999-12-31T99:99:99Z',
  '24:60',
  '%',
  '\\',
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  fc.constantFrom(-1, 0, 2 ** 31, 2 ** 53, 1e308, -1e308, 0.5, -0.0001),
  fc.constantFrom(null, true, false, [], {}, [null], { $gt: '' }, { __proto__: { admin: true } }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.integer(),
  fc.double(),
  fc.jsonValue({ maxDepth: 3 }),
);

const pathToken = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 1, max: 12 }).map(String) },
  fc.constantFrom(
    '0',
    '-1',
    '1.5',
    'abc',
    '2147483647',
    '2147483648',
    '99999999999999999999',
    '%00',
    '%zz',
    '%',
    '1%2F2',
    'x'.repeat(101),
    'KS-001',
    'KS-002',
    '2026-12-01',
    '2026-02-30',
    'undefined',
  ),
);

type Mutation = {
  where: 'query' | 'body' | 'path';
  kind: 'replace' | 'remove' | 'extra' | 'nul';
  pick: number;
  value: unknown;
};
const mutation: fc.Arbitrary<Mutation> = fc.record({
  where: fc.constantFrom('query', 'body', 'body', 'path'),
  kind: fc.constantFrom('replace', 'replace', 'remove', 'extra', 'nul', 'nul'),
  pick: fc.nat(),
  value: hostileValue,
});

export type FuzzRequest = {
  method: Operation['method'];
  url: string;
  payload?: string;
  contentType?: string;
  clientHeader: 'own' | 'other' | 'bad' | 'none';
  bearer?: string;
};

/** Paths to the containers and keys of a value, for picking a place to break. */
function places(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return [at, ...value.flatMap((v, i) => places(v, [...at, i]))];
  if (value && typeof value === 'object')
    return [at, ...Object.entries(value).flatMap(([k, v]) => places(v, [...at, k]))];
  return [at];
}

function breakValue(root: unknown, m: Mutation): unknown {
  const everywhere = places(root);
  const strings = everywhere.filter(
    (p) => typeof p.reduce<unknown>((v, k) => (v as never)[k], root) === 'string',
  );
  const all = m.kind === 'nul' && strings.length ? strings : everywhere;
  const path = all[m.pick % all.length]!;
  if (path.length === 0) {
    if (m.kind === 'replace') return m.value;
    if (m.kind === 'nul') return typeof root === 'string' ? `${root}\u0000` : root;
    if (m.kind === 'extra' && root && typeof root === 'object' && !Array.isArray(root))
      return { ...root, [`extra${m.pick % 7}`]: m.value };
    return root;
  }
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (m.kind === 'replace') parent[last] = m.value;
  else if (m.kind === 'remove') delete parent[last];
  else if (m.kind === 'nul') parent[last] = `${String(parent[last])}\u0000`;
  else parent[`${String(last)}x`] = m.value;
  return copy;
}

const stringify = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
/** encodeURIComponent throws on a lone surrogate; a URL carries U+FFFD there, as browsers send it. */
const encodeSegment = (s: string) => encodeURIComponent(s.replace(/[\uD800-\uDFFF]/gu, '\uFFFD'));

/** null, except once in `every` samples. */
const rarely = <T>(arb: fc.Arbitrary<T>, every: number): fc.Arbitrary<T | null> =>
  fc.oneof({ weight: every - 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: arb });

/** A request for one operation: schema values broken by zero to three mutations. */
export function requestArbitrary(op: Operation): fc.Arbitrary<FuzzRequest> {
  const queryArb = fc.record(Object.fromEntries(op.query.map((p) => [p.name, valueOf(p.schema)])), {
    requiredKeys: op.query.filter((p) => p.required).map((p) => p.name),
  });
  const bodyArb = op.body ? valueOf(op.body) : fc.constant(undefined);
  const pathArb = fc.tuple(...op.pathParams.map(() => pathToken));
  return fc
    .record({
      query: queryArb,
      body: bodyArb,
      path: op.pathParams.length ? pathArb : fc.constant([] as string[]),
      mutations: fc.array(mutation, { maxLength: 3 }),
      raw: rarely(
        fc.constantFrom('{', '{"a":', 'null', '[]', '"x"', '{"__proto__":{"x":1}}', 'x'.repeat(2_000_000)),
        12,
      ),
      contentType: rarely(fc.constantFrom('text/plain', 'application/x-www-form-urlencoded'), 15),
      clientHeader: fc.constantFrom('own', 'own', 'own', 'other', 'bad', 'none'),
      bearer: rarely(fc.constantFrom('garbage', 'eyJhbGciOiJub25lIn0.e30.', ''), 6),
    })
    .map(({ query, body, path, mutations, raw, contentType, clientHeader, bearer }) => {
      let q: unknown = query;
      let b: unknown = body;
      const p = [...path];
      for (const m of mutations) {
        if (m.where === 'query') q = breakValue(q, m);
        else if (m.where === 'body') b = breakValue(b, m);
        else if (p.length) p[m.pick % p.length] = encodeSegment(stringify(m.value)).slice(0, 120);
      }
      let i = 0;
      const url = op.path.replace(/\{[^}]+\}/g, () => {
        const token = p[i++] ?? '1';
        return /^%|^[\w.-]*$/.test(token) ? token : encodeSegment(token);
      });
      const search = new URLSearchParams();
      if (q && typeof q === 'object' && !Array.isArray(q)) {
        for (const [k, v] of Object.entries(q)) if (v !== undefined) search.append(k, stringify(v));
      } else if (q !== undefined) search.append('q', stringify(q));
      const qs = search.toString();
      const request: FuzzRequest = {
        method: op.method,
        url: qs ? `${url}?${qs}` : url,
        clientHeader,
      };
      if (op.method !== 'GET' && op.method !== 'DELETE') {
        request.payload = raw ?? (b === undefined ? '' : JSON.stringify(b));
        request.contentType = contentType ?? 'application/json';
      }
      if (bearer !== null) request.bearer = bearer;
      return request;
    });
}

export type Verdict = { serverError: boolean; shapeViolation: boolean; changedOnRefusal: boolean };

/** The failure-body rule: every 4xx is `{ success: false, message, code, errors?, requestId }`. */
export function isSharedFailureShape(response: LightMyRequestResponse): boolean {
  try {
    const body = failureBodySchema.safeParse(JSON.parse(response.body));
    return body.success && body.data.message.length > 0 && body.data.requestId.length > 0;
  } catch {
    return false;
  }
}
