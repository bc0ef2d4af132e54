import { linkStatuses, type LineAccountListItem } from '@app/contracts';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PagedTable, type PageQuery, type TableColumn } from '../../../components/data/paged-table.tsx';
import { SearchField } from '../../../components/search-field.tsx';
import { EmptyState } from '../../../components/status-state.tsx';
import { formatDate } from '../../../lib/format.ts';
import type { ListParams } from '../../../lib/use-list-params.ts';
import { ServiceChip, WebhookStatusChip } from './line-account-chips.tsx';

/** The status filter of the address, if it names a status. */
export function lineAccountStatusFilterOf(params: ListParams): (typeof linkStatuses)[number] | undefined {
  const value = params.get('status');
  return (linkStatuses as readonly string[]).includes(value)
    ? (value as (typeof linkStatuses)[number])
    : undefined;
}

/** Master: every client's LINE公式アカウント, searchable by name, basic id and company. */
export function MasterLineAccountTable({
  query,
  params,
  clientHrefOf,
}: {
  query: PageQuery<LineAccountListItem>;
  params: ListParams;
  clientHrefOf: (account: LineAccountListItem) => string;
}) {
  const { t } = useTranslation();
  const columns: TableColumn<LineAccountListItem>[] = [
    {
      key: 'account',
      label: t('lineAccounts.fields.displayName'),
      render: (a) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <Avatar src={a.pictureUrl ?? undefined} alt="" sx={{ width: 32, height: 32 }}>
            {a.displayName.slice(0, 1)}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {a.displayName}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {a.basicId ?? '—'}
            </Typography>
          </Box>
        </Box>
      ),
    },
    {
      key: 'client',
      label: t('lineAccounts.master.client'),
      render: (a) => (
        <Link component={RouterLink} to={clientHrefOf(a)}>
          {a.companyName}
        </Link>
      ),
    },
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
    {
      key: 'services',
      label: t('nav.services'),
      isSecondary: true,
      render: (a) =>
        a.services.length === 0 ? (
          '—'
        ) : (
          <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
            {a.services.map((s) => (
              <ServiceChip key={s.id} service={s} />
            ))}
          </Box>
        ),
    },
    {
      key: 'createdAt',
      label: t('lineAccounts.fields.createdAt'),
      isSecondary: true,
      render: (a) => formatDate(a.createdAt),
    },
  ];
  return (
    <PagedTable
      label={t('nav.lineAccounts')}
      columns={columns}
      query={query}
      rowKey={(a) => a.id}
      empty={<EmptyState title={t('lineAccounts.master.empty')} />}
      paging={{
        page: params.page,
        limit: params.limit,
        onPageChange: params.setPage,
        onLimitChange: params.setLimit,
      }}
      toolbar={
        <>
          <SearchField
            label={t('common.search')}
            placeholder={t('lineAccounts.master.searchPlaceholder')}
            value={params.get('search')}
            onChange={(search) => params.setFilters({ search })}
          />
          <TextField
            select
            size="small"
            label={t('lineAccounts.fields.status')}
            value={params.get('status') || 'all'}
            onChange={(e) => params.setFilters({ status: e.target.value === 'all' ? '' : e.target.value })}
            sx={{ width: 180 }}
          >
            <MenuItem value="all">{t('common.all')}</MenuItem>
            {linkStatuses.map((s) => (
              <MenuItem key={s} value={s}>
                {t(`lineAccounts.status.${s}`)}
              </MenuItem>
            ))}
          </TextField>
        </>
      }
    />
  );
}
