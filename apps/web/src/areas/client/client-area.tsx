import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApprovalPendingNotice } from '../../components/approval-pending-notice.tsx';
import { AreaRoutes } from '../../components/area-routes.tsx';
import { WelcomePanel } from '../../components/welcome-panel.tsx';
import { isAwaitingApproval, navigationByRole } from '../../config/navigation.tsx';
import { sessionQueryOptions } from '../../features/auth/api/session.api.ts';
import { UserManagement } from '../../features/users/components/user-management.tsx';
import { ClientAccountPage, ClientAnnouncementPages, CompanySettingsPage } from './client-pages.tsx';
import { ClientDashboard } from './client-dashboard-page.tsx';
import { ClientDeliveriesPage } from './client-deliveries-page.tsx';
import { ClientAutomationPage } from './client-automation-page.tsx';
import { ClientInflowPage } from './client-inflow-page.tsx';
import { ClientFriendsPage } from './client-friends-page.tsx';
import { ClientInboxPage } from './client-inbox-page.tsx';
import { ClientLineAccountPages } from './client-line-account-pages.tsx';
import { ClientBillingPage, ClientServicesPage } from './client-payment-pages.tsx';
import { ClientRichMenuPages } from './client-rich-menu-pages.tsx';
import { ClientMembersPage } from './client-members-page.tsx';
import { ClientScanPage } from './client-scan-page.tsx';
import { ClientNotificationsPage } from './client-notifications-page.tsx';
import { ClientShiftPages } from './client-shift-pages.tsx';

/**
 * The client area's pages (the layout and the role guard sit around it in the router). While the
 * client awaits approval, the pages that open only after it say so instead.
 */
export function ClientArea() {
  const { t } = useTranslation();
  const { data: session } = useQuery(sessionQueryOptions());
  if (!session) return null;
  const isPending = isAwaitingApproval(session);
  const pages: Record<string, ReactNode> = {
    'line-accounts': <ClientLineAccountPages session={session} />,
    inbox: <ClientInboxPage session={session} />,
    friends: <ClientFriendsPage session={session} />,
    'rich-menus': <ClientRichMenuPages session={session} />,
    members: <ClientMembersPage session={session} />,
    scan: <ClientScanPage session={session} />,
    users: <UserManagement scope="client" currentUserId={session.user.id} title={t('nav.users')} />,
    settings: <CompanySettingsPage />,
    account: <ClientAccountPage session={session} />,
    announcements: <ClientAnnouncementPages />,
    services: <ClientServicesPage session={session} />,
    billing: <ClientBillingPage session={session} />,
    shift: <ClientShiftPages session={session} />,
    notifications: <ClientNotificationsPage session={session} />,
    deliveries: <ClientDeliveriesPage session={session} />,
    automation: <ClientAutomationPage session={session} />,
    routes: <ClientInflowPage session={session} />,
  };
  if (isPending) {
    for (const item of navigationByRole.CLIENT) {
      if (!item.isOpenWhilePending) pages[item.path] = <ApprovalPendingNotice />;
    }
  }
  return (
    <AreaRoutes
      navItems={navigationByRole.CLIENT}
      session={session}
      home={
        <>
          {isPending && <ApprovalPendingNotice />}
          <WelcomePanel session={session} />
          {!isPending && <ClientDashboard />}
        </>
      }
      pages={pages}
    />
  );
}
