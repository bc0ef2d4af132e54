import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createI18n } from '../config/i18n/i18n.ts';
import { AppProviders } from './app-providers.tsx';
import { createAppQueryClient } from './query-client.ts';
import { appRoutes } from './routes.tsx';

function createApp() {
  const i18n = createI18n();
  const router = createBrowserRouter(appRoutes);
  const queryClient = createAppQueryClient(i18n, router);
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
