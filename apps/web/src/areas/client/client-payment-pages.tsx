import { can, type Session } from '@app/contracts';
import Card from '@mui/material/Card';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { useQueryFailure } from '../../components/query-failure.tsx';
import { paths } from '../../config/routes.ts';
import {
  LineAccountGate,
  useLineAccountSelection,
} from '../../features/line-accounts/components/line-account-gate.tsx';
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
  const selection = useLineAccountSelection();
  const { selected } = selection;
  return (
    <LineAccountGate
      selection={selection}
      header={
        <PageHeader
          title={title}
          subtitle={selected ? t(subtitleKey, { name: selected.displayName }) : undefined}
          actions={selection.picker ?? undefined}
        />
      }
      empty={{ title: t('payments.noAccount.title'), description: t('payments.noAccount.description') }}
    >
      {(account) => <div key={account.id}>{children(account.id)}</div>}
    </LineAccountGate>
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
