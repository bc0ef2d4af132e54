import type { Role, Session } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageLoader } from '../components/page-loader.tsx';
import { useQueryFailure } from '../components/query-failure.tsx';
import { areaPathOfRole, loginPathWithNext } from '../config/routes.ts';
import { sessionQueryOptions } from '../features/auth/api/session.api.ts';

/**
 * Route guard of an area: nobody signed in -> the login page (coming back here after);
 * signed in with another role -> that role's own area.
 */
export function RequireRole({ role, children }: { role: Role; children: (session: Session) => ReactNode }) {
  const location = useLocation();
  const session = useQuery(sessionQueryOptions());
  const failure = useQueryFailure(session);
  if (session.isPending) return <PageLoader fullScreen />;
  if (session.isError) return failure;
  if (!session.data) return <Navigate to={loginPathWithNext(location.pathname + location.search)} replace />;
  if (session.data.role !== role) return <Navigate to={areaPathOfRole[session.data.role]} replace />;
  return children(session.data);
}
