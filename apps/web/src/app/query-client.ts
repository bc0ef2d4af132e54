import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { createBrowserRouter } from 'react-router';
import { isPublicPath, loginPathWithNext } from '../config/routes.ts';
import { sessionQueryOptions } from '../features/auth/api/session.api.ts';
import { isApiError } from '../lib/api-client.ts';
import { isErrorShown, isRenderedInPlace } from '../lib/query-meta.ts';
import { showToast } from '../lib/toast-store.ts';
import { errorText } from '../lib/translate-message.ts';

export type GlobalErrorHandlers = {
  /** A call answered 401: the session is gone. */
  onUnauthorized: () => void;
  /** A failure nobody shows in place: tell the user (one toast). */
  onError: (error: unknown) => void;
};

const isUnauthorized = (error: unknown) => isApiError(error) && error.status === 401;

/**
 * Page data never refetches on focus nor retries (SPEC.md 2). Every failure takes one path (the rule is
 * in lib/query-meta.ts): 401 goes to the login page; a query failure a mounted component renders in
 * place, or a mutation failure a form or dialog showed, stays there; anything else is one toast.
 */
export function createQueryClient(handlers: GlobalErrorHandlers): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, retry: false },
      mutations: { retry: false },
    },
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (isUnauthorized(error)) return handlers.onUnauthorized();
        if (!isRenderedInPlace(query)) handlers.onError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error) => {
        if (isUnauthorized(error)) return handlers.onUnauthorized();
        // The caller's catch runs in microtasks after this; a new task starts once it has had its turn.
        setTimeout(() => {
          if (!isErrorShown(error)) handlers.onError(error);
        }, 0);
      },
    }),
  });
}

type AppRouter = Pick<ReturnType<typeof createBrowserRouter>, 'state' | 'navigate'>;

/** The app's query client: a lost session goes to the login page (back here after), the rest to a toast. */
export function createAppQueryClient(i18n: I18n, router: AppRouter): QueryClient {
  const queryClient = createQueryClient({
    onUnauthorized: () => {
      queryClient.setQueryData(sessionQueryOptions().queryKey, null);
      const { pathname, search } = router.state.location;
      if (!isPublicPath(pathname))
        void router.navigate(loginPathWithNext(pathname + search), { replace: true });
    },
    onError: (error) => showToast(errorText(error, i18n.t)),
  });
  return queryClient;
}
