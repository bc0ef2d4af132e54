import type { z } from 'zod';
import type { Permission } from '../permissions/permissions.ts';
import type { LiffApp } from './liff-texts.ts';
import { refuseNul } from './text.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint. Deny by default: every endpoint names one.
 * - public: anyone (login, signup, health);
 * - session: any signed-in back-office user;
 * - a permission of the permission table: the role-positions it lists;
 * - liff: a mini-app's caller, by the LIFF ID token (Authorization: Bearer) of a friend who follows the
 *   account of the store in the path (`:storeId`), for the store's service of that mini-app.
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'session' }
  | { kind: 'permission'; permission: Permission }
  | { kind: 'liff'; app: LiffApp };

export const publicAccess = { kind: 'public' } as const satisfies Access;
export const sessionAccess = { kind: 'session' } as const satisfies Access;
export const allow = (permission: Permission) =>
  ({ kind: 'permission', permission }) as const satisfies Access;
export const liffAccess = (app: LiffApp) => ({ kind: 'liff', app }) as const satisfies Access;

/** One API call: method, full path (Fastify `:param` style), schemas and who may call it. */
export type Endpoint = {
  method: HttpMethod;
  path: string;
  summary: string;
  tags: readonly string[];
  access: Access;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Success responses by status code. */
  responses: Record<number, z.ZodType>;
  /** Acts on the client named by x-client-id (MASTER, AGENCY on its own clients) or the caller's own. */
  clientScoped?: boolean;
  /** The media types of a success answer that is not JSON (a CSV, a PDF, an image), for the OpenAPI document. */
  produces?: readonly string[];
};

/** One endpoint; every string of its request (params, query, body) is held to the NUL rule (text.ts). */
export const defineEndpoint = <const E extends Endpoint>(endpoint: E): E => ({
  ...endpoint,
  ...(endpoint.params ? { params: refuseNul(endpoint.params) } : {}),
  ...(endpoint.query ? { query: refuseNul(endpoint.query) } : {}),
  ...(endpoint.body ? { body: refuseNul(endpoint.body) } : {}),
});

/** Replace `:name` segments of a path with values. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
