import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/** The app's policy: same-origin scripts and connections; images from anywhere (LINE avatars, previews). */
export const securityPolicy: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      scriptSrc: ["'self'"],
      connectSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      upgradeInsecureRequests: null,
    },
  },
};

/**
 * helmet's headers for a policy, computed once: the policy has no per-request part (no nonces), so
 * every response gets the same headers and no request pays for building them again.
 */
export function computeSecurityHeaders(options: HelmetOptions = securityPolicy): Record<string, string> {
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
