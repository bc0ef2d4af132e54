import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders } from '../app/app-providers.tsx';
import { createQueryClient } from '../app/query-client.ts';
import { createI18n, type Language } from '../config/i18n/i18n.ts';

/** The real providers around a memory router, as the app builds them. */
export function renderableApp({
  routes,
  initialPath,
  language = 'en',
  onError = () => undefined,
}: {
  routes: RouteObject[];
  initialPath: string;
  language?: Language;
  onError?: (error: unknown) => void;
}) {
  const i18n = createI18n(language);
  const queryClient = createQueryClient({ onUnauthorized: () => undefined, onError });
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  const ui: ReactNode = (
    <AppProviders queryClient={queryClient} i18n={i18n}>
      <RouterProvider router={router} />
    </AppProviders>
  );
  return { ui, router, queryClient, i18n };
}
