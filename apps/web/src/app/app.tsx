import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createI18n } from '../config/i18n/i18n.ts';
import { isPublicPath, loginPathWithNext } from '../config/routes.ts';
import { sessionQueryOptions } from '../features/auth/api/session.api.ts';
import { clientErrorCodes, isApiError } from '../lib/api-client.ts';
import { messageKey } from '../lib/translate-message.ts';
import { showToast } from '../lib/toast-store.ts';
import { AppProviders } from './app-providers.tsx';
import { createQueryClient } from './query-client.ts';
import { appRoutes } from './routes.tsx';

function createApp() {
  const i18n = createI18n();
  const router = createBrowserRouter(appRoutes);
  const queryClient = createQueryClient({
    onUnauthorized: () => {
      queryClient.setQueryData(sessionQueryOptions().queryKey, null);
      const { pathname, search } = router.state.location;
      if (!isPublicPath(pathname))
        void router.navigate(loginPathWithNext(pathname + search), { replace: true });
    },
    onError: (error) => {
      if (isApiError(error) && error.code === clientErrorCodes.network)
        return showToast(i18n.t('errors.network'));
      const message = error instanceof Error ? error.message : '';
      const key = messageKey(message);
      showToast(key ? i18n.t(key) : message || i18n.t('errors.unexpected'));
    },
  });
  return { i18n, router, queryClient };
}

export function App() {
  const [{ i18n, router, queryClient }] = useState(createApp);
  return (
    <AppProviders queryClient={queryClient} i18n={i18n}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
