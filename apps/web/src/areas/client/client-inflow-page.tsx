import { can, type InflowRoute, type Session } from '@app/contracts';
import AddOutlined from '@mui/icons-material/AddOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useQueryFailure } from '../../components/query-failure.tsx';
import { EmptyState } from '../../components/status-state.tsx';
import { ChartSlot } from '../../features/dashboard/components/chart-slot.tsx';
import {
  downloadRoutesCsv,
  inflowReportQueryOptions,
  useDeleteRouteMutation,
} from '../../features/inflow/api/inflow.api.ts';
import {
  RoutesFunnelChart,
  RoutesOverTimeChart,
} from '../../features/inflow/components/inflow-chart-loaders.ts';
import { RouteDialog } from '../../features/inflow/components/route-dialog.tsx';
import { RouteTable } from '../../features/inflow/components/route-table.tsx';
import {
  LineAccountGate,
  useLineAccountSelection,
} from '../../features/line-accounts/components/line-account-gate.tsx';
import { showToast } from '../../lib/toast-store.ts';
import { useShowFailure } from '../../lib/translate-message.ts';

const periods = [30, 60, 90, 180] as const;

function InflowRoutes({ lineAccountId, session }: { lineAccountId: number; session: Session }) {
  const { t } = useTranslation();
  const [days, setDays] = useState<number>(60);
  const [metric, setMetric] = useState<'visits' | 'newFriends'>('newFriends');
  const [editing, setEditing] = useState<InflowRoute | 'new' | null>(null);
  const [deleting, setDeleting] = useState<InflowRoute | null>(null);
  const report = useQuery(inflowReportQueryOptions(lineAccountId, days));
  const failure = useQueryFailure(report);
  const remove = useDeleteRouteMutation(lineAccountId);
  const showFailure = useShowFailure();
  const canManage = can(session.role, session.position, 'client.manage');
  if (!report.data) return failure;
  const routes = report.data.routes;

  return (
    <Stack spacing={3}>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label={t('inflow.period')}
          value={days}
          onChange={(e) => setDays(Number(e.target.value))}
          sx={{ minWidth: 160 }}
        >
          {periods.map((p) => (
            <MenuItem key={p} value={p}>
              {t('inflow.lastDays', { count: p })}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ flex: 1 }} />
        <Button
          variant="outlined"
          startIcon={<FileDownloadOutlined />}
          onClick={() =>
            void downloadRoutesCsv(lineAccountId, days).catch((error: unknown) =>
              showToast(showFailure(error)),
            )
          }
        >
          {t('inflow.csv')}
        </Button>
        {canManage && (
          <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setEditing('new')}>
            {t('inflow.new')}
          </Button>
        )}
      </Box>
      {routes.length === 0 ? (
        <EmptyState title={t('inflow.emptyTitle')} description={t('inflow.emptyBody')} />
      ) : (
        <>
          <RouteTable
            lineAccountId={lineAccountId}
            routes={routes}
            canManage={canManage}
            onEdit={setEditing}
            onDelete={setDeleting}
          />
          <Typography variant="body2" color="text.secondary">
            {t('inflow.attributionNote', { days: report.data.attributionDays })}
          </Typography>
          <Grid container spacing={3}>
            <Grid size={{ xs: 12, lg: 7 }}>
              <ChartSlot
                testId="inflow-chart"
                title={t('inflow.overTime')}
                height={300}
                isPending={false}
                action={
                  <ToggleButtonGroup
                    size="small"
                    exclusive
                    value={metric}
                    onChange={(_e, v: 'visits' | 'newFriends' | null) => v && setMetric(v)}
                  >
                    <ToggleButton value="newFriends">{t('inflow.figures.newFriends')}</ToggleButton>
                    <ToggleButton value="visits">{t('inflow.figures.visits')}</ToggleButton>
                  </ToggleButtonGroup>
                }
              >
                <RoutesOverTimeChart report={report.data} metric={metric} height={300} />
              </ChartSlot>
            </Grid>
            <Grid size={{ xs: 12, lg: 5 }}>
              <ChartSlot
                testId="inflow-funnel"
                title={t('inflow.funnel.title')}
                height={300}
                isPending={false}
              >
                <RoutesFunnelChart report={report.data} height={300} />
              </ChartSlot>
            </Grid>
          </Grid>
        </>
      )}
      {editing && (
        <RouteDialog
          key={editing === 'new' ? 'new' : editing.id}
          lineAccountId={lineAccountId}
          route={editing === 'new' ? null : editing}
          open
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('inflow.deleteTitle')}
        description={t('inflow.deleteBody', { name: deleting?.name ?? '' })}
        confirmLabel={t('common.delete')}
        isDanger
        isLoading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              showToast(t('inflow.deleted'), 'success');
            },
          })
        }
      />
    </Stack>
  );
}

/** /client/routes?lineAccountId=N: 流入経路 of one LINE account (decision 0038). */
export function ClientInflowPage({ session }: { session: Session }) {
  const { t } = useTranslation();
  const selection = useLineAccountSelection();
  const { selected } = selection;
  return (
    <LineAccountGate
      selection={selection}
      header={
        <PageHeader
          title={t('nav.inflow')}
          subtitle={selected ? t('inflow.subtitle', { name: selected.displayName }) : undefined}
          actions={selection.picker}
        />
      }
    >
      {(account) => <InflowRoutes key={account.id} lineAccountId={account.id} session={session} />}
    </LineAccountGate>
  );
}
