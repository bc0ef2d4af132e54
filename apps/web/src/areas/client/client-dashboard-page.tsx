import ChatOutlined from '@mui/icons-material/ChatOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useQueryFailure } from '../../components/query-failure.tsx';
import { StatusState } from '../../components/status-state.tsx';
import { paths } from '../../config/routes.ts';
import { clientDashboardQueryOptions } from '../../features/dashboard/api/dashboard.api.ts';
import { FollowsChart, FriendsChart } from '../../features/dashboard/components/chart-loaders.ts';
import { ChartSlot } from '../../features/dashboard/components/chart-slot.tsx';
import { FigureTile } from '../../features/dashboard/components/figure-tile.tsx';
import { lineAccountsQueryOptions } from '../../features/line-accounts/api/line-accounts.api.ts';
import { LineAccountPicker } from '../../features/line-accounts/components/line-account-picker.tsx';
import { formatCount } from '../../lib/format.ts';
import { useCurrentLineAccountId } from '../../lib/line-account-param.ts';

const CHART_HEIGHT = 240;

/** The figures and charts of one LINE account over the last 30 or 90 days. */
function LineAccountDashboard({ lineAccountId }: { lineAccountId: number }) {
  const { t } = useTranslation();
  const [days, setDays] = useState<30 | 90>(30);
  const figures = useQuery(clientDashboardQueryOptions(lineAccountId, days));
  const failure = useQueryFailure(figures);
  const data = figures.data;
  const isPending = figures.isPending;
  const friendsList = `${paths.client}/friends?lineAccountId=${lineAccountId}`;
  const newFriends = data?.daily.reduce((sum, d) => sum + d.newFriends, 0) ?? 0;
  const blocks = data?.daily.reduce((sum, d) => sum + d.blocks, 0) ?? 0;
  const sent = data?.messages.sentThisMonth ?? 0;
  const quota = data?.messages.freeQuota ?? 0;
  const dash = (value: () => string) => (data ? value() : '—');
  const spanPicker = (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={days}
      onChange={(_, value: 30 | 90 | null) => value && setDays(value)}
      aria-label={t('clientDashboard.span')}
    >
      <ToggleButton value={30}>{t('clientDashboard.days', { n: 30 })}</ToggleButton>
      <ToggleButton value={90}>{t('clientDashboard.days', { n: 90 })}</ToggleButton>
    </ToggleButtonGroup>
  );
  return (
    <>
      {failure && <Card sx={{ mb: 3 }}>{failure}</Card>}
      <Grid container spacing={2} sx={{ mb: 2 }}>
        <Grid size={{ xs: 6, md: 4, xl: 2 }}>
          <FigureTile
            label={t('clientDashboard.friends')}
            to={friendsList}
            isPending={isPending}
            value={dash(() => formatCount(data!.friends))}
            testId="figure-friends"
          />
        </Grid>
        <Grid size={{ xs: 6, md: 4, xl: 2 }}>
          <FigureTile
            label={t('clientDashboard.newFriends', { n: days })}
            note={t('clientDashboard.blocksInSpan', { n: formatCount(blocks) })}
            to={friendsList}
            isPending={isPending}
            value={dash(() => formatCount(newFriends))}
            testId="figure-new-friends"
          />
        </Grid>
        <Grid size={{ xs: 6, md: 4, xl: 2 }}>
          <FigureTile
            label={t('clientDashboard.blocked')}
            to={`${friendsList}&state=blocked`}
            isPending={isPending}
            value={dash(() => formatCount(data!.blocked))}
          />
        </Grid>
        <Grid size={{ xs: 6, md: 4, xl: 2 }}>
          <FigureTile
            label={t('clientDashboard.members')}
            note={
              data?.members
                ? t('clientDashboard.membersInactive', { n: data.members.inactive })
                : t('clientDashboard.noMembers')
            }
            to={data?.members ? `${paths.client}/members?lineAccountId=${lineAccountId}` : undefined}
            isPending={isPending}
            value={dash(() => (data!.members ? formatCount(data!.members.active) : '—'))}
            testId="figure-members"
          />
        </Grid>
        <Grid size={{ xs: 6, md: 4, xl: 2 }}>
          <FigureTile
            label={t('clientDashboard.staff')}
            note={
              data?.staff
                ? t('clientDashboard.staffPending', { n: data.staff.pending })
                : t('clientDashboard.noShift')
            }
            to={data?.staff ? `${paths.client}/shift` : undefined}
            isPending={isPending}
            value={dash(() => (data!.staff ? formatCount(data!.staff.approved) : '—'))}
            testId="figure-staff"
          />
        </Grid>
        <Grid size={{ xs: 6, md: 4, xl: 2 }}>
          <FigureTile
            label={t('clientDashboard.unreadAnnouncements')}
            to={`${paths.client}/announcements?unread=true`}
            isPending={isPending}
            value={dash(() => formatCount(data!.unreadAnnouncements))}
            testId="figure-unread"
          />
        </Grid>
        <Grid size={{ xs: 6, md: 4, xl: 2 }}>
          <FigureTile
            label={t('clientDashboard.messagesThisMonth')}
            note={
              <>
                <LinearProgress
                  variant="determinate"
                  aria-label={t('clientDashboard.messagesThisMonth')}
                  value={quota > 0 ? Math.min(100, (sent / quota) * 100) : 0}
                  color={sent > quota ? 'warning' : 'primary'}
                  sx={{ my: 0.5 }}
                />
                {t('clientDashboard.freeQuota', { quota: formatCount(quota) })}
              </>
            }
            isPending={isPending}
            value={dash(() => formatCount(sent))}
            testId="figure-messages"
          />
        </Grid>
      </Grid>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 6 }}>
          <ChartSlot
            title={t('clientDashboard.friendsChart')}
            action={spanPicker}
            height={CHART_HEIGHT}
            isPending={isPending || !data}
            testId="chart-friends"
          >
            {data && <FriendsChart daily={data.daily} height={CHART_HEIGHT} />}
          </ChartSlot>
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <ChartSlot
            title={t('clientDashboard.followsChart')}
            height={CHART_HEIGHT}
            isPending={isPending || !data}
            testId="chart-follows"
          >
            {data && <FollowsChart daily={data.daily} height={CHART_HEIGHT} />}
          </ChartSlot>
        </Grid>
      </Grid>
    </>
  );
}

