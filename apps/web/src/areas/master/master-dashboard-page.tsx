import { contractStatuses, type Session } from '@app/contracts';
import ArrowForwardOutlined from '@mui/icons-material/ArrowForwardOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQueries, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../config/routes.ts';
import { agenciesQueryOptions } from '../../features/agencies/api/agencies.api.ts';
import { announcementsQueryOptions } from '../../features/announcements/api/announcements.api.ts';
import { clientSearchQueryOptions } from '../../features/clients/api/clients.api.ts';
import { ContractStatusChip } from '../../features/clients/components/contract-status-chip.tsx';
import { failedPaymentsQueryOptions } from '../../features/payments/api/payments.api.ts';
import { masterUsersQueryOptions } from '../../features/users/api/users.api.ts';
import { fullName } from '../../lib/format.ts';
import { useRendersQueryFailure } from '../../lib/query-meta.ts';

type CountQuery = UseQueryResult<{ pagination: { totalItems: number } }>;

/** A tile's count; a count that cannot be read shows as a dash on its tile. */
function Count({ query }: { query: CountQuery }) {
  useRendersQueryFailure(query);
  if (query.isPending) return <Skeleton width={48} height={40} />;
  if (query.isError) return <Typography color="text.secondary">—</Typography>;
  return (
    <Typography component="span" sx={{ fontSize: '1.9rem', fontWeight: 800, lineHeight: 1.2 }}>
      {query.data.pagination.totalItems.toLocaleString('en-US')}
    </Typography>
  );
}

/** A number that links to the list it counts. */
function CountCard({ label, to, query }: { label: React.ReactNode; to: string; query: CountQuery }) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardActionArea component={RouterLink} to={to} sx={{ height: '100%' }}>
        <CardContent sx={{ p: 2.5 }}>
          <Box
            sx={{
              display: 'flex',
              justifyContent: 'space-between',
              alignItems: 'center',
              mb: 1,
              minHeight: 24,
            }}
          >
            <Typography component="div" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <ArrowForwardOutlined fontSize="small" color="action" />
          </Box>
          <Count query={query} />
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

const countOnly = { page: 1, limit: 1 } as const;

/** /master: how many clients per contract status, agencies, users and announcements; each links to its list. */
export function MasterDashboardPage({ session }: { session: Session }) {
  const { t } = useTranslation();
  const byStatus = useQueries({
    queries: contractStatuses.map((status) => clientSearchQueryOptions({ ...countOnly, status })),
  });
  const allClients = useQuery(clientSearchQueryOptions(countOnly));
  const agencies = useQuery(agenciesQueryOptions(countOnly));
  const users = useQuery(masterUsersQueryOptions(countOnly));
  const published = useQuery(announcementsQueryOptions({ ...countOnly, status: 'PUBLISHED' }));
  const scheduled = useQuery(announcementsQueryOptions({ ...countOnly, status: 'SCHEDULED' }));
  const failedPayments = useQuery({
    ...failedPaymentsQueryOptions(),
    select: (data) => ({ pagination: { totalItems: data.total } }),
  });
  const clients = `${paths.master}/clients`;
  return (
    <>
      <Box sx={{ mb: 4 }}>
        <Typography variant="h2" component="h1">
          {t('dashboard.greeting', { name: fullName(session.user) })}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {t('masterDashboard.intro')}
        </Typography>
      </Box>
      <Typography variant="h4" component="h2" sx={{ mb: 1.5 }}>
        {t('masterDashboard.clientsByStatus')}
      </Typography>
      <Grid container spacing={2} sx={{ mb: 4 }}>
        <Grid size={{ xs: 6, sm: 4, lg: 'grow' }}>
          <CountCard label={t('masterDashboard.allClients')} to={clients} query={allClients} />
        </Grid>
        {contractStatuses.map((status, i) => (
          <Grid key={status} size={{ xs: 6, sm: 4, lg: 'grow' }}>
            <CountCard
              label={<ContractStatusChip status={status} />}
              to={`${clients}?status=${status}`}
              query={byStatus[i]!}
            />
          </Grid>
        ))}
      </Grid>
      <Typography variant="h4" component="h2" sx={{ mb: 1.5 }}>
        {t('masterDashboard.platform')}
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 6, md: 3 }}>
          <CountCard label={t('nav.agencies')} to={`${paths.master}/agencies`} query={agencies} />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <CountCard label={t('nav.backOfficeUsers')} to={`${paths.master}/users`} query={users} />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <CountCard
            label={t('masterDashboard.publishedAnnouncements')}
            to={`${paths.master}/announcements?status=PUBLISHED`}
            query={published}
          />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <CountCard
            label={t('masterDashboard.scheduledAnnouncements')}
            to={`${paths.master}/announcements?status=SCHEDULED`}
            query={scheduled}
          />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <CountCard
            label={t('masterDashboard.failedPayments')}
            to={`${paths.master}/payments`}
            query={failedPayments}
          />
        </Grid>
      </Grid>
    </>
  );
}
