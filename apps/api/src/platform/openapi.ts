import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { productName } from '@app/contracts';

type Transform = NonNullable<FastifyDynamicSwaggerOptions['transform']>;

/** `POST /auth/api/v1/session/login` -> `postAuthApiV1SessionLogin`; `:id` -> `ById`. Unique like the route. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .split('/')
    .filter(Boolean)
    .flatMap((segment) =>
      segment.startsWith(':') ? ['by', segment.slice(1)] : segment.split(/[^A-Za-z0-9]+/),
    )
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((w) => w[0]!.toUpperCase() + w.slice(1))].join('');
}

/**
 * The OpenAPI document as third-party tools read it (issue 24): the session cookie declared and required
 * by default, public calls marked as needing nothing and the mini-apps' calls their LIFF ID token, the
 * server's address, an operationId for every operation, and the real media types of answers that are not
 * JSON (CSV, PDF, images). Linted by `npm run lint:openapi` (Redocly) as a step of `npm test`.
 */
export function openApiOptions(appUrl: string): FastifyDynamicSwaggerOptions {
  const transform: Transform = (input) => {
    const { schema, url } = jsonSchemaTransform(input);
    const config = input.route.config as
      { access?: { kind: string }; produces?: readonly string[] } | undefined;
    const method = Array.isArray(input.route.method) ? input.route.method[0]! : input.route.method;
    const out: Record<string, unknown> = { ...schema, operationId: operationIdOf(method, url) };
    if (config?.access?.kind === 'liff') out.security = [{ liffIdToken: [] }];
    else if (config?.access?.kind === 'public') out.security = [];
    if (config?.produces && schema.response) {
      const responses = { ...(schema.response as Record<string, unknown>) };
      const ok = Object.keys(responses).find((status) => status.startsWith('2'))!;
      responses[ok] = {
        description: 'The file',
        content: Object.fromEntries(
          config.produces.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
        ),
      };
      out.response = responses;
    }
    return { schema: out, url };
  };
  return {
    openapi: {
      info: {
        title: `${productName.en} API`,
        description:
          'Generated from packages/contracts. Failures answer { success: false, message, code, errors?, requestId }.',
        version: '1.0.0',
        license: { name: 'Proprietary', url: `${appUrl}/docs` },
      },
      servers: [{ url: appUrl }],
      components: {
        securitySchemes: {
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: 'sid',
            description: 'The session cookie set by POST /auth/api/v1/session/login',
          },
          liffIdToken: {
            type: 'http',
            scheme: 'bearer',
            description: "A mini-app's LIFF ID token (liff.getIDToken()), verified at LINE",
          },
        },
      },
      security: [{ session: [] }],
    },
    transform,
  };
}
