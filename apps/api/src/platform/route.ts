import { failureBodySchema, liffNotFollowingSchema, type Endpoint } from '@app/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema.js';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { RateLimitOptions } from '@fastify/rate-limit';
import fastJson from 'fast-json-stringify';
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import { JsonText } from './json-text.ts';

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

export type RouteInput<E extends Endpoint> = {
  params: Out<E['params']>;
  query: Out<E['query']>;
  body: Out<E['body']>;
};

type Responses<E extends Endpoint> = E['responses'];
export type RouteOutput<E extends Endpoint> = {
  [K in keyof Responses<E>]: Responses<E>[K] extends z.ZodType ? z.input<Responses<E>[K]> : never;
}[keyof Responses<E>];

/**
 * A handler answers with a promise, or (a 200 route) with the answer itself when it has it at once (a
 * cached session's view): Fastify then sends it with no promise and no microtask (issue 31).
 */
export type RouteHandler<E extends Endpoint> = (
  input: RouteInput<E>,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<RouteOutput<E> | JsonText<RouteOutput<E>>> | RouteOutput<E> | JsonText<RouteOutput<E>>;

const failureResponses = Object.fromEntries(
  [400, 401, 403, 404, 409, 422, 429, 500, 503].map((status) => [status, failureBodySchema]),
);
/** A mini-app route may also answer the caller check's 422 NOT_FOLLOWING (platform/liff.ts). */
const liffFailureResponses = {
  ...failureResponses,
  422: z.union([liffNotFollowingSchema, failureBodySchema]),
};

type SchemaDefinition = Parameters<typeof serializerCompiler>[0];

/**
 * The success answer written with JSON.stringify, without the schema's check and copy (the failures keep
 * both), and handed to Fastify as UTF-8 bytes (a string answer is measured and converted again when it is
 * written). For big answers that a typed view function builds field by field, where the check costs as
 * much as the rest of the request: a month's shift table (decision 0018). The route's tests check its
 * answer against the schema.
 */
const viewSerializer = (successStatus: number) => (definition: FastifyRouteSchemaDef<unknown>) =>
  definition.httpStatus === String(successStatus)
    ? // Fastify sends a Buffer as it is; its type only names strings.
      (data: unknown) =>
        Buffer.from(data instanceof JsonText ? data.text : JSON.stringify(data), 'utf8') as unknown as string
    : serializerCompiler(definition as SchemaDefinition);

/**
 * A nullable value as JSON Schema's type list: z.toJSONSchema writes `.nullable()` as
 * `anyOf: [{ type: 'string' }, { type: 'null' }]`, which fast-json-stringify writes by running a schema
 * validator on the value (and an object with a key its schema does not name fails it: a 500);
 * `type: ['string', 'null']` is a typeof test, and an object's unnamed keys are left out, as Zod does.
 */
function nullableAsTypeList(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(nullableAsTypeList);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) out[key] = nullableAsTypeList(value);
  const anyOf = out.anyOf as Record<string, unknown>[] | undefined;
  const isNull = (branch: Record<string, unknown>) =>
    branch.type === 'null' && Object.keys(branch).length === 1;
  if (anyOf?.length === 2 && anyOf.some(isNull)) {
    const other = anyOf.find((branch) => !isNull(branch))!;
    if (['string', 'number', 'integer', 'boolean', 'object', 'array'].includes(other.type as string)) {
      const { anyOf: _, ...rest } = out;
      return { ...rest, ...other, type: [other.type, 'null'] };
    }
  }
  return out;
}

type Write = (data: unknown) => string;

/** Answers a handler gives again and again, unchanged (see keepAnswer). */
const keptAnswers = new WeakSet<object>();

function deepFreeze(value: unknown): void {
  if (!value || typeof value !== 'object' || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child);
}

/**
 * Marks a view a handler will return again, as the same object, for as long as what it was made from is
 * unchanged (a cached session's own rows: the session view, the own client): each route writes it once,
 * as UTF-8 bytes, and sends those bytes again (issue 31: writing a 466-byte view of Japanese names and
 * measuring and encoding it again for the socket were most of what an authenticated read costs more than
 * /healthz). The view is frozen, so nothing can change it after it was written. A view made per request
 * need not be kept: it is written as before.
 */
export function keepAnswer<T extends object>(answer: T): T {
  deepFreeze(answer);
  keptAnswers.add(answer);
  return answer;
}

