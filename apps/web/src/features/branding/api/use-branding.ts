import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useRendersQueryFailure } from '../../../lib/query-meta.ts';
import { brandingQueryOptions, type Branding } from './branding.api.ts';

/** `?lineAccountId=N` of the current URL, when it is a positive integer. */
export function useLineAccountIdParam(): number | null {
  const [searchParams] = useSearchParams();
  const raw = searchParams.get('lineAccountId');
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The branding of the LINE account named in the URL, or null (none named, not readable, loading). */
export function useBranding(): Branding | null {
  const lineAccountId = useLineAccountIdParam();
  const branding = useQuery({ ...brandingQueryOptions(lineAccountId ?? 0), enabled: lineAccountId !== null });
  // A brand that cannot be read shows as the product's own look: that is its place, not a toast.
  useRendersQueryFailure(branding);
  return lineAccountId !== null ? (branding.data ?? null) : null;
}
