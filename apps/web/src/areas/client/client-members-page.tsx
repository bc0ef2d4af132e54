import { can, type LineAccount, type Session } from '@app/contracts';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import Card from '@mui/material/Card';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useQuery } from '@tanstack/react-query';
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
  memberAttributesQueryOptions,
  memberSettingsQueryOptions,
} from '../../features/members/api/members.api.ts';
import { AttributeEditor } from '../../features/members/components/attribute-editor.tsx';
import { MemberCardSettings } from '../../features/members/components/member-card-settings.tsx';
import { MemberDrawer } from '../../features/members/components/member-drawer.tsx';
import { MemberTable } from '../../features/members/components/member-table.tsx';
import { useListParams } from '../../lib/use-list-params.ts';
import { memberProgramQueryOptions } from '../../features/member-card/api/member-card.api.ts';
import { ProgramForm } from '../../features/member-card/components/program-form.tsx';
import { CouponManager } from '../../features/member-card/components/coupon-manager.tsx';

const tabs = ['list', 'attributes', 'card', 'program', 'coupons'] as const;
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
  const program = useQuery(memberProgramQueryOptions(props.lineAccountId));
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
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
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
      {tab === 'program' ? (
        program.isPending ? (
          <PageLoader />
        ) : (
          <ProgramForm
            lineAccountId={props.lineAccountId}
            program={program.data ?? null}
            canManage={canManage}
          />
        )
      ) : null}
      {tab === 'coupons' ? <CouponManager lineAccountId={props.lineAccountId} canManage={canManage} /> : null}
    </>
  );
}

const hasMemberService = (account: LineAccount) =>
  account.services.some((s) => s.serviceCode === 'KS-001' && s.status === 'ACTIVE');

/** /client/members?lineAccountId=N: the member service (KS-001) of one LINE account. */
export function ClientMembersPage({ session }: { session: Session }) {
  const { t } = useTranslation();
  const selection = useLineAccountSelection(hasMemberService);
  const { selected } = selection;
  return (
    <LineAccountGate
      selection={selection}
      header={
        <PageHeader
          title={t('nav.members')}
          subtitle={selected ? t('members.subtitle', { name: selected.displayName }) : undefined}
          actions={selection.picker ?? undefined}
        />
      }
      empty={{
        icon: <BadgeOutlined />,
        title: t('members.noService.title'),
        description: t('members.noService.description'),
      }}
    >
      {(account) => (
        <MemberService
          key={account.id}
          lineAccountId={account.id}
          mainColor={account.mainColor}
          title={account.displayName}
          session={session}
        />
      )}
    </LineAccountGate>
  );
}
