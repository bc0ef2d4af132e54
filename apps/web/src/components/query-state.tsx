import Card from '@mui/material/Card';
import type { ReactNode } from 'react';
import { isApiError } from '../lib/api-client.ts';
import { NotFoundPage } from './not-found-page.tsx';
import { PageLoader } from './page-loader.tsx';
import { ErrorState } from './status-state.tsx';

type QueryLike<T> = {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  data: T | undefined;
  refetch: () => unknown;
};

/** Loading, failure (404 as "not found") or the data of one record. */
export function QueryState<T>({
  query,
  children,
}: {
  query: QueryLike<T>;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <PageLoader />;
  if (query.isError || query.data === undefined) {
    if (isApiError(query.error) && query.error.status === 404) return <NotFoundPage embedded />;
    return (
      <Card>
        <ErrorState message={query.error?.message} onRetry={() => void query.refetch()} />
      </Card>
    );
  }
  return children(query.data);
}
