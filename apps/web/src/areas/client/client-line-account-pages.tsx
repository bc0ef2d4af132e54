import { can, type LineAccount, type Session } from '@app/contracts';
import AddOutlined from '@mui/icons-material/AddOutlined';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Route, Routes, useNavigate, useSearchParams } from 'react-router';
import { BackLink } from '../../components/back-link.tsx';
import { ForbiddenState } from '../../components/forbidden-state.tsx';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SimulatorLink } from '../../components/simulator-link.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { WithIdParam } from '../../components/with-id-param.tsx';
import { paths } from '../../config/routes.ts';
import { brandingQueryOptions } from '../../features/branding/api/branding.api.ts';
import {
  lineAccountQueryOptions,
  lineAccountsQueryOptions,
  useConnectLineAccountMutation,
  useDeactivateLineAccountMutation,
  useSetupWebhookMutation,
  useUpdateBrandingMutation,
  webhookSettingsQueryOptions,
} from '../../features/line-accounts/api/line-accounts.api.ts';
import { BrandingForm } from '../../features/line-accounts/components/branding-form.tsx';
import { ChatSettingsForm } from '../../features/line-accounts/components/chat-settings-form.tsx';
import { DeactivateLineAccountButton } from '../../features/line-accounts/components/deactivate-line-account-button.tsx';
import {
  AccountStatusChip,
  WebhookStatusChip,
} from '../../features/line-accounts/components/line-account-chips.tsx';
import { LineAccountConnectForm } from '../../features/line-accounts/components/line-account-connect-form.tsx';
import { LineAccountList } from '../../features/line-accounts/components/line-account-list.tsx';
import { LineAccountOverview } from '../../features/line-accounts/components/line-account-overview.tsx';
import { WebhookPanel } from '../../features/line-accounts/components/webhook-panel.tsx';
import { servicesQueryOptions, useLinkServiceMutation } from '../../features/services/api/services.api.ts';
import { LineAccountServicesPanel } from '../../features/services/components/line-account-services-panel.tsx';
import { showToast } from '../../lib/toast-store.ts';

const base = `${paths.client}/line-accounts`;
/** The detail opens with the account's branding (the theme swap by lineAccountId). */
export const lineAccountHref = (id: number, tab?: string) =>
  `${base}/${id}?lineAccountId=${id}${tab ? `&tab=${tab}` : ''}`;
export const friendsHref = (id: number) => `${paths.client}/friends?lineAccountId=${id}`;

const canConnect = (session: Session) => can(session.role, session.position, 'client.settings.manage');

function LineAccountListPage({ session }: { session: Session }) {
  const { t } = useTranslation();
  const accounts = useQuery(lineAccountsQueryOptions());
  const connectButton = canConnect(session) ? (
    <Button variant="contained" startIcon={<AddOutlined />} component={RouterLink} to={`${base}/new`}>
      {t('lineAccounts.connect.button')}
    </Button>
  ) : undefined;
  return (
    <>
      <PageHeader
        title={t('nav.lineAccounts')}
        subtitle={t('lineAccounts.subtitle')}
        actions={
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <SimulatorLink url={session.lineSimulatorUrl} />
            {connectButton}
          </Box>
        }
      />
      <LineAccountList
        query={accounts}
        hrefOf={(a) => lineAccountHref(a.id)}
        friendsHrefOf={(a) => friendsHref(a.id)}
        connectAction={connectButton}
      />
    </>
  );
}

function LineAccountConnectPage({ session }: { session: Session }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const connect = useConnectLineAccountMutation();
  if (!canConnect(session)) return <ForbiddenState />;
  return (
    <>
      <BackLink to={base} label={t('lineAccounts.backToList')} />
      <PageHeader
        title={t('lineAccounts.connect.title')}
        subtitle={t('lineAccounts.connect.subtitle')}
        actions={<SimulatorLink url={session.lineSimulatorUrl} />}
      />
      <Card sx={{ p: { xs: 2, sm: 3 } }}>
        <LineAccountConnectForm
          onCancel={() => void navigate(base)}
          onSubmit={async (body) => {
            const account = await connect.mutateAsync(body);
            showToast(t('lineAccounts.connect.done', { name: account.displayName }), 'success');
            await navigate(lineAccountHref(account.id, account.webhookStatus ? undefined : 'webhook'));
          }}
        />
      </Card>
    </>
  );
}

const tabs = ['overview', 'branding', 'chat', 'webhook'] as const;
type DetailTab = (typeof tabs)[number];

function LineAccountDetailPage({ id, session }: { id: number; session: Session }) {
  const { t } = useTranslation();
  const account = useQuery(lineAccountQueryOptions(id));
  return (
    <>
      <BackLink to={base} label={t('lineAccounts.backToList')} />
      <QueryState query={account}>{(a) => <LineAccountDetail account={a} session={session} />}</QueryState>
    </>
  );
}

