import type { ShiftClosure } from '@app/contracts';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useQueryFailure } from '../../components/query-failure.tsx';
import {
  monthlyShiftsQueryOptions,
  normalRulesQueryOptions,
  remarksQueryOptions,
  shiftPatternsQueryOptions,
  specialRulesQueryOptions,
} from '../../features/shift/api/shift.api.ts';
import { shiftPeriodKey, type TablePeriod } from '../../features/shift/lib/shift-grid-model.ts';
import { GRID_HEIGHT } from '../../features/shift/components/shift-grid-styles.ts';
import { ShiftTableView } from '../../features/shift/components/shift-table-view.tsx';
import { formatDate } from '../../lib/format.ts';

/** The shift table of a period: its title and the steps to the periods around it, then the loaded table. */
export function ShiftTable({
  storeId,
  closure,
  period,
  canManage,
  onPeriodChange,
}: {
  storeId: number;
  closure: ShiftClosure;
  period: TablePeriod;
  canManage: boolean;
  onPeriodChange: (key: string) => void;
}) {
  const { t } = useTranslation();
  const monthly = useQuery(monthlyShiftsQueryOptions(storeId, period.year, period.month));
  const remarks = useQuery(remarksQueryOptions(storeId, period.startDate, period.endDate));
  const weekly = useQuery(normalRulesQueryOptions(storeId));
  const special = useQuery(specialRulesQueryOptions(storeId, period.startDate, period.endDate));
  const patterns = useQuery(shiftPatternsQueryOptions(storeId));
  const failure = useQueryFailure(monthly);

  const title = period.key.includes('-H')
    ? t(`shift.table.half${period.key.endsWith('H1') ? '1' : '2'}`, {
        year: period.year,
        month: period.month,
      })
    : t('shift.table.month', { year: period.year, month: period.month });

  return (
    <Box>
      <Stack direction="row" spacing={1} useFlexGap sx={{ mb: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
        <IconButton
          aria-label={t('shift.table.previous')}
          onClick={() => onPeriodChange(shiftPeriodKey(period.key, -1))}
        >
          <ChevronLeft />
        </IconButton>
        <Typography variant="h3" component="h2" sx={{ minWidth: 180, textAlign: 'center' }}>
          {title}
        </Typography>
        <IconButton
          aria-label={t('shift.table.next')}
          onClick={() => onPeriodChange(shiftPeriodKey(period.key, 1))}
        >
          <ChevronRight />
        </IconButton>
        {closure.openPeriod && closure.openPeriod.key !== period.key && (
          <Button size="small" onClick={() => onPeriodChange(closure.openPeriod!.key)}>
            {t('shift.table.openPeriod')}
          </Button>
        )}
        {closure.openPeriod?.key === period.key && (
          <Typography variant="body2" color="text.secondary">
            {t('shift.table.closes', { date: formatDate(closure.openPeriod.closingDate) })}
          </Typography>
        )}
      </Stack>
      {monthly.isError ? (
        <Box sx={{ height: GRID_HEIGHT }}>{failure}</Box>
      ) : monthly.data ? (
        <ShiftTableView
          key={period.key}
          storeId={storeId}
          period={period}
          division={closure.timeDivisionSetting}
          staff={monthly.data.staff}
          shifts={monthly.data.shifts}
          remarks={remarks.data ?? []}
          weekly={weekly.data ?? []}
          special={special.data ?? []}
          patterns={patterns.data ?? []}
          canManage={canManage}
        />
      ) : (
        <GridSkeleton />
      )}
    </Box>
  );
}

/** The same box the grid takes, so the page does not jump when the month arrives. */
function GridSkeleton() {
  const { t } = useTranslation();
  return (
    <Box role="status" aria-busy="true" aria-label={t('common.loading')}>
      <Box sx={{ height: 40, mb: 1.5 }} />
      <Skeleton variant="rounded" sx={{ height: GRID_HEIGHT }} />
    </Box>
  );
}
