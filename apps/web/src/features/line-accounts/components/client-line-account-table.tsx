import type { LineAccount } from '@app/contracts';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PagedTable, type ListQuery, type TableColumn } from '../../../components/data/paged-table.tsx';
import { EmptyState } from '../../../components/status-state.tsx';
import { WebhookStatusChip } from './line-account-chips.tsx';

/** Read-only: one client's LINE公式アカウント (name, basic id, status, webhook). */
export function ClientLineAccountTable({ query }: { query: ListQuery<LineAccount> }) {
  const { t } = useTranslation();
  const columns: TableColumn<LineAccount>[] = [
    {
      key: 'account',
      label: t('lineAccounts.fields.displayName'),
      render: (a) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <Avatar src={a.pictureUrl ?? undefined} alt="" sx={{ width: 32, height: 32 }}>
            {a.displayName.slice(0, 1)}
          </Avatar>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {a.displayName}
          </Typography>
        </Box>
      ),
    },
    { key: 'basicId', label: t('lineAccounts.fields.basicId'), render: (a) => a.basicId ?? '—' },
    {
      key: 'status',
      label: t('lineAccounts.fields.status'),
      render: (a) => (
        <Chip
          size="small"
          color={a.status === 'ACTIVE' ? 'success' : 'default'}
          variant="outlined"
          label={t(`lineAccounts.status.${a.status}`)}
        />
      ),
    },
    { key: 'webhook', label: 'Webhook', render: (a) => <WebhookStatusChip isOn={a.webhookStatus} /> },
  ];
  return (
    <PagedTable
      label={t('clients.lineAccountsTitle')}
      columns={columns}
      query={query}
      rowKey={(a) => a.id}
      empty={<EmptyState title={t('clients.lineAccountsEmpty')} />}
    />
  );
}
