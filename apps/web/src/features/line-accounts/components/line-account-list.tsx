import type { LineAccount } from '@app/contracts';
import ChatOutlined from '@mui/icons-material/ChatOutlined';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { StatusState } from '../../../components/status-state.tsx';
import { AccountStatusChip, ServiceChip, WebhookStatusChip } from './line-account-chips.tsx';
import { useQueryFailure } from '../../../components/query-failure.tsx';

type ListQuery = {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  data: { data: LineAccount[] } | undefined;
  refetch: () => unknown;
};

const grid = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(3, minmax(0, 1fr))' },
} as const;

/** The client's LINE公式アカウント as cards: picture, name, basic id, services, webhook. */
export function LineAccountList({
  query,
  hrefOf,
  friendsHrefOf,
  connectAction,
}: {
  query: ListQuery;
  hrefOf: (account: LineAccount) => string;
  friendsHrefOf: (account: LineAccount) => string;
  /** The call to connect one, shown in the empty state (absent when the user may not connect). */
  connectAction?: ReactNode;
}) {
  const { t } = useTranslation();
  const failure = useQueryFailure(query);
  if (query.isPending) {
    return (
      <Box sx={grid} role="status" aria-label={t('common.loading')}>
        {[0, 1].map((i) => (
          <Skeleton key={i} variant="rounded" height={180} />
        ))}
      </Box>
    );
  }
  if (query.isError || !query.data) {
    return <Card>{failure}</Card>;
  }
  if (query.data.data.length === 0) {
    return (
      <Card>
        <StatusState
          icon={<ChatOutlined />}
          title={t('lineAccounts.empty.title')}
          description={t('lineAccounts.empty.description')}
          action={connectAction}
        />
      </Card>
    );
  }
  return (
    <Box sx={grid}>
      {query.data.data.map((account) => (
        <Card
          key={account.id}
          sx={{ display: 'flex', flexDirection: 'column', opacity: account.status === 'ACTIVE' ? 1 : 0.7 }}
        >
          <CardActionArea component={RouterLink} to={hrefOf(account)} sx={{ flexGrow: 1 }}>
            <CardContent>
              <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mb: 2 }}>
                <Avatar
                  src={account.pictureUrl ?? undefined}
                  alt=""
                  sx={{ width: 56, height: 56, border: 3, borderColor: account.mainColor }}
                >
                  {account.displayName.slice(0, 1)}
                </Avatar>
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="h4" component="h2" noWrap>
                    {account.displayName}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {account.basicId ?? '—'}
                  </Typography>
                </Box>
              </Box>
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
                <AccountStatusChip status={account.status} />
                <WebhookStatusChip isOn={account.webhookStatus} />
                {account.services.length === 0 ? (
                  <Typography variant="caption" color="text.secondary">
                    {t('services.noneLinked')}
                  </Typography>
                ) : (
                  account.services.map((s) => <ServiceChip key={s.id} service={s} />)
                )}
              </Box>
            </CardContent>
          </CardActionArea>
          <CardActions sx={{ borderTop: 1, borderColor: 'divider', px: 2 }}>
            <Button
              size="small"
              startIcon={<PeopleAltOutlined />}
              component={RouterLink}
              to={friendsHrefOf(account)}
            >
              {t('nav.friends')}
            </Button>
          </CardActions>
        </Card>
      ))}
    </Box>
  );
}