/**
 * fast-json-stringify from the contract's Zod schema (z.toJSONSchema, io: 'output'), or undefined for a
 * schema JSON Schema cannot state exactly (a transform, a refinement, a Date): those keep Zod's.
 */
function compileFast(schema: z.ZodType): Write | undefined {
  try {
    const jsonSchema = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw' });
    return fastJson(nullableAsTypeList(jsonSchema) as Parameters<typeof fastJson>[0]);
  } catch {
    return undefined;
  }
}

/**
 * Every route's success answer is written by Fastify's own serializer (fast-json-stringify) from the JSON
 * schema of the contract (issue 31, decision 0029 and its addendum): no Zod check and copy per request,
 * and still only the contract's fields written. Compiled at the route's first success answer (not at
 * start-up: a few hundred routes), and then kept. Failures keep Zod's serializer (rare, small).
 *
 * fast-json-stringify trusts its input where Zod refused it (a null in a non-null string is written as
 * "", a float in an integer field is truncated). So where answers are checked (`checkAnswers`: the
 * tests' apps), each answer is also written by Zod, whose error stops it as before, and the two must
 * say the same (the same values; keys may come in another order, as an intersection's schema lists
 * them): every test that reads a route checks that route's fast answer against its contract.
 */
const answerSerializer =
  (successStatus: number, checkAnswers: boolean) => (definition: FastifyRouteSchemaDef<unknown>) => {
    const zodWrite = serializerCompiler(definition as SchemaDefinition) as Write;
    const schema = definition.schema;
    if (definition.httpStatus !== String(successStatus) || !(schema instanceof z.ZodType)) return zodWrite;
    let write: Write | undefined;
    let compiled = false;
    // This route's bytes of each kept answer (keepAnswer), for as long as the answer lives.
    const written = new WeakMap<object, Buffer>();
    const writeChecked = (data: unknown): string => {
      if (!compiled) {
        write = compileFast(schema);
        compiled = true;
      }
      if (!write) return zodWrite(data);
      if (!checkAnswers) return write(data);
      const expected = zodWrite(data);
      const text = write(data);
      if (text !== expected && !isDeepStrictEqual(JSON.parse(text), JSON.parse(expected)))
        throw new Error(`fast-json-stringify wrote ${text}, Zod ${expected} (${definition.url})`);
      return text;
    };
    return (data: unknown) => {
      if (data instanceof JsonText) throw new Error('JsonText needs viewAnswer');
      if (typeof data !== 'object' || data === null || !keptAnswers.has(data)) return writeChecked(data);
      let bytes = written.get(data);
      // The tests' apps check every answer, a kept one each time too.
      if (!bytes || checkAnswers) {
        bytes = Buffer.from(writeChecked(data), 'utf8');
        written.set(data, bytes);
      }
      // Fastify sends a Buffer as it is; its type only names strings.
      return bytes as unknown as string;
    };
  };

const inputOf = <E extends Endpoint>(request: FastifyRequest) =>
  ({ params: request.params, query: request.query, body: request.body }) as RouteInput<E>;

/**
 * Register one contract endpoint: its schemas validate the request and shape the answer, its access
 * is checked centrally (platform/access.ts), and the handler only calls a service. `viewAnswer`: the
 * success answer is written as the handler's view function built it (see viewSerializer); any other by
 * fast-json-stringify from the contract's JSON schema (see answerSerializer).
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: RouteHandler<E>,
  options: {
    rateLimit?: RateLimitOptions;
    bodyLimit?: number;
    viewAnswer?: boolean;
  } = {},
): void {
  const statuses = Object.keys(endpoint.responses).map(Number);
  const successStatus = statuses[0] ?? 200;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    serializerCompiler: options.viewAnswer
      ? viewSerializer(successStatus)
      : answerSerializer(successStatus, app.checkAnswers),
    schema: {
      summary: endpoint.summary,
      tags: [...endpoint.tags],
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: {
        ...(endpoint.access.kind === 'liff' ? liffFailureResponses : failureResponses),
        ...endpoint.responses,
      },
    },
    config: {
      access: endpoint.access,
      clientScoped: endpoint.clientScoped ?? false,
      ...(endpoint.produces ? { produces: endpoint.produces } : {}),
      ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
    },
    // A 200 route hands Fastify the handler's own answer or promise: no second async function a request.
    handler:
      successStatus === 200
        ? (request, reply) => handler(inputOf<E>(request), request, reply)
        : async (request, reply) => {
            const result = await handler(inputOf<E>(request), request, reply);
            if (reply.statusCode === 200) void reply.code(successStatus);
            return result;
          },
  });
}
