import { lineAccountEndpoints, type LineAccount } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, isApiError } from '../../../lib/api-client.ts';

/**
 * The branding a LINE account gives the pages opened with `?lineAccountId=N`, read from the contract's
 * `GET /client/api/v1/line-account/:lineAccountId` (the only endpoint this feature calls).
 */
export const lineAccountBrandingEndpoint = lineAccountEndpoints.get;

export type Branding = {
  lineAccountId: number;
  mainColor: string | null;
  title: string | null;
  logoUrl: string | null;
  faviconUrl: string | null;
};

export function toBranding(
  account: Pick<LineAccount, 'id' | 'mainColor' | 'title' | 'logoUrl' | 'faviconUrl'>,
): Branding {
  return {
    lineAccountId: account.id,
    mainColor: account.mainColor || null,
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
          await apiRequest(lineAccountBrandingEndpoint, {
            params: { lineAccountId: String(lineAccountId) },
            signal,
          }),
        );
      } catch (error) {
        if (isApiError(error)) return null;
        throw error;
      }
    },
    staleTime: 10 * 60_000,
  });
