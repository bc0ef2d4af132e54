import { can, type LineAccount, type Session } from '@app/contracts';
import Card from '@mui/material/Card';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { useQueryFailure } from '../../components/query-failure.tsx';
import {
  LineAccountGate,
  useLineAccountSelection,
} from '../../features/line-accounts/components/line-account-gate.tsx';
import {
  settingsQueryOptions,
  templatesQueryOptions,
} from '../../features/notifications/api/notifications.api.ts';
import { DeliveryLog } from '../../features/notifications/components/delivery-log.tsx';
import { GroupList } from '../../features/notifications/components/group-list.tsx';
import { TemplateList } from '../../features/notifications/components/template-list.tsx';

const tabs = ['groups', 'templates', 'log'] as const;
type TabName = (typeof tabs)[number];

function Notifications({
  session,
  account,
  picker,
}: {
  session: Session;
  account: LineAccount;
  picker: ReactNode;
}) {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: TabName = (tabs as readonly string[]).includes(searchParams.get('tab') ?? '')
    ? (searchParams.get('tab') as TabName)
    : 'groups';
  const templates = useQuery(templatesQueryOptions(account.id));
  const groups = useQuery(settingsQueryOptions(account.id));
  const failure = useQueryFailure(templates.isError ? templates : groups);
  const canManage = can(session.role, session.position, 'client.manage');
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
        actions={picker ?? undefined}
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
  const selection = useLineAccountSelection();
  return (
    <LineAccountGate selection={selection}>
      {(account) => <Notifications session={session} account={account} picker={selection.picker} />}
    </LineAccountGate>
  );
}
