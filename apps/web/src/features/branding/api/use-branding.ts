import { useQuery } from '@tanstack/react-query';
import { useCurrentLineAccountId } from '../../../lib/line-account-param.ts';
import { useRendersQueryFailure } from '../../../lib/query-meta.ts';
import { brandingQueryOptions, type Branding } from './branding.api.ts';

/**
 * The branding of the LINE account named in the URL (in the client area: else the one last worked on), or
 * null (none, not readable, loading).
 */
export function useBranding(): Branding | null {
  const lineAccountId = useCurrentLineAccountId();
  const branding = useQuery({ ...brandingQueryOptions(lineAccountId ?? 0), enabled: lineAccountId !== null });
  // A brand that cannot be read shows as the product's own look: that is its place, not a toast.
  useRendersQueryFailure(branding);
  return lineAccountId !== null ? (branding.data ?? null) : null;
}
