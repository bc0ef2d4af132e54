/*
 * What every mini-app call answers before its own work, free of zod: the mini-apps import it through
 * `@app/contracts/member-texts` and `@app/contracts/shift-texts`.
 */

/** The mini-apps: each is served for one service of a store (member card: KS-001, shift: KS-002). */
export const liffApps = ['member', 'shift'] as const;
export type LiffApp = (typeof liffApps)[number];

/**
 * The one failure answer of both mini-apps' caller check (platform/liff.ts, decision 0024): 401 without a
 * token or with one LINE refuses, 404 for a store that does not serve the mini-app, 422 (reason
 * NOT_FOLLOWING) for a caller who does not follow the store's account, 503 while LINE cannot be reached.
 */
export const liffMessages = {
  idTokenRequired: 'A LIFF ID token is required (Authorization: Bearer <ID token>)',
  idTokenInvalid: 'The LIFF ID token is invalid or has expired',
  storeNotFound: 'Store not found',
  /** SPEC.md 8, word for word. */
  notFollowing: 'User blocked or is not following LINE OA.',
  lineUnavailable: 'LINE cannot be reached. Please try again later',
} as const;
