import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router';
import { BackLink } from '../../components/back-link.tsx';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { WithIdParam } from '../../components/with-id-param.tsx';
import { paths } from '../../config/routes.ts';
import {
  ownAgencyQueryOptions,
  ownCommissionsQueryOptions,
  useAgencySignupClientMutation,
} from '../../features/agencies/api/agencies.api.ts';
import { AgencyClientSignupForm } from '../../features/agencies/components/agency-client-signup-form.tsx';
import { CommissionTable } from '../../features/agencies/components/commission-table.tsx';
import { SignupLinkCard } from '../../features/agencies/components/signup-link-card.tsx';
import {
  agencyClientQueryOptions,
  agencyClientsQueryOptions,
} from '../../features/clients/api/clients.api.ts';
import { ClientDetailCard } from '../../features/clients/components/client-detail-card.tsx';
import {
  ClientListToolbar,
  ClientTable,
  statusFilterOf,
} from '../../features/clients/components/client-table.tsx';
import { useListParams } from '../../lib/use-list-params.ts';

const clientsBase = `${paths.agency}/clients`;

function AgencyClientListPage() {
  const { t } = useTranslation();
  const params = useListParams();
  const query = useQuery(
    agencyClientsQueryOptions({
      page: params.page,
      limit: params.limit,
      search: params.get('search') || undefined,
      status: statusFilterOf(params),
    }),
  );
  return (
    <>
      <PageHeader title={t('nav.clients')} subtitle={t('agencyClients.subtitle')} />
      <ClientTable
        query={query}
        params={params}
        isAgencyShown={false}
        hrefOf={(c) => `${clientsBase}/${c.id}`}
        toolbar={<ClientListToolbar params={params} />}
      />
    </>
  );
}

function AgencyClientDetailPage({ id }: { id: number }) {
  const { t } = useTranslation();
  const client = useQuery(agencyClientQueryOptions(id));
  return (
    <>
      <BackLink to={clientsBase} label={t('clients.backToList')} />
      <QueryState query={client}>
        {(c) => (
          <>
            <PageHeader title={c.companyName} subtitle={c.companyNameKana} />
            <ClientDetailCard client={c} />
          </>
        )}
      </QueryState>
    </>
  );
}

/** /agency/clients and /agency/clients/:id (read-only: the operator changes contracts). */
export function AgencyClientPages() {
  return (
    <Routes>
      <Route index element={<AgencyClientListPage />} />
      <Route
        path=":id"
        element={<WithIdParam render={(id) => <AgencyClientDetailPage key={id} id={id} />} />}
      />
      <Route path="*" element={<NotFoundPage embedded />} />
    </Routes>
  );
}

/** /agency/signup-link: the link to send to a prospect, and a form to sign a client up directly. */
export function AgencySignupLinkPage({ agencyId }: { agencyId: number }) {
  const { t } = useTranslation();
  const signup = useAgencySignupClientMutation();
  const [signedUp, setSignedUp] = useState<{ company: string; email: string } | null>(null);
  return (
    <>
      <PageHeader title={t('nav.signupLink')} subtitle={t('signupLink.subtitle')} />
      <SignupLinkCard agencyId={agencyId} />
      <Card sx={{ mt: 3 }}>
        <CardContent sx={{ p: 3 }}>
          <Typography variant="h4" component="h2" sx={{ mb: 1 }}>
            {t('signupLink.formTitle')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
            {t('signupLink.formHint')}
          </Typography>
          {signedUp && (
            <Alert severity="success" role="status" sx={{ mb: 3 }} onClose={() => setSignedUp(null)}>
              {t('signupLink.done', { company: signedUp.company, email: signedUp.email })}
            </Alert>
          )}
          <AgencyClientSignupForm
            onSubmit={async (body) => {
              await signup.mutateAsync(body);
              setSignedUp({ company: body.client.companyName, email: body.user.email });
              window.scrollTo({ top: 0, behavior: 'smooth' });
            }}
          />
        </CardContent>
      </Card>
    </>
  );
}

/** /agency/commission: fee x margin rate by month. */
export function AgencyCommissionPage() {
  const { t } = useTranslation();
  const agency = useQuery(ownAgencyQueryOptions());
  const report = useQuery(ownCommissionsQueryOptions());
  return (
    <>
      <PageHeader
        title={t('nav.commission')}
        subtitle={agency.data ? t('commission.subtitle', { name: agency.data.name }) : undefined}
      />
      <QueryState query={report}>{(r) => <CommissionTable report={r} />}</QueryState>
    </>
  );
}
