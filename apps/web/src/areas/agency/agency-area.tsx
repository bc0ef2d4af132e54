import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AreaRoutes } from '../../components/area-routes.tsx';
import { WelcomePanel } from '../../components/welcome-panel.tsx';
import { navigationByRole } from '../../config/navigation.tsx';
import { BackOfficeAccountPage } from '../../features/client-account/components/own-account-panel.tsx';
import { sessionQueryOptions } from '../../features/auth/api/session.api.ts';
import { UserManagement } from '../../features/users/components/user-management.tsx';
import { AgencyDashboard } from './agency-dashboard-page.tsx';
import { AgencyClientPages, AgencyCommissionPage, AgencySignupLinkPage } from './agency-pages.tsx';

/** The agency area's pages (the layout and the role guard sit around it in the router). */
export function AgencyArea() {
  const { t } = useTranslation();
  const { data: session } = useQuery(sessionQueryOptions());
  if (!session) return null;
  const agencyId = session.agency?.id ?? session.user.agencyId;
  return (
    <AreaRoutes
      navItems={navigationByRole.AGENCY}
      session={session}
      home={
        <>
          <WelcomePanel session={session} />
          <AgencyDashboard />
        </>
      }
      pages={{
        clients: <AgencyClientPages />,
        ...(agencyId ? { 'signup-link': <AgencySignupLinkPage agencyId={agencyId} /> } : {}),
        commission: <AgencyCommissionPage />,
        users: <UserManagement scope="agency" currentUserId={session.user.id} title={t('nav.users')} />,
        account: <BackOfficeAccountPage area="agency" />,
      }}
    />
  );
}
