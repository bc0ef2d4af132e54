import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRendersQueryFailure } from '../lib/query-meta.ts';
import { errorText } from '../lib/translate-message.ts';
import { ErrorState } from './status-state.tsx';

export type FailingQuery = {
  isError: boolean;
  error: Error | null;
  refetch: () => unknown;
  isPending?: boolean;
  data?: unknown;
};

/**
 * A query's failure, rendered in place (so the global handler shows no toast for it). Call it in the
 * component that shows the query, from its first render; it gives the error view once the query failed
 * (or settled with no data), else null.
 */
export function useQueryFailure(query: FailingQuery): ReactNode {
  useRendersQueryFailure(query);
  const { t } = useTranslation();
  const hasNoData = query.isPending === false && query.data === undefined;
  if (!query.isError && !hasNoData) return null;
  return <ErrorState message={errorText(query.error, t)} onRetry={() => void query.refetch()} />;
}
