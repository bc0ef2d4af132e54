import type { Role } from '@app/contracts';
import type { RouteObject } from 'react-router';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { PageLoader } from '../components/page-loader.tsx';
import { RouteErrorPage } from '../components/route-error-page.tsx';
import { AreaLayout } from './area-layout.tsx';
import { HomeRedirect } from './home-redirect.tsx';
import { RequireRole } from './require-role.tsx';
import { RootLayout } from './root-layout.tsx';

// One chunk per area: every route of an area imports the same module.
const authArea = () => import('../areas/auth/auth-area.ts');

function areaRoute(
  path: string,
  role: Role,
  load: () => Promise<{ Component: React.ComponentType }>,
): RouteObject {
  return {
    // Pathless: the guard and the layout around the area's one route, `<area>/*`, which matches the area
    // root too. The area renders its own <Routes>, so the route it sits in must end in "*" (an index route
    // there made React Router warn of descendant <Routes> on every area's home page).
    element: <RequireRole role={role}>{(session) => <AreaLayout session={session} />}</RequireRole>,
    children: [{ path: `${path}/*`, lazy: load, errorElement: <RouteErrorPage embedded /> }],
  };
}

/**
 * Page paths of the web app. Mail links: /password/reset/confirm?token=…, /verify-email?token=… and
 * /email-change/cancel?token=…
 */
export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    // Shown while the first page's lazy chunk loads.
    hydrateFallbackElement: <PageLoader fullScreen />,
    children: [
      { index: true, element: <HomeRedirect /> },
      { path: 'login', lazy: async () => ({ Component: (await authArea()).LoginPage }) },
      { path: 'password/reset', lazy: async () => ({ Component: (await authArea()).PasswordResetPage }) },
      {
        path: 'password/reset/confirm',
        lazy: async () => ({ Component: (await authArea()).PasswordResetConfirmPage }),
      },
      { path: 'verify-email', lazy: async () => ({ Component: (await authArea()).VerifyEmailPage }) },
      {
        path: 'email-change/cancel',
        lazy: async () => ({ Component: (await authArea()).EmailChangeCancelPage }),
      },
      { path: 'signup', lazy: async () => ({ Component: (await authArea()).SignupPage }) },
      {
        path: 'dev/mailbox',
        lazy: async () => ({ Component: (await import('../areas/dev/mailbox-page.tsx')).MailboxPage }),
      },
      areaRoute('master', 'MASTER', async () => ({
        Component: (await import('../areas/master/master-area.tsx')).MasterArea,
      })),
      areaRoute('agency', 'AGENCY', async () => ({
        Component: (await import('../areas/agency/agency-area.tsx')).AgencyArea,
      })),
      areaRoute('client', 'CLIENT', async () => ({
        Component: (await import('../areas/client/client-area.tsx')).ClientArea,
      })),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
