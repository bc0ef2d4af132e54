import type { Permission, Role, Session } from '@app/contracts';
import SendOutlined from '@mui/icons-material/SendOutlined';
import SmartToyOutlined from '@mui/icons-material/SmartToyOutlined';
import QrCode2Outlined from '@mui/icons-material/QrCode2Outlined';
import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import QrCodeScanner from '@mui/icons-material/QrCodeScanner';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import ChatOutlined from '@mui/icons-material/ChatOutlined';
import CreditCardOutlined from '@mui/icons-material/CreditCardOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import GridViewOutlined from '@mui/icons-material/GridViewOutlined';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import HandshakeOutlined from '@mui/icons-material/HandshakeOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import LinkOutlined from '@mui/icons-material/LinkOutlined';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import type { ReactNode } from 'react';

export type NavItem = {
  /** Path inside the area; '' is the area's dashboard. */
  path: string;
  /** i18n key of the label. */
  labelKey: string;
  icon: ReactNode;
  /** The permission the table must grant to show the entry (and open the page). */
  permission: Permission;
  /** Open to a client still awaiting the operator's approval (PENDING_APPROVAL). */
  isOpenWhilePending?: boolean;
};

/** A client signed up and verified, not yet approved: only its own setup is open until then. */
export const isAwaitingApproval = (session: Pick<Session, 'role' | 'client'>) =>
  session.role === 'CLIENT' && session.client?.contractStatus === 'PENDING_APPROVAL';

/** The entries a session may use now (all of them, except while its client awaits approval). */
export const navigationOf = (session: Pick<Session, 'role' | 'client'>): NavItem[] =>
  isAwaitingApproval(session)
    ? navigationByRole[session.role].filter((item) => item.isOpenWhilePending)
    : navigationByRole[session.role];

/** The navigation of each area, as PRODUCT.md lists its screens. */
export const navigationByRole: Record<Role, NavItem[]> = {
  MASTER: [
    { path: '', labelKey: 'nav.dashboard', icon: <DashboardOutlined />, permission: 'master.read' },
    { path: 'agencies', labelKey: 'nav.agencies', icon: <HandshakeOutlined />, permission: 'master.read' },
    { path: 'clients', labelKey: 'nav.clients', icon: <BusinessOutlined />, permission: 'master.read' },
    {
      path: 'line-accounts',
      labelKey: 'nav.lineAccounts',
      icon: <ChatOutlined />,
      permission: 'master.read',
    },
    {
      path: 'announcements',
      labelKey: 'nav.announcements',
      icon: <CampaignOutlined />,
      permission: 'master.read',
    },
    { path: 'payments', labelKey: 'nav.payments', icon: <PaymentsOutlined />, permission: 'master.write' },
    {
      path: 'users',
      labelKey: 'nav.backOfficeUsers',
      icon: <ManageAccountsOutlined />,
      permission: 'master.users.manage',
    },
    {
      path: 'audit-log',
      labelKey: 'nav.auditLog',
      icon: <HistoryOutlined />,
      permission: 'master.audit.read',
    },
    { path: 'account', labelKey: 'nav.account', icon: <AccountCircleOutlined />, permission: 'self.manage' },
  ],
  AGENCY: [
    { path: '', labelKey: 'nav.dashboard', icon: <DashboardOutlined />, permission: 'agency.read' },
    { path: 'clients', labelKey: 'nav.clients', icon: <BusinessOutlined />, permission: 'agency.read' },
    {
      path: 'signup-link',
      labelKey: 'nav.signupLink',
      icon: <LinkOutlined />,
      permission: 'agency.clients.signup',
    },
    {
      path: 'commission',
      labelKey: 'nav.commission',
      icon: <AssessmentOutlined />,
      permission: 'agency.read',
    },
    {
      path: 'users',
      labelKey: 'nav.users',
      icon: <ManageAccountsOutlined />,
      permission: 'agency.users.manage',
    },
    { path: 'account', labelKey: 'nav.account', icon: <AccountCircleOutlined />, permission: 'self.manage' },
  ],
  CLIENT: [
    {
      path: '',
      labelKey: 'nav.dashboard',
      icon: <DashboardOutlined />,
      permission: 'client.read',
      isOpenWhilePending: true,
    },
    {
      path: 'line-accounts',
      labelKey: 'nav.lineAccounts',
      icon: <ChatOutlined />,
      permission: 'client.read',
    },
    { path: 'inbox', labelKey: 'nav.inbox', icon: <ForumOutlined />, permission: 'client.read' },
    { path: 'friends', labelKey: 'nav.friends', icon: <PeopleAltOutlined />, permission: 'client.read' },
    { path: 'deliveries', labelKey: 'nav.deliveries', icon: <SendOutlined />, permission: 'client.read' },
    { path: 'automation', labelKey: 'nav.automation', icon: <SmartToyOutlined />, permission: 'client.read' },
    { path: 'routes', labelKey: 'nav.inflow', icon: <QrCode2Outlined />, permission: 'client.read' },
    { path: 'rich-menus', labelKey: 'nav.richMenus', icon: <GridViewOutlined />, permission: 'client.work' },
    {
      path: 'services',
      labelKey: 'nav.services',
      icon: <StorefrontOutlined />,
      // the catalogue with this account's subscriptions: read as billing is (staff see neither)
      permission: 'client.billing.read',
    },
    { path: 'members', labelKey: 'nav.members', icon: <BadgeOutlined />, permission: 'member.read' },
    // the counter: staff scan a member card and add a visit, points or a reward
    { path: 'scan', labelKey: 'nav.scan', icon: <QrCodeScanner />, permission: 'member.work' },
    { path: 'shift', labelKey: 'nav.shift', icon: <CalendarMonthOutlined />, permission: 'client.work' },
    {
      path: 'notifications',
      labelKey: 'nav.notifications',
      icon: <NotificationsOutlined />,
      // every client user reads the groups and the log (the API allows it); managers change them
      permission: 'client.read',
    },
    {
      path: 'billing',
      labelKey: 'nav.billing',
      icon: <CreditCardOutlined />,
      permission: 'client.billing.read',
    },
    {
      path: 'announcements',
      labelKey: 'nav.announcements',
      icon: <CampaignOutlined />,
      permission: 'client.read',
    },
    {
      path: 'users',
      labelKey: 'nav.users',
      icon: <GroupOutlined />,
      permission: 'client.users.manage',
      isOpenWhilePending: true,
    },
    {
      path: 'settings',
      labelKey: 'nav.companySettings',
      icon: <SettingsOutlined />,
      permission: 'client.settings.manage',
      isOpenWhilePending: true,
    },
    {
      path: 'account',
      labelKey: 'nav.account',
      icon: <AccountCircleOutlined />,
      permission: 'self.manage',
      isOpenWhilePending: true,
    },
  ],
};
