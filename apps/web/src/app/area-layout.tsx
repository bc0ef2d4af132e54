import { can, type Session } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigate } from 'react-router';
import { AppShell, type ShellNavItem } from '../components/app-shell/app-shell.tsx';
import { roleLabel } from '../components/role-label.ts';
import { isAwaitingApproval, navigationOf } from '../config/navigation.tsx';
import { areaPathOfRole, paths } from '../config/routes.ts';
import { unreadAnnouncementCountQueryOptions } from '../features/announcements/api/announcements.api.ts';
import { useLogoutMutation } from '../features/auth/api/session.api.ts';
import { inboxUnreadQueryOptions } from '../features/friends/api/inbox.api.ts';
import { useBranding } from '../features/branding/api/use-branding.ts';
import { lineAccountsQueryOptions } from '../features/line-accounts/api/line-accounts.api.ts';
import {
  rememberLineAccountId,
  useLineAccountIdParam,
  useRememberedLineAccountId,
} from '../lib/line-account-param.ts';
import { fullName } from '../lib/format.ts';

/**
 * The client area remembers the LINE account it works on (the one a page names, else its first active one),
 * so that its branding holds on the pages that name none; one that is no longer the client's is replaced.
 */
function useRememberLineAccount(session: Session, named: number | null) {
  const isClient = session.role === 'CLIENT' && !isAwaitingApproval(session);
  const accounts = useQuery({ ...lineAccountsQueryOptions(), enabled: isClient });
  const remembered = useRememberedLineAccountId();
  const list = accounts.data?.data;
  useEffect(() => {
    if (!isClient) return;
    // A page that names an account is remembered at once (a move to another page before the list has
    // loaded keeps it); the list then replaces one that is not the client's.
    if (!list) {
      if (named !== null) rememberLineAccountId(named);
      return;
    }
    const isOwn = (id: number | null) => id !== null && list.some((a) => a.id === id);
    if (isOwn(named)) rememberLineAccountId(named);
    else if (!isOwn(remembered)) {
      rememberLineAccountId((list.find((a) => a.status === 'ACTIVE') ?? list[0])?.id ?? null);
    }
  }, [isClient, list, named, remembered]);
}

/** The signed-in frame of an area: navigation the permission table allows, user menu, branding. */
export function AreaLayout({ session }: { session: Session }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogoutMutation();
  const branding = useBranding();
  const lineAccountId = useLineAccountIdParam();
  const base = areaPathOfRole[session.role];
  // Keep the account's branding while moving around the area.
  const suffix = lineAccountId ? `?lineAccountId=${lineAccountId}` : '';
  // Client users see how many announcements they have not opened yet.
  const unread = useQuery({ ...unreadAnnouncementCountQueryOptions(), enabled: session.role === 'CLIENT' });
  // ... and how many messages from friends wait unread in the チャット.
  const inboxUnread = useQuery({
    ...inboxUnreadQueryOptions(),
    enabled: session.role === 'CLIENT' && !isAwaitingApproval(session),
  });
  useRememberLineAccount(session, lineAccountId);

  const navItems: ShellNavItem[] = navigationOf(session)
    .filter((item) => can(session.role, session.position, item.permission))
    .map((item) => ({
      to: `${item.path ? `${base}/${item.path}` : base}${suffix}`,
      label: t(item.labelKey),
      icon: item.icon,
      end: item.path === '',
      badge:
        session.role !== 'CLIENT'
          ? undefined
          : item.path === 'announcements'
            ? unread.data
            : item.path === 'inbox'
              ? inboxUnread.data?.unread
              : undefined,
    }));

  return (
    <AppShell
      areaLabel={t(`areas.${session.role}`)}
      navItems={navItems}
      user={{
        name: fullName(session.user),
        roleLabel: roleLabel(t, session.role, session.position),
        organization: session.client?.companyName ?? session.agency?.name ?? null,
      }}
      onLogout={() =>
        logout.mutate(undefined, { onSettled: () => void navigate(paths.login, { replace: true }) })
      }
      logoUrl={branding?.logoUrl}
      brandTitle={branding?.title}
    >
      <Outlet />
    </AppShell>
  );
}
