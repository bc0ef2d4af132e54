import { useSyncExternalStore } from 'react';
import { useLocation, useSearchParams } from 'react-router';

/** `?lineAccountId=N` of the current URL, when it is a positive integer. */
export function useLineAccountIdParam(): number | null {
  const [searchParams] = useSearchParams();
  return toLineAccountId(searchParams.get('lineAccountId'));
}

function toLineAccountId(raw: string | null): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/*
 * The LINE account the client area last worked on (or its only one), kept in this browser so that the
 * pages without ?lineAccountId (the dashboard, お知らせ...) keep its branding and the account pages open
 * it first. Forgotten at logout; the client area checks it against the client's accounts.
 */
const STORAGE_KEY = 'lineAccountId';
const listeners = new Set<() => void>();

function readRemembered(): number | null {
  try {
    return toLineAccountId(localStorage.getItem(STORAGE_KEY));
  } catch {
    return null;
  }
}

/** Remembers the account the client area works on (null forgets it). */
export function rememberLineAccountId(id: number | null): void {
  if (readRemembered() === id) return;
  try {
    if (id === null) localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, String(id));
  } catch {
    // storage refused (private mode): the branding then holds on the pages that name the account
  }
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** The account the client area last worked on, or null. */
export function useRememberedLineAccountId(): number | null {
  return useSyncExternalStore(subscribe, readRemembered, () => null);
}

/** The account whose branding the page takes: the one the URL names, else in the client area the remembered one. */
export function useCurrentLineAccountId(): number | null {
  const named = useLineAccountIdParam();
  const remembered = useRememberedLineAccountId();
  const { pathname } = useLocation();
  if (named !== null) return named;
  return pathname === '/client' || pathname.startsWith('/client/') ? remembered : null;
}
