import { contractStatuses, type ClientListItem, type ContractStatus } from '@app/contracts';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PagedTable, type PageQuery, type TableColumn } from '../../../components/data/paged-table.tsx';
import { SearchField } from '../../../components/search-field.tsx';
import { EmptyState } from '../../../components/status-state.tsx';
import { formatDate, formatYen } from '../../../lib/format.ts';
import type { ListParams } from '../../../lib/use-list-params.ts';
import { ContractStatusChip, PaymentStatusChip } from './contract-status-chip.tsx';
import { showEmptyChoice } from '../../../components/form/form-fields.tsx';

/** Search and contract-status filter of a client list, kept in the address. */
export function ClientListToolbar({ params }: { params: ListParams }) {
  const { t } = useTranslation();
  return (
    <>
      <SearchField
        label={t('clients.search')}
        placeholder={t('clients.searchPlaceholder')}
        value={params.get('search')}
        onChange={(search) => params.setFilters({ search })}
      />
      <TextField
        select
        size="small"
        label={t('clients.statusFilter')}
        value={params.get('status')}
        onChange={(e) => params.setFilters({ status: e.target.value })}
        slotProps={showEmptyChoice}
        sx={{ width: 200 }}
      >
        <MenuItem value="">{t('common.all')}</MenuItem>
        {contractStatuses.map((s) => (
          <MenuItem key={s} value={s}>
            {t(`contractStatus.${s}`)}
          </MenuItem>
        ))}
      </TextField>
    </>
  );
}

/** The status filter of the address, if it names a contract status. */
export function statusFilterOf(params: ListParams): ContractStatus | undefined {
  const value = params.get('status');
  return (contractStatuses as readonly string[]).includes(value) ? (value as ContractStatus) : undefined;
}

/** Paged client list: company (links to the detail), agency, contract status, fee, payment, dates. */
export function ClientTable({
  query,
  params,
  hrefOf,
  isAgencyShown = true,
  toolbar,
  emptyAction,
}: {
  query: PageQuery<ClientListItem>;
  params?: ListParams;
  hrefOf: (client: ClientListItem) => string;
  isAgencyShown?: boolean;
  toolbar?: ReactNode;
  emptyAction?: ReactNode;
}) {
  const { t } = useTranslation();
  const isFiltered = Boolean(params && (params.get('search') || params.get('status')));
  const columns: TableColumn<ClientListItem>[] = [
    {
      key: 'company',
      label: t('fields.companyName'),
      render: (c) => (
        <>
          <Link component={RouterLink} to={hrefOf(c)} sx={{ fontWeight: 600 }}>
            {c.companyName}
          </Link>
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {c.companyNameKana}
          </Typography>
        </>
      ),
    },
    ...(isAgencyShown
      ? [
          {
            key: 'agency',
            label: t('clients.agency'),
            render: (c: ClientListItem) => c.agencyName ?? '—',
            isSecondary: true,
          },
        ]
      : []),
    {
      key: 'status',
      label: t('clients.contractStatus'),
      render: (c) => <ContractStatusChip status={c.contractStatus} />,
    },
    { key: 'fee', label: t('clients.monthlyFee'), render: (c) => formatYen(c.monthlyFee), align: 'right' },
    {
      key: 'payment',
      label: t('clients.paymentStatus'),
      render: (c) => <PaymentStatusChip status={c.paymentStatus} />,
      isSecondary: true,
    },
    {
      key: 'start',
      label: t('clients.contractStartDate'),
      render: (c) => formatDate(c.contractStartDate) || '—',
      isSecondary: true,
    },
    {
      key: 'created',
      label: t('common.createdAt'),
      render: (c) => formatDate(c.createdAt),
      isSecondary: true,
    },
  ];
  return (
    <PagedTable
      label={t('clients.listLabel')}
      columns={columns}
      query={query}
      rowKey={(c) => c.id}
      toolbar={toolbar}
      paging={
        params && {
          page: params.page,
          limit: params.limit,
          onPageChange: params.setPage,
          onLimitChange: params.setLimit,
        }
      }
      empty={
        <EmptyState
          title={isFiltered ? t('clients.emptyFiltered') : t('clients.empty')}
          description={isFiltered ? t('common.emptyFilteredHint') : undefined}
          action={isFiltered ? undefined : emptyAction}
        />
      }
    />
  );
}
