import { contractStatuses } from '@app/contracts';
import Card from '@mui/material/Card';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useQueryFailure } from '../../components/query-failure.tsx';
import { paths } from '../../config/routes.ts';
import { ContractStatusChip } from '../../features/clients/components/contract-status-chip.tsx';
import { agencyDashboardQueryOptions } from '../../features/dashboard/api/dashboard.api.ts';
import { CommissionChart } from '../../features/dashboard/components/chart-loaders.ts';
import { ChartSlot } from '../../features/dashboard/components/chart-slot.tsx';
import { FigureTile } from '../../features/dashboard/components/figure-tile.tsx';
import { formatCount, formatYen } from '../../lib/format.ts';

const CHART_HEIGHT = 260;
const placeholderStatuses = contractStatuses.map((status) => ({ status, count: 0 }));

/** The agency's dashboard: its clients by contract status (each links to the list) and its commission by month. */
export function AgencyDashboard() {
  const { t } = useTranslation();
  const figures = useQuery(agencyDashboardQueryOptions());
  const failure = useQueryFailure(figures);
  const data = figures.data;
  const isPending = figures.isPending;
  const clients = `${paths.agency}/clients`;
  const thisMonth = data?.months.at(-1);
  return (
    <>
      {failure && <Card sx={{ mb: 3 }}>{failure}</Card>}
      <Typography variant="h4" component="h2" sx={{ mb: 1.5, mt: 4 }}>
        {t('agencyDashboard.clientsByStatus')}
      </Typography>
      <Grid container spacing={2} sx={{ mb: 4 }}>
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
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 4 }}>
          <Stack spacing={2}>
            <FigureTile
              label={t('agencyDashboard.monthlyRecurringFees')}
              note={t('agencyDashboard.monthlyRecurringFeesNote')}
              to={`${clients}?status=ACTIVE`}
              isPending={isPending}
              value={data ? formatYen(data.monthlyRecurringFees) : '—'}
            />
            <FigureTile
              label={t('agencyDashboard.thisMonthCommission')}
              note={data ? t('agencyDashboard.marginRate', { rate: data.marginRate }) : null}
              to={`${paths.agency}/commission`}
              isPending={isPending}
              value={thisMonth ? formatYen(thisMonth.commission) : '—'}
              testId="this-month-commission"
            />
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 8 }}>
          <ChartSlot
            title={t('agencyDashboard.commissionByMonth')}
            height={CHART_HEIGHT}
            isPending={isPending || !data}
            testId="chart-commission"
          >
            {data && <CommissionChart months={data.months} height={CHART_HEIGHT} />}
          </ChartSlot>
        </Grid>
      </Grid>
    </>
  );
}
