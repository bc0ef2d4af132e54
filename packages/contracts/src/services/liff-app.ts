import { z } from 'zod';
import { defineEndpoint, publicAccess } from '../common/endpoint.ts';
import { idParamSchema, idSchema } from '../common/ids.ts';

export const liffAppMessages = {
  notFound: 'This mini-app is not available for this LINE account',
  serviceName: 'Service must be member or shift',
} as const;

/** Public: what a mini-app needs before LIFF starts (its LIFF app, its store, the account's branding). */
export const liffAppInfoSchema = z.object({
  lineAccountId: idSchema,
  serviceCode: z.string(),
  liffId: z.string(),
  storeId: idSchema,
  /** 'simulator': the page is opened from the LINE simulator, which hands it the LIFF login (liff-mock). */
  lineMode: z.enum(['line', 'simulator']),
  branding: z.object({
    displayName: z.string(),
    title: z.string().nullable(),
    mainColor: z.string(),
    logoUrl: z.string().nullable(),
    pictureUrl: z.string().nullable(),
    basicId: z.string().nullable(),
    friendUrl: z.string().nullable(),
  }),
});
export type LiffAppInfo = z.infer<typeof liffAppInfoSchema>;
export const liffAppInfoParamsSchema = z.object({
  lineAccountId: idParamSchema,
  serviceName: z.enum(['member', 'shift'], { error: liffAppMessages.serviceName }),
});

/**
 * The mini-apps' shared start (public, no session, no token): a page opened at /liff/<service>?lineAccountId=
 * learns its LIFF app, its store and the account's branding. Only ACTIVE links answer; nothing here is
 * secret (the LIFF id is in the page's own URL, the branding is what the account shows its friends).
 */
export const liffAppEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/liff/api/v1/line-account/:lineAccountId/:serviceName',
    summary: "A mini-app's LIFF id, store and the LINE account's branding (public)",
    tags: ['liff'],
    access: publicAccess,
    params: liffAppInfoParamsSchema,
    responses: { 200: liffAppInfoSchema },
  }),
} as const;
