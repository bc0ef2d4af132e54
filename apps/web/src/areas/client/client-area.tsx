import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AreaRoutes } from '../../components/area-routes.tsx';
import { WelcomePanel } from '../../components/welcome-panel.tsx';
import { navigationByRole } from '../../config/navigation.tsx';
import { sessionQueryOptions } from '../../features/auth/api/session.api.ts';
import { UserManagement } from '../../features/users/components/user-management.tsx';
import { ClientAccountPage, ClientAnnouncementPages, CompanySettingsPage } from './client-pages.tsx';
import { ClientFriendsPage } from './client-friends-page.tsx';
import { ClientLineAccountPages } from './client-line-account-pages.tsx';

/** The client area's pages (the layout and the role guard sit around it in the router). */
export function ClientArea() {
  const { t } = useTranslation();
  const { data: session } = useQuery(sessionQueryOptions());
  if (!session) return null;
  return (
    <AreaRoutes
      navItems={navigationByRole.CLIENT}
      session={session}
      home={<WelcomePanel session={session} />}
      pages={{
        'line-accounts': <ClientLineAccountPages session={session} />,
        friends: <ClientFriendsPage session={session} />,
        users: <UserManagement scope="client" currentUserId={session.user.id} title={t('nav.users')} />,
        settings: <CompanySettingsPage />,
        account: <ClientAccountPage session={session} />,
        announcements: <ClientAnnouncementPages />,
      }}
    />
  );
}
