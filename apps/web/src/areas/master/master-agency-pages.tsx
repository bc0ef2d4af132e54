import AddOutlined from '@mui/icons-material/AddOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Route, Routes, useNavigate } from 'react-router';
import { BackLink } from '../../components/back-link.tsx';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { useRendersQueryFailure } from '../../lib/query-meta.ts';
import { WithIdParam } from '../../components/with-id-param.tsx';
import { paths } from '../../config/routes.ts';
import {
  agenciesQueryOptions,
  agencyCommissionsQueryOptions,
  agencyQueryOptions,
  useCreateAgencyMutation,
  useUpdateAgencyMutation,
} from '../../features/agencies/api/agencies.api.ts';
import { AgencyForm } from '../../features/agencies/components/agency-form.tsx';
import { AgencyTable, formatRate } from '../../features/agencies/components/agency-table.tsx';
import { CommissionTable } from '../../features/agencies/components/commission-table.tsx';
import { masterClientsQueryOptions } from '../../features/clients/api/clients.api.ts';
import { ClientTable } from '../../features/clients/components/client-table.tsx';
import { formatMonth, formatYen } from '../../lib/format.ts';
import { showToast } from '../../lib/toast-store.ts';
import { useListParams } from '../../lib/use-list-params.ts';

const base = `${paths.master}/agencies`;

function AgencyListPage() {
  const { t } = useTranslation();
  const params = useListParams();
  const query = useQuery(
    agenciesQueryOptions({
      page: params.page,
      limit: params.limit,
      search: params.get('search') || undefined,
    }),
  );
  const createButton = (
    <Button variant="contained" startIcon={<AddOutlined />} component={RouterLink} to={`${base}/new`}>
      {t('agencies.new')}
    </Button>
  );
  return (
    <>
      <PageHeader title={t('nav.agencies')} subtitle={t('agencies.subtitle')} actions={createButton} />
      <AgencyTable
        query={query}
        params={params}
        hrefOf={(a) => `${base}/${a.id}`}
        emptyAction={createButton}
      />
    </>
  );
}

function AgencyCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateAgencyMutation();
  return (
    <>
      <BackLink to={base} label={t('agencies.backToList')} />
      <PageHeader title={t('agencies.new')} />
      <Card>
        <CardContent sx={{ p: 3 }}>
          <AgencyForm
            onCancel={() => void navigate(base)}
            onSubmit={async (body) => {
              const agency = await create.mutateAsync(body);
              showToast(t('agencies.created', { name: agency.name }), 'success');
              await navigate(`${base}/${agency.id}`);
            }}
          />
        </CardContent>
      </Card>
    </>
  );
}

function Figure({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent sx={{ p: 2.5 }}>
        <Typography variant="caption" color="text.secondary">
          {label}
        </Typography>
        <Typography sx={{ fontWeight: 700, fontSize: '1.35rem' }}>{value}</Typography>
      </CardContent>
    </Card>
  );
}

function AgencyDetailPage({ id }: { id: number }) {
  const { t } = useTranslation();
  const agency = useQuery(agencyQueryOptions(id));
  const params = useListParams(10);
  const clients = useQuery(
    masterClientsQueryOptions({ agencyId: String(id), page: params.page, limit: params.limit }),
  );
  const commissions = useQuery(agencyCommissionsQueryOptions(id));
  // Their tables stand inside the agency's QueryState: they show these failures once the agency is in.
  useRendersQueryFailure(clients);
  useRendersQueryFailure(commissions);
  return (
    <>
      <BackLink to={base} label={t('agencies.backToList')} />
      <QueryState query={agency}>
        {(a) => (
          <>
            <PageHeader
              title={a.name}
              subtitle={`〒${a.postalCode} ${a.prefecture}${a.city}${a.addressOther}${a.building ? ` ${a.building}` : ''}`}
              actions={
                <Button
                  variant="outlined"
                  startIcon={<EditOutlined />}
                  component={RouterLink}
                  to={`${base}/${id}/edit`}
                >
                  {t('common.edit')}
                </Button>
              }
            />
            <Grid container spacing={2} sx={{ mb: 3 }}>
              <Grid size={{ xs: 6, md: 3 }}>
                <Figure label={t('agencies.marginRate')} value={formatRate(a.marginRate)} />
              </Grid>
              <Grid size={{ xs: 6, md: 3 }}>
                <Figure label={t('agencies.clientCount')} value={a.clientCount} />
              </Grid>
              <Grid size={{ xs: 6, md: 3 }}>
                <Figure label={t('agencies.activeClientCount')} value={a.activeClientCount} />
              </Grid>
              <Grid size={{ xs: 6, md: 3 }}>
                <Figure
                  label={t('agencies.monthCommission', { month: formatMonth(a.currentMonth) })}
                  value={formatYen(a.currentMonthCommission)}
                />
              </Grid>
            </Grid>
            <Typography variant="h3" component="h2" sx={{ mb: 1.5 }}>
              {t('agencies.clients')}
            </Typography>
            <ClientTable
              query={clients}
              params={params}
              isAgencyShown={false}
              hrefOf={(c) => `${paths.master}/clients/${c.id}`}
            />
            <Typography variant="h3" component="h2" sx={{ mt: 4, mb: 1.5 }}>
              {t('nav.commission')}
            </Typography>
            <QueryState query={commissions}>{(report) => <CommissionTable report={report} />}</QueryState>
          </>
        )}
      </QueryState>
    </>
  );
}

function AgencyEditPage({ id }: { id: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const agency = useQuery(agencyQueryOptions(id));
  const update = useUpdateAgencyMutation(id);
  const detail = `${base}/${id}`;
  return (
    <>
      <BackLink to={detail} label={t('agencies.backToDetail')} />
      <QueryState query={agency}>
        {(a) => (
          <>
            <PageHeader title={t('agencies.editTitle', { name: a.name })} />
            <Card>
              <CardContent sx={{ p: 3 }}>
                <AgencyForm
                  agency={a}
                  onCancel={() => void navigate(detail)}
                  onSubmit={async (body) => {
                    await update.mutateAsync(body);
                    showToast(t('common.saved'), 'success');
                    await navigate(detail);
                  }}
                />
              </CardContent>
            </Card>
          </>
        )}
      </QueryState>
    </>
  );
}

/** /master/agencies, /new, /:id, /:id/edit */
export function MasterAgencyPages() {
  return (
    <Routes>
      <Route index element={<AgencyListPage />} />
      <Route path="new" element={<AgencyCreatePage />} />
      <Route path=":id" element={<WithIdParam render={(id) => <AgencyDetailPage key={id} id={id} />} />} />
      <Route path=":id/edit" element={<WithIdParam render={(id) => <AgencyEditPage key={id} id={id} />} />} />
      <Route path="*" element={<NotFoundPage embedded />} />
    </Routes>
  );
}
