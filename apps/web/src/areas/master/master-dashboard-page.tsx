import { contractStatuses, type Session } from '@app/contracts';
import ArrowForwardOutlined from '@mui/icons-material/ArrowForwardOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useQueryFailure } from '../../components/query-failure.tsx';
import { paths } from '../../config/routes.ts';
import { agenciesQueryOptions } from '../../features/agencies/api/agencies.api.ts';
import { announcementsQueryOptions } from '../../features/announcements/api/announcements.api.ts';
import { ContractStatusChip } from '../../features/clients/components/contract-status-chip.tsx';
import { failedPaymentsQueryOptions } from '../../features/payments/api/payments.api.ts';
import { masterDashboardQueryOptions } from '../../features/dashboard/api/dashboard.api.ts';
import { MonthlyFeesChart, NewClientsChart } from '../../features/dashboard/components/chart-loaders.ts';
import { ChartSlot } from '../../features/dashboard/components/chart-slot.tsx';
import { FigureTile } from '../../features/dashboard/components/figure-tile.tsx';
import { masterUsersQueryOptions } from '../../features/users/api/users.api.ts';
import { formatCount, formatYen, fullName } from '../../lib/format.ts';
import { useRendersQueryFailure } from '../../lib/query-meta.ts';

type CountQuery = UseQueryResult<{ pagination: { totalItems: number } }>;

/** A tile's count; a count that cannot be read shows as a dash on its tile. */
function Count({ query }: { query: CountQuery }) {
  useRendersQueryFailure(query);
  if (query.isPending) return <Skeleton width={48} height={40} />;
  if (query.isError) return <Typography color="text.secondary">—</Typography>;
  return (
    <Typography component="span" sx={{ fontSize: '1.9rem', fontWeight: 800, lineHeight: 1.2 }}>
      {formatCount(query.data.pagination.totalItems)}
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
const placeholderStatuses = contractStatuses.map((status) => ({ status, count: 0 }));
const CHART_HEIGHT = 260;

/**
 * /master: the platform's figures from one call (clients by contract status, active LINE accounts,
 * monthly recurring fees, friends of the last 30 days; each links to its list), new clients and fees
 * by month as charts, then agencies, users and announcements.
 */
export function MasterDashboardPage({ session }: { session: Session }) {
  const { t } = useTranslation();
  const figures = useQuery(masterDashboardQueryOptions());
  const failure = useQueryFailure(figures);
  const agencies = useQuery(agenciesQueryOptions(countOnly));
  const users = useQuery(masterUsersQueryOptions(countOnly));
  const published = useQuery(announcementsQueryOptions({ ...countOnly, status: 'PUBLISHED' }));
  const scheduled = useQuery(announcementsQueryOptions({ ...countOnly, status: 'SCHEDULED' }));
  const failedPayments = useQuery(failedPaymentsQueryOptions());
  useRendersQueryFailure(failedPayments);
  const clients = `${paths.master}/clients`;
  const data = figures.data;
  const isPending = figures.isPending;
  const allClients = data?.clientsByStatus.reduce((sum, s) => sum + s.count, 0) ?? 0;
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
      {failure && <Card sx={{ mb: 4 }}>{failure}</Card>}
      <Typography variant="h4" component="h2" sx={{ mb: 1.5 }}>
        {t('masterDashboard.clientsByStatus')}
      </Typography>
      <Grid container spacing={2} sx={{ mb: 4 }}>
        <Grid size={{ xs: 6, sm: 4, lg: 'grow' }}>
          <FigureTile
            label={t('masterDashboard.allClients')}
            to={clients}
            isPending={isPending}
            value={data ? formatCount(allClients) : '—'}
          />
        </Grid>
        {(data?.clientsByStatus ?? placeholderStatuses).map(({ status, count }) => (
          <Grid key={status} size={{ xs: 6, sm: 4, lg: 'grow' }}>
            <FigureTile
              label={<ContractStatusChip status={status} />}
              to={`${clients}?status=${status}`}
              isPending={isPending}
              value={data ? formatCount(count) : '—'}
              testId={`clients-${status}`}
            />
          </Grid>
        ))}
      </Grid>
      <Typography variant="h4" component="h2" sx={{ mb: 1.5 }}>
        {t('masterDashboard.business')}
      </Typography>
      <Grid container spacing={2} sx={{ mb: 2 }}>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <FigureTile
            label={t('masterDashboard.activeLineAccounts')}
            to={`${paths.master}/line-accounts`}
            isPending={isPending}
            value={data ? formatCount(data.activeLineAccounts) : '—'}
            testId="active-line-accounts"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <FigureTile
            label={t('masterDashboard.monthlyRecurringFees')}
            note={t('masterDashboard.monthlyRecurringFeesNote')}
            to={`${clients}?status=ACTIVE`}
            isPending={isPending}
            value={data ? formatYen(data.monthlyRecurringFees) : '—'}
            testId="monthly-recurring-fees"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <FigureTile
            label={t('masterDashboard.friendsAddedLast30Days')}
            to={`${paths.master}/line-accounts`}
            isPending={isPending}
            value={data ? formatCount(data.friendsAddedLast30Days) : '—'}
            testId="friends-added"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <FigureTile
            label={t('masterDashboard.failedPayments')}
            to={`${paths.master}/payments`}
            isPending={failedPayments.isPending}
            value={failedPayments.data ? formatCount(failedPayments.data.total) : '—'}
            testId="failed-payments"
          />
        </Grid>
      </Grid>
      <Grid container spacing={2} sx={{ mb: 4 }}>
        <Grid size={{ xs: 12, md: 6 }}>
          <ChartSlot
            title={t('masterDashboard.newClientsByMonth')}
            height={CHART_HEIGHT}
            isPending={isPending || !data}
            testId="chart-new-clients"
          >
            {data && <NewClientsChart months={data.months} height={CHART_HEIGHT} />}
          </ChartSlot>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <ChartSlot
            title={t('masterDashboard.feesByMonth')}
            height={CHART_HEIGHT}
            isPending={isPending || !data}
            testId="chart-monthly-fees"
          >
            {data && <MonthlyFeesChart months={data.months} height={CHART_HEIGHT} />}
          </ChartSlot>
        </Grid>
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
      </Grid>
    </>
  );
}
