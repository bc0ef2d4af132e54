import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders } from '../app/app-providers.tsx';
import { createAppQueryClient, createQueryClient } from '../app/query-client.ts';
import { createI18n, type Language } from '../config/i18n/i18n.ts';

/** The real providers around a memory router, as the app builds them. */
export function renderableApp({
  routes,
  initialPath,
  language = 'en',
  onError = () => undefined,
  withAppErrorHandlers = false,
}: {
  routes: RouteObject[];
  initialPath: string;
  language?: Language;
  onError?: (error: unknown) => void;
  /** The app's own handlers (toast, 401 to the login page) instead of `onError`. */
  withAppErrorHandlers?: boolean;
}) {
  const i18n = createI18n(language);
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  const queryClient = withAppErrorHandlers
    ? createAppQueryClient(i18n, router)
    : createQueryClient({ onUnauthorized: () => undefined, onError });
  const ui: ReactNode = (
    <AppProviders queryClient={queryClient} i18n={i18n}>
      <RouterProvider router={router} />
    </AppProviders>
  );
  return { ui, router, queryClient, i18n };
}
