import { useQuery } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { PageLoader } from '../components/page-loader.tsx';
import { areaPathOfRole, paths } from '../config/routes.ts';
import { sessionQueryOptions } from '../features/auth/api/session.api.ts';

/** `/`: the user's own area, or the login page. */
export function HomeRedirect() {
  const session = useQuery(sessionQueryOptions());
  if (session.isPending) return <PageLoader fullScreen />;
  return <Navigate to={session.data ? areaPathOfRole[session.data.role] : paths.login} replace />;
}
