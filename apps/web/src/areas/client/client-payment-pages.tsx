import { can, type Session } from '@app/contracts';
import ChatOutlined from '@mui/icons-material/ChatOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
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
import { BillingPanel } from '../../features/payments/components/billing-panel.tsx';
import { ServiceCatalogue } from '../../features/payments/components/service-catalogue.tsx';
import { servicesQueryOptions } from '../../features/services/api/services.api.ts';

/** A page about one LINE account (?lineAccountId=N; the first active one when none is named). */
function LineAccountPage({
  title,
  subtitleKey,
  children,
}: {
  title: string;
  subtitleKey: string;
  children: (lineAccountId: number) => ReactNode;
}) {
  const { t } = useTranslation();
  const accounts = useQuery(lineAccountsQueryOptions());
  const accountsFailure = useQueryFailure(accounts);
  const lineAccountId = useLineAccountIdParam();
  const [, setSearchParams] = useSearchParams();
  const list = accounts.data?.data ?? [];
  const selected = list.find((a) => a.id === lineAccountId);
  const fallback = list.find((a) => a.status === 'ACTIVE') ?? list[0];
  useEffect(() => {
    if (!selected && fallback) setSearchParams({ lineAccountId: String(fallback.id) }, { replace: true });
  }, [selected, fallback, setSearchParams]);
  const header = (
    <PageHeader
      title={title}
      subtitle={selected ? t(subtitleKey, { name: selected.title || selected.displayName }) : undefined}
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
  if (accounts.isError) {
    return (
      <>
        {header}
        <Card>{accountsFailure}</Card>
      </>
    );
  }
  if (list.length === 0) {
    return (
      <>
        {header}
        <Card>
          <StatusState
            icon={<ChatOutlined />}
            title={t('payments.noAccount.title')}
            description={t('payments.noAccount.description')}
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
      {selected ? <div key={selected.id}>{children(selected.id)}</div> : <PageLoader />}
    </>
  );
}

/** /client/billing?lineAccountId=N: お支払い (cards, subscriptions and next billing, history). */
export function ClientBillingPage({ session }: { session: Session }) {
  const { t } = useTranslation();
  const canManage = can(session.role, session.position, 'client.billing.manage');
  return (
    <LineAccountPage title={t('nav.billing')} subtitleKey="payments.billingSubtitle">
      {(lineAccountId) => <BillingPanel lineAccountId={lineAccountId} canManage={canManage} />}
    </LineAccountPage>
  );
}

/** /client/services?lineAccountId=N: サービス (the catalogue with prices; subscribe and cancel). */
export function ClientServicesPage({ session }: { session: Session }) {
  const { t } = useTranslation();
  const canManage = can(session.role, session.position, 'client.billing.manage');
  const catalogue = useQuery(servicesQueryOptions());
  const failure = useQueryFailure(catalogue);
  return (
    <LineAccountPage title={t('nav.services')} subtitleKey="payments.servicesSubtitle">
      {(lineAccountId) =>
        catalogue.isPending ? (
          <PageLoader />
        ) : catalogue.isError ? (
          <Card>{failure}</Card>
        ) : (
          <ServiceCatalogue
            services={catalogue.data.data}
            lineAccountId={lineAccountId}
            canManage={canManage}
            billingHref={`${paths.client}/billing?lineAccountId=${lineAccountId}`}
          />
        )
      }
    </LineAccountPage>
  );
}
