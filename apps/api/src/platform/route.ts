import { failureBodySchema, liffNotFollowingSchema, type Endpoint } from '@app/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema.js';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { RateLimitOptions } from '@fastify/rate-limit';
import fastJson from 'fast-json-stringify';
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

export type RouteHandler<E extends Endpoint> = (
  input: RouteInput<E>,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<RouteOutput<E> | JsonText<RouteOutput<E>>>;

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
 * The success answer written by Fastify's own serializer (fast-json-stringify) from the JSON schema of the
 * contract's Zod schema (z.toJSONSchema, once when the route is registered): no Zod check and copy per
 * request, and still only the contract's fields written. For the hot small reads (/me, the client's own
 * read: issue 31). A schema JSON Schema cannot say exactly (a transform, a refinement) keeps the Zod
 * serializer, as do the failures.
 */
const fastSerializer = (successStatus: number) => (definition: FastifyRouteSchemaDef<unknown>) => {
  if (definition.httpStatus === String(successStatus) && definition.schema instanceof z.ZodType) {
    try {
      const jsonSchema = z.toJSONSchema(definition.schema, { io: 'output', unrepresentable: 'throw' });
      return fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
    } catch {
      // not representable: the Zod serializer below
    }
  }
  return serializerCompiler(definition as SchemaDefinition);
};

/**
 * Register one contract endpoint: its schemas validate the request and shape the answer, its access
 * is checked centrally (platform/access.ts), and the handler only calls a service. `viewAnswer`: the
 * success answer is written as the handler's view function built it (see viewSerializer); `fastAnswer`:
 * by fast-json-stringify from the contract's JSON schema (see fastSerializer).
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: RouteHandler<E>,
  options: {
    rateLimit?: RateLimitOptions;
    bodyLimit?: number;
    viewAnswer?: boolean;
    fastAnswer?: boolean;
  } = {},
): void {
  const statuses = Object.keys(endpoint.responses).map(Number);
  const successStatus = statuses[0] ?? 200;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    ...(options.viewAnswer ? { serializerCompiler: viewSerializer(successStatus) } : {}),
    ...(options.fastAnswer ? { serializerCompiler: fastSerializer(successStatus) } : {}),
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
    handler: async (request, reply) => {
      const input = {
        params: request.params,
        query: request.query,
        body: request.body,
      } as RouteInput<E>;
      const result = await handler(input, request, reply);
      if (result instanceof JsonText && !options.viewAnswer) throw new Error('JsonText needs viewAnswer');
      if (reply.statusCode === 200 && successStatus !== 200) void reply.code(successStatus);
      return result;
    },
  });
}