/**
 * The client's dashboard: one LINE account's figures (?lineAccountId=N, else the one last worked on, else the
 * first active one).
 */
export function ClientDashboard() {
  const { t } = useTranslation();
  const accounts = useQuery(lineAccountsQueryOptions());
  const failure = useQueryFailure(accounts);
  const named = useCurrentLineAccountId();
  const [, setSearchParams] = useSearchParams();
  const list = accounts.data?.data ?? [];
  const selected = list.find((a) => a.id === named) ?? list.find((a) => a.status === 'ACTIVE') ?? list[0];
  if (accounts.isPending) return null;
  if (failure) return <Card sx={{ mt: 3 }}>{failure}</Card>;
  if (!selected) {
    return (
      <Card sx={{ mt: 3 }}>
        <StatusState
          icon={<ChatOutlined />}
          title={t('friends.noAccount.title')}
          description={t('friends.noAccount.description')}
          action={
            <Button variant="contained" component={RouterLink} to={`${paths.client}/line-accounts`}>
              {t('nav.lineAccounts')}
            </Button>
          }
        />
      </Card>
    );
  }
  return (
    <Box sx={{ mt: 4 }}>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 2,
          mb: 1.5,
          flexWrap: 'wrap',
        }}
      >
        <Typography variant="h4" component="h2">
          {t('clientDashboard.title', { name: selected.displayName })}
        </Typography>
        {list.length > 1 && (
          <LineAccountPicker
            accounts={list}
            value={selected.id}
            onChange={(id) => setSearchParams({ lineAccountId: String(id) })}
          />
        )}
      </Box>
      <LineAccountDashboard key={selected.id} lineAccountId={selected.id} />
    </Box>
  );
}
