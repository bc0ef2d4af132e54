import { defineEndpoint, idParamsSchema, sessionAccess } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, isApiError } from '../../../lib/api-client.ts';
import '../../../lib/query-meta.ts';

/**
 * The branding a LINE account gives the pages opened with `?lineAccountId=N`.
 * PLUG-IN POINT: when the LINE-accounts contract lands, replace `lineAccountBrandingEndpoint` with the
 * contract's endpoint and adapt `toBranding`; nothing else reads the endpoint.
 */
export const lineAccountBrandingSchema = z.object({
  id: z.number(),
  mainColor: z.string().nullish(),
  title: z.string().nullish(),
  logoUrl: z.string().nullish(),
  faviconUrl: z.string().nullish(),
});

export const lineAccountBrandingEndpoint = defineEndpoint({
  method: 'GET',
  path: '/client/api/v1/line-account/:id',
  summary: 'A LINE account (only its branding is read here)',
  tags: ['line-accounts'],
  access: sessionAccess,
  params: idParamsSchema,
  responses: { 200: lineAccountBrandingSchema },
});

export type Branding = {
  lineAccountId: number;
  mainColor: string | null;
  title: string | null;
  logoUrl: string | null;
  faviconUrl: string | null;
};

function toBranding(account: z.infer<typeof lineAccountBrandingSchema>): Branding {
  return {
    lineAccountId: account.id,
    mainColor: account.mainColor ?? null,
    title: account.title ?? null,
    logoUrl: account.logoUrl ?? null,
    faviconUrl: account.faviconUrl ?? null,
  };
}

/** Null when the account cannot be read (not signed in, another tenant's, deleted): default look. */
export const brandingQueryOptions = (lineAccountId: number) =>
  queryOptions({
    queryKey: ['branding', lineAccountId],
    queryFn: async ({ signal }): Promise<Branding | null> => {
      try {
        return toBranding(
          await apiRequest(lineAccountBrandingEndpoint, { params: { id: String(lineAccountId) }, signal }),
        );
      } catch (error) {
        if (isApiError(error)) return null;
        throw error;
      }
    },
    staleTime: 10 * 60_000,
    meta: { silent: true },
  });
