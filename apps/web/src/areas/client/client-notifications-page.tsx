import { can, type LineAccount, type Session } from '@app/contracts';
import ChatOutlined from '@mui/icons-material/ChatOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { useQueryFailure } from '../../components/query-failure.tsx';
import { StatusState } from '../../components/status-state.tsx';
import { paths } from '../../config/routes.ts';
import { useLineAccountIdParam } from '../../features/branding/api/use-branding.ts';
import { lineAccountsQueryOptions } from '../../features/line-accounts/api/line-accounts.api.ts';
import { LineAccountPicker } from '../../features/line-accounts/components/line-account-picker.tsx';
import {
  settingsQueryOptions,
  templatesQueryOptions,
} from '../../features/notifications/api/notifications.api.ts';
import { DeliveryLog } from '../../features/notifications/components/delivery-log.tsx';
import { GroupList } from '../../features/notifications/components/group-list.tsx';
import { TemplateList } from '../../features/notifications/components/template-list.tsx';

const tabs = ['groups', 'templates', 'log'] as const;
type TabName = (typeof tabs)[number];

/** The account named by ?lineAccountId (the first active one when none is): the rich menus are per account. */
function WithAccount({ children }: { children: (account: LineAccount) => React.ReactNode }) {
  const { t } = useTranslation();
  const accounts = useQuery(lineAccountsQueryOptions());
  const failure = useQueryFailure(accounts);
  const lineAccountId = useLineAccountIdParam();
  const [, setSearchParams] = useSearchParams();
  const list = accounts.data?.data ?? [];
  const selected = list.find((a) => a.id === lineAccountId);
  const fallback = list.find((a) => a.status === 'ACTIVE') ?? list[0];
  useEffect(() => {
    if (!selected && fallback) {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('lineAccountId', String(fallback.id));
          return next;
        },
        { replace: true },
      );
    }
  }, [selected, fallback, setSearchParams]);
  if (accounts.isPending) return <PageLoader />;
  if (accounts.isError) return <Card>{failure}</Card>;
  if (list.length === 0) {
    return (
      <Card>
        <StatusState
          icon={<ChatOutlined />}
          title={t('friends.noAccount.title')}
          description={t('friends.noAccount.description')}
          action={
            <Button variant="contained" component={RouterLink} to={`${paths.client}/line-accounts`}>
              {t('nav.lineAccounts')}
            </Button>
          }
        />
      </Card>
    );
  }
  return selected ? children(selected) : <PageLoader />;
}

function Notifications({ session, account }: { session: Session; account: LineAccount }) {
  const { t } = useTranslation();
  const accounts = useQuery(lineAccountsQueryOptions());
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: TabName = (tabs as readonly string[]).includes(searchParams.get('tab') ?? '')
    ? (searchParams.get('tab') as TabName)
    : 'groups';
  const templates = useQuery(templatesQueryOptions(account.id));
  const groups = useQuery(settingsQueryOptions(account.id));
  const failure = useQueryFailure(templates.isError ? templates : groups);
  const canManage = can(session.role, session.position, 'client.manage');
  const list = accounts.data?.data ?? [];
  const setTab = (value: TabName) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      if (value === 'groups') next.delete('tab');
      else next.set('tab', value);
      return next;
    });
  return (
    <>
      <PageHeader
        title={t('nav.notifications')}
        subtitle={t('notifications.subtitle', { name: account.displayName })}
        actions={
          list.length > 1 ? (
            <LineAccountPicker
              accounts={list}
              value={account.id}
              onChange={(id) => setSearchParams({ lineAccountId: String(id) })}
            />
          ) : undefined
        }
      />
      <Tabs value={tab} onChange={(_, value: TabName) => setTab(value)} sx={{ mb: 2 }}>
        {tabs.map((name) => (
          <Tab key={name} value={name} label={t(`notifications.tabs.${name}`)} />
        ))}
      </Tabs>
      {tab === 'log' ? (
        <DeliveryLog lineAccountId={account.id} />
      ) : templates.isPending || groups.isPending ? (
        <PageLoader />
      ) : !templates.data || !groups.data ? (
        <Card>{failure}</Card>
      ) : tab === 'templates' ? (
        <TemplateList lineAccountId={account.id} templates={templates.data.data} canManage={canManage} />
      ) : (
        <GroupList lineAccountId={account.id} groups={groups.data.data} canManage={canManage} />
      )}
    </>
  );
}

/** /client/notifications?lineAccountId=: groups, templates and the delivery log of one LINE account. */
export function ClientNotificationsPage({ session }: { session: Session }) {
  return <WithAccount>{(account) => <Notifications session={session} account={account} />}</WithAccount>;
}
