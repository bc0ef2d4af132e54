import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AreaRoutes } from '../../components/area-routes.tsx';
import { navigationByRole } from '../../config/navigation.tsx';
import { BackOfficeAccountPage } from '../../features/client-account/components/own-account-panel.tsx';
import { sessionQueryOptions } from '../../features/auth/api/session.api.ts';
import { UserManagement } from '../../features/users/components/user-management.tsx';
import { MasterAgencyPages } from './master-agency-pages.tsx';
import { MasterAnnouncementPages } from './master-announcement-pages.tsx';
import { MasterAuditLogPage } from './master-audit-log-page.tsx';
import { MasterClientPages } from './master-client-pages.tsx';
import { MasterDashboardPage } from './master-dashboard-page.tsx';
import { MasterLineAccountsPage } from './master-line-accounts-page.tsx';
import { MasterPaymentsPage } from './master-payments-page.tsx';

/** The master area's pages (the layout and the role guard sit around it in the router). */
export function MasterArea() {
  const { t } = useTranslation();
  const { data: session } = useQuery(sessionQueryOptions());
  if (!session) return null;
  return (
    <AreaRoutes
      navItems={navigationByRole.MASTER}
      session={session}
      home={<MasterDashboardPage session={session} />}
      pages={{
        agencies: <MasterAgencyPages />,
        clients: <MasterClientPages />,
        'line-accounts': <MasterLineAccountsPage />,
        announcements: <MasterAnnouncementPages />,
        users: (
          <UserManagement scope="master" currentUserId={session.user.id} title={t('nav.backOfficeUsers')} />
        ),
        'audit-log': <MasterAuditLogPage />,
        payments: <MasterPaymentsPage />,
        account: <BackOfficeAccountPage area="master" />,
      }}
    />
  );
}
