import { useQuery } from '@tanstack/react-query';
import { AreaRoutes } from '../../components/area-routes.tsx';
import { WelcomePanel } from '../../components/welcome-panel.tsx';
import { navigationByRole } from '../../config/navigation.tsx';
import { sessionQueryOptions } from '../../features/auth/api/session.api.ts';

/** The client area's pages (the layout and the role guard sit around it in the router). */
export function ClientArea() {
  const { data: session } = useQuery(sessionQueryOptions());
  if (!session) return null;
  return (
    <AreaRoutes
      navItems={navigationByRole.CLIENT}
      session={session}
      home={<WelcomePanel session={session} />}
    />
  );
}
