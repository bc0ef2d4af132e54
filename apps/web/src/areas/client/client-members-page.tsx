import { can, type Session } from '@app/contracts';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
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
  memberAttributesQueryOptions,
  memberSettingsQueryOptions,
} from '../../features/members/api/members.api.ts';
import { AttributeEditor } from '../../features/members/components/attribute-editor.tsx';
import { MemberCardSettings } from '../../features/members/components/member-card-settings.tsx';
import { MemberDrawer } from '../../features/members/components/member-drawer.tsx';
import { MemberTable } from '../../features/members/components/member-table.tsx';
import { useListParams } from '../../lib/use-list-params.ts';

const tabs = ['list', 'attributes', 'card'] as const;
type TabName = (typeof tabs)[number];

function MemberService(props: { lineAccountId: number; mainColor: string; title: string; session: Session }) {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useListParams(50);
  const tab: TabName = (tabs as readonly string[]).includes(searchParams.get('tab') ?? '')
    ? (searchParams.get('tab') as TabName)
    : 'list';
  const attributes = useQuery(memberAttributesQueryOptions(props.lineAccountId));
  const settings = useQuery(memberSettingsQueryOptions(props.lineAccountId));
  const failure = useQueryFailure(attributes.isError ? attributes : settings);
  const raw = searchParams.get('member');
  const openId = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  const setParam = (name: string, value: string | null) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      if (value === null) next.delete(name);
      else next.set(name, value);
      return next;
    });
  const { role, position } = props.session;
  const canManage = can(role, position, 'member.manage');
  if (attributes.isPending || settings.isPending) return <PageLoader />;
  if (!attributes.data || !settings.data) return <Card>{failure}</Card>;
  return (
    <>
      <Tabs
        value={tab}
        onChange={(_, value: TabName) => setParam('tab', value === 'list' ? null : value)}
        sx={{ mb: 2 }}
      >
        {tabs.map((name) => (
          <Tab key={name} value={name} label={t(`members.tabs.${name}`)} />
        ))}
      </Tabs>
      {tab === 'list' ? (
        <>
          <MemberTable
            lineAccountId={props.lineAccountId}
            attributes={attributes.data}
            params={params}
            canExport={canManage}
            onOpen={(m) => setParam('member', String(m.memberId))}
          />
          <MemberDrawer
            lineAccountId={props.lineAccountId}
            memberId={openId}
            canManage={canManage}
            canWork={can(role, position, 'member.work')}
            onClose={() => setParam('member', null)}
          />
        </>
      ) : null}
      {tab === 'attributes' ? (
        <AttributeEditor
          lineAccountId={props.lineAccountId}
          attributes={attributes.data}
          canManage={canManage}
        />
      ) : null}
      {tab === 'card' ? (
        <MemberCardSettings
          lineAccountId={props.lineAccountId}
          settings={settings.data}
          mainColor={props.mainColor}
          title={props.title}
          canManage={canManage}
        />
      ) : null}
    </>
  );
}

/** /client/members?lineAccountId=N: the member service (KS-001) of one LINE account. */
export function ClientMembersPage({ session }: { session: Session }) {
  const { t } = useTranslation();
  const accounts = useQuery(lineAccountsQueryOptions());
  const accountsFailure = useQueryFailure(accounts);
  const lineAccountId = useLineAccountIdParam();
  const [, setSearchParams] = useSearchParams();
  const list = (accounts.data?.data ?? []).filter((a) =>
    a.services.some((s) => s.serviceCode === 'KS-001' && s.status === 'ACTIVE'),
  );
  const selected = list.find((a) => a.id === lineAccountId);
  const fallback = list[0];
  useEffect(() => {
    if (!selected && fallback) {
      // Keep the rest of the address (tab, filters): a link may name them without an account.
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

  const header = (
    <PageHeader
      title={t('nav.members')}
      subtitle={selected ? t('members.subtitle', { name: selected.displayName }) : undefined}
      actions={
        list.length > 1 ? (
          <LineAccountPicker
            accounts={list}
            value={selected?.id ?? null}
            onChange={(id) => setSearchParams({ lineAccountId: String(id) })}
          />
        ) : undefined
      }
    />
  );
  if (accounts.isPending) return <PageLoader />;
  if (accounts.isError)
    return (
      <>
        {header}
        <Card>{accountsFailure}</Card>
      </>
    );
  if (list.length === 0) {
    return (
      <>
        {header}
        <Card>
          <StatusState
            icon={<BadgeOutlined />}
            title={t('members.noService.title')}
            description={t('members.noService.description')}
            action={
              <Button variant="contained" component={RouterLink} to={`${paths.client}/line-accounts`}>
                {t('nav.lineAccounts')}
              </Button>
            }
          />
        </Card>
      </>
    );
  }
  return (
    <>
      {header}
      {selected ? (
        <MemberService
          key={selected.id}
          lineAccountId={selected.id}
          mainColor={selected.mainColor}
          title={selected.title || selected.displayName}
          session={session}
        />
      ) : (
        <PageLoader />
      )}
    </>
  );
}
