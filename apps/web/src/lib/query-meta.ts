import type { Query } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * Where a failure is shown — what the components tell the global error handler (app/query-client.ts).
 * A failure is shown once: in place when a component shows it, else as one toast.
 * - Queries: a component that renders a query's failure in place (QueryState, PagedTable,
 *   useQueryFailure) says so when it mounts, before anything can fail.
 * - Mutations: what awaited the mutation and put its failure on screen (a form's fields or alert, a
 *   dialog's message) marks that error as shown before the current task ends.
 */

type Refetch = (...args: never[]) => unknown;

// A query result's `refetch` is its observer's own bound method (TanStack binds it once per observer),
// and the query lists those observers: so the function names the observer that renders the failure.
const renderedInPlace = new Map<Refetch, number>();

/** Call in the component that renders this query's failure in place; it must be mounted with the query. */
export function useRendersQueryFailure(query: { refetch: Refetch }): void {
  const { refetch } = query;
  useEffect(() => {
    renderedInPlace.set(refetch, (renderedInPlace.get(refetch) ?? 0) + 1);
    return () => {
      const left = (renderedInPlace.get(refetch) ?? 1) - 1;
      if (left > 0) renderedInPlace.set(refetch, left);
      else renderedInPlace.delete(refetch);
    };
  }, [refetch]);
}

/** Is a mounted component rendering this query's failure in place? */
export function isRenderedInPlace(query: Pick<Query, 'observers'>): boolean {
  // eslint-disable-next-line @typescript-eslint/unbound-method -- compared by identity, never called
  return query.observers.some((observer) => renderedInPlace.has(observer.refetch));
}

const shownErrors = new WeakSet<object>();

/** The failure of a mutation is on screen where the user acted: no toast for it. */
export function markErrorShown(error: unknown): void {
  if (typeof error === 'object' && error !== null) shownErrors.add(error);
}

export function isErrorShown(error: unknown): boolean {
  return typeof error === 'object' && error !== null && shownErrors.has(error);
}
