import { useSearchParams } from 'react-router';

/** `?lineAccountId=N` of the current URL, when it is a positive integer. */
export function useLineAccountIdParam(): number | null {
  const [searchParams] = useSearchParams();
  const raw = searchParams.get('lineAccountId');
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
