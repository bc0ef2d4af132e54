import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api-client.ts';
import '../lib/query-meta.ts';
import type { AppQueryMeta } from '../lib/query-meta.ts';

export type GlobalErrorHandlers = {
  /** A call answered 401: the session is gone. */
  onUnauthorized: () => void;
  /** Any other failure nobody handles in place (meta.silent unset): tell the user. */
  onError: (error: unknown) => void;
};

/** Page data never refetches on focus nor retries (SPEC.md 2); failures go through one handler. */
export function createQueryClient(handlers: GlobalErrorHandlers): QueryClient {
  const handle = (error: unknown, meta: AppQueryMeta | undefined) => {
    if (isApiError(error) && error.status === 401) return handlers.onUnauthorized();
    if (meta?.silent) return;
    handlers.onError(error);
  };
  return new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, retry: false },
      mutations: { retry: false },
    },
    queryCache: new QueryCache({ onError: (error, query) => handle(error, query.meta) }),
    mutationCache: new MutationCache({ onError: (error, _v, _c, mutation) => handle(error, mutation.meta) }),
  });
}
