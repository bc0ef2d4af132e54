import { useSearchParams } from 'react-router';

export const DEFAULT_PAGE_SIZE = 20;
export const PAGE_SIZES = [10, 20, 50, 100] as const;

export type ListParams = {
  page: number;
  limit: number;
  /** A filter's value from the address, '' when unset. */
  get: (name: string) => string;
  setPage: (page: number) => void;
  setLimit: (limit: number) => void;
  /** Change filters (''/undefined removes them) and go back to page 1. */
  setFilters: (filters: Record<string, string | undefined>) => void;
};

const positiveInt = (raw: string | null, fallback: number) => {
  const n = Number(raw);
  return Number.isSafeInteger(n) && n > 0 ? n : fallback;
};

/**
 * Page, page size and filters of a list kept in the address (?page=2&status=ACTIVE), so a link (a dashboard
 * number) opens the list already filtered and the back button restores it.
 */
export function useListParams(defaultLimit = DEFAULT_PAGE_SIZE): ListParams {
  const [searchParams, setSearchParams] = useSearchParams();
  const update = (change: (next: URLSearchParams) => void) =>
    // From the address as it is now, not the hook's render-time copy (react-router's updater gets that
    // copy): a change fired from an older render (the search field's debounce) keeps the filters set since.
    setSearchParams(
      () => {
        const next = new URLSearchParams(window.location.search);
        change(next);
        return next;
      },
      { replace: true },
    );
  return {
    page: positiveInt(searchParams.get('page'), 1),
    limit: positiveInt(searchParams.get('limit'), defaultLimit),
    get: (name) => searchParams.get(name) ?? '',
    setPage: (page) => update((next) => (page > 1 ? next.set('page', String(page)) : next.delete('page'))),
    setLimit: (limit) =>
      update((next) => {
        next.set('limit', String(limit));
        next.delete('page');
      }),
    setFilters: (filters) =>
      update((next) => {
        for (const [name, value] of Object.entries(filters)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        next.delete('page');
      }),
  };
}
