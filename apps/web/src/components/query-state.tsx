import Card from '@mui/material/Card';
import type { ReactNode } from 'react';
import { isApiError } from '../lib/api-client.ts';
import { NotFoundPage } from './not-found-page.tsx';
import { PageLoader } from './page-loader.tsx';
import { useQueryFailure, type FailingQuery } from './query-failure.tsx';

type QueryLike<T> = FailingQuery & { isPending: boolean; data: T | undefined };

/** Loading, failure (404 as "not found") or the data of one record; its failure shows here, not as a toast. */
export function QueryState<T>({
  query,
  children,
}: {
  query: QueryLike<T>;
  children: (data: T) => ReactNode;
}) {
  const failure = useQueryFailure(query);
  if (query.isPending) return <PageLoader />;
  if (query.isError || query.data === undefined) {
    if (isApiError(query.error) && query.error.status === 404) return <NotFoundPage embedded />;
    return <Card>{failure}</Card>;
  }
  return children(query.data);
}
