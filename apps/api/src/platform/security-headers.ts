import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/** Origins the browser may reach beside our own (Stripe.js, or the payments simulator offline). */
export type ExtraSources = { script?: string[]; connect?: string[]; frame?: string[] };

/**
 * The app's policy: same-origin scripts and connections plus the extra sources given; images from
 * anywhere (LINE avatars, previews).
 */
export function securityPolicy(extra: ExtraSources = {}): HelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'", ...(extra.script ?? [])],
        connectSrc: ["'self'", ...(extra.connect ?? [])],
        frameSrc: ["'self'", ...(extra.frame ?? [])],
        fontSrc: ["'self'", 'data:'],
        upgradeInsecureRequests: null,
      },
    },
  };
}

/**
 * helmet's headers for a policy, computed once: the policy has no per-request part (no nonces), so
 * every response gets the same headers and no request pays for building them again.
 */
export function computeSecurityHeaders(options: HelmetOptions = securityPolicy()): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: Error | undefined;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) failure = error instanceof Error ? error : new Error('helmet refused the policy');
  });
  if (failure) throw failure;
  return headers;
}