function LineAccountDetail({ account, session }: { account: LineAccount; session: Session }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: DetailTab = (tabs as readonly string[]).includes(searchParams.get('tab') ?? '')
    ? (searchParams.get('tab') as DetailTab)
    : 'overview';
  const canManage = canConnect(session);
  const isActive = account.status === 'ACTIVE';

  const webhook = useQuery({ ...webhookSettingsQueryOptions(account.id), enabled: tab === 'webhook' });
  const catalogue = useQuery(servicesQueryOptions());
  const updateBranding = useUpdateBrandingMutation(account.id);
  const deactivate = useDeactivateLineAccountMutation(account.id);
  const setupWebhook = useSetupWebhookMutation(account.id);
  const refreshAccount = () =>
    queryClient.invalidateQueries({ queryKey: lineAccountQueryOptions(account.id).queryKey });
  const linkService = useLinkServiceMutation(
    account.id,
    session.client?.id ?? session.user.clientId ?? 0,
    refreshAccount,
  );

  const selectTab = (next: DetailTab) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === 'overview') params.delete('tab');
        else params.set('tab', next);
        return params;
      },
      { replace: true },
    );

  return (
    <>
      <PageHeader
        title={account.displayName}
        subtitle={
          <Box
            component="span"
            sx={{ display: 'inline-flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
          >
            {account.basicId}
            <AccountStatusChip status={account.status} />
            <WebhookStatusChip isOn={account.webhookStatus} />
          </Box>
        }
        actions={
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Button
              variant="contained"
              startIcon={<PeopleAltOutlined />}
              component={RouterLink}
              to={friendsHref(account.id)}
            >
              {t('lineAccounts.seeFriends')}
            </Button>
            <SimulatorLink url={session.lineSimulatorUrl} />
            {canManage && (
              <DeactivateLineAccountButton
                account={account}
                onConfirm={async () => {
                  // A refusal is the global toast's to show; the dialog stays open.
                  await deactivate.mutateAsync();
                  showToast(t('lineAccounts.deactivate.done'), 'success');
                }}
              />
            )}
          </Box>
        }
      />
      <Tabs
        value={tab}
        onChange={(_, next: DetailTab) => selectTab(next)}
        sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
        variant="scrollable"
        allowScrollButtonsMobile
      >
        {tabs.map((name) => (
          <Tab key={name} value={name} label={t(`lineAccounts.tabs.${name}`)} />
        ))}
      </Tabs>
      {tab === 'overview' && (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
          <LineAccountOverview account={account} />
          <Box>
            <Typography variant="h3" component="h2" sx={{ mb: 1.5 }}>
              {t('nav.services')}
            </Typography>
            <LineAccountServicesPanel
              catalogue={catalogue}
              links={account.services}
              canLink={canManage}
              isAccountActive={isActive}
              onLink={async (code) => {
                await linkService.mutateAsync(code);
                showToast(t('services.linked', { name: t(`services.names.${code}`) }), 'success');
              }}
            />
          </Box>
        </Box>
      )}
      {tab === 'branding' && (
        <Card sx={{ p: { xs: 2, sm: 3 } }}>
          <BrandingForm
            account={account}
            canEdit={canManage}
            onSubmit={async (body) => {
              await updateBranding.mutateAsync(body);
              // The theme of pages opened with this account follows at once.
              await queryClient.invalidateQueries({ queryKey: brandingQueryOptions(account.id).queryKey });
              showToast(t('common.saved'), 'success');
            }}
          />
        </Card>
      )}
      {tab === 'chat' && (
        <Card sx={{ p: { xs: 2, sm: 3 } }}>
          <ChatSettingsForm
            account={account}
            canEdit={canManage && isActive}
            onSubmit={async (body) => {
              await updateBranding.mutateAsync(body);
              showToast(t('common.saved'), 'success');
            }}
          />
        </Card>
      )}
      {tab === 'webhook' && (
        <WebhookPanel
          query={webhook}
          canEdit={canManage}
          isAccountActive={isActive}
          onSetup={() => setupWebhook.mutateAsync()}
        />
      )}
    </>
  );
}

/** /client/line-accounts: list, connect form (/new) and detail with tabs (/:id). */
export function ClientLineAccountPages({ session }: { session: Session }) {
  return (
    <Routes>
      <Route index element={<LineAccountListPage session={session} />} />
      <Route path="new" element={<LineAccountConnectPage session={session} />} />
      <Route
        path=":id"
        element={<WithIdParam render={(id) => <LineAccountDetailPage id={id} session={session} />} />}
      />
      <Route path="*" element={<NotFoundPage embedded />} />
    </Routes>
  );
}
