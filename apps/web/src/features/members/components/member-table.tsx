import type { MemberAttribute, MemberListEntry } from '@app/contracts';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable, type TableColumn } from '../../../components/data/paged-table.tsx';
import { SearchField } from '../../../components/search-field.tsx';
import { EmptyState } from '../../../components/status-state.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useShowFailure } from '../../../lib/translate-message.ts';
import type { ListParams } from '../../../lib/use-list-params.ts';
import { downloadMemberCsv, memberListQueryOptions } from '../api/members.api.ts';
import { showEmptyChoice } from '../../../components/form/form-fields.tsx';

/** The list's filters as the API takes them, from the address. */
export function memberQueryOf(params: ListParams) {
  const raw = params.get('order');
  const order: 'ASC' | 'DESC' | undefined = raw === 'ASC' || raw === 'DESC' ? raw : undefined;
  return {
    page: params.page,
    limit: params.limit,
    search: params.get('search') || undefined,
    label: params.get('label') || undefined,
    value: params.get('value') || undefined,
    sort: params.get('sort') || undefined,
    order,
  };
}

export function MemberStatusChip({ status }: { status: 'ACTIVE' | 'INACTIVE' }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={status === 'ACTIVE' ? 'success' : 'default'}
      label={t(`members.status.${status}`)}
    />
  );
}

/** Members with one column per attribute; filter by an attribute's value, search, sort, CSV download. */
export function MemberTable(props: {
  lineAccountId: number;
  attributes: MemberAttribute[];
  params: ListParams;
  canExport: boolean;
  /** The client a MASTER or AGENCY acts for (sent as x-client-id with the CSV download). */
  clientId?: number;
  onOpen: (member: MemberListEntry) => void;
}) {
  const { t } = useTranslation();
  const showFailure = useShowFailure();
  const [csvState, setCsvState] = useState<{ busy: boolean; error: string | null }>({
    busy: false,
    error: null,
  });
  const { params, attributes } = props;
  const query = memberQueryOf(params);
  const members = useQuery(memberListQueryOptions(props.lineAccountId, query));
  const shown = attributes.filter((a) => a.type !== 'IMAGE');
  const columns: TableColumn<MemberListEntry>[] = [
    {
      key: 'code',
      label: t('members.columns.memberCode'),
      render: (m) => <span style={{ fontFamily: 'monospace' }}>{m.memberCode}</span>,
    },
    {
      key: 'name',
      label: t('members.columns.displayName'),
      render: (m) => (
        <Button
          size="small"
          onClick={() => props.onOpen(m)}
          sx={{ p: 0, minWidth: 0, textTransform: 'none' }}
        >
          {m.displayName}
        </Button>
      ),
    },
    {
      key: 'status',
      label: t('members.columns.status'),
      render: (m) => <MemberStatusChip status={m.status} />,
    },
    ...shown.map((a): TableColumn<MemberListEntry> => ({
      key: `attr-${a.id}`,
      label: a.label,
      render: (m) => {
        const value = m.attributes.find((x) => x.attributeId === a.id)?.value;
        // a date attribute as the house writes dates (2026/11/25)
        return (a.type === 'DATE' ? formatDate(value) : value) || '—';
      },
      isSecondary: a.visibility === 'PRIVATE',
    })),
    {
      key: 'created',
      label: t('members.columns.createdAt'),
      render: (m) => formatDate(m.createdAt),
      isSecondary: true,
    },
  ];
  const filterAttribute = attributes.find((a) => a.label === query.label);
  const { page: _page, limit: _limit, ...filters } = query;
  const toolbar = (
    // the table card's toolbar row already pads it: this fills that row
    <Box
      sx={{
        flex: 1,
        minWidth: 0,
        display: 'flex',
        flexWrap: 'wrap',
        gap: 1.5,
        alignItems: 'center',
      }}
    >
      <SearchField
        value={params.get('search')}
        onChange={(search) => params.setFilters({ search })}
        label={t('members.search')}
      />
      <TextField
        select
        size="small"
        label={t('members.filter.attribute')}
        value={query.label ?? ''}
        onChange={(e) => params.setFilters({ label: e.target.value, value: undefined })}
        slotProps={showEmptyChoice}
        sx={{ width: 180 }}
      >
        <MenuItem value="">{t('members.filter.none')}</MenuItem>
        {shown.map((a) => (
          <MenuItem key={a.id} value={a.label}>
            {a.label}
          </MenuItem>
        ))}
      </TextField>
      {filterAttribute && (filterAttribute.type === 'RADIO' || filterAttribute.type === 'CHECKBOX') ? (
        <TextField
          select
          size="small"
          label={t('members.filter.value')}
          value={query.value ?? ''}
          onChange={(e) => params.setFilters({ value: e.target.value })}
          slotProps={showEmptyChoice}
          sx={{ width: 180 }}
        >
          <MenuItem value="">{t('members.filter.any')}</MenuItem>
          {filterAttribute.choices.map((c) => (
            <MenuItem key={c.id} value={c.value}>
              {c.value}
            </MenuItem>
          ))}
        </TextField>
      ) : filterAttribute ? (
        <TextField
          size="small"
          label={t('members.filter.value')}
          type={filterAttribute.type === 'DATE' ? 'date' : 'text'}
          slotProps={{ inputLabel: { shrink: true } }}
          defaultValue={query.value ?? ''}
          sx={{ width: 180 }}
          onBlur={(e) => params.setFilters({ value: e.target.value })}
          onKeyDown={(e) => {
            if (e.key === 'Enter') params.setFilters({ value: (e.target as HTMLInputElement).value });
          }}
        />
      ) : null}
      <TextField
        select
        size="small"
        label={t('members.sort.label')}
        value={query.sort ?? 'createdAt'}
        onChange={(e) =>
          params.setFilters({ sort: e.target.value === 'createdAt' ? undefined : e.target.value })
        }
        sx={{ width: 160 }}
      >
        {(['createdAt', 'updatedAt', 'memberCode', 'displayName', 'status'] as const).map((key) => (
          <MenuItem key={key} value={key}>
            {t(`members.sort.${key}`)}
          </MenuItem>
        ))}
        {shown.map((a) => (
          <MenuItem key={a.id} value={String(a.id)}>
            {a.label}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('members.sort.order')}
        value={query.order ?? 'DESC'}
        onChange={(e) => params.setFilters({ order: e.target.value === 'DESC' ? undefined : e.target.value })}
        sx={{ width: 110 }}
      >
        <MenuItem value="DESC">{t('members.sort.DESC')}</MenuItem>
        <MenuItem value="ASC">{t('members.sort.ASC')}</MenuItem>
      </TextField>
      {props.canExport ? (
        <Button
          variant="outlined"
          startIcon={<DownloadOutlined />}
          disabled={csvState.busy}
          onClick={() => {
            setCsvState({ busy: true, error: null });
            downloadMemberCsv(props.lineAccountId, filters, { clientId: props.clientId }).then(
              () => setCsvState({ busy: false, error: null }),
              (error: unknown) => setCsvState({ busy: false, error: showFailure(error) }),
            );
          }}
          sx={{ ml: { md: 'auto' } }}
        >
          {t('members.csv')}
        </Button>
      ) : null}
      {csvState.error ? (
        <Alert
          severity="error"
          sx={{ flexBasis: '100%' }}
          onClose={() => setCsvState({ busy: false, error: null })}
        >
          {csvState.error}
        </Alert>
      ) : null}
    </Box>
  );
  return (
    <PagedTable
      label={t('members.title')}
      columns={columns}
      query={members}
      rowKey={(m) => m.memberId}
      toolbar={toolbar}
      onRowClick={props.onOpen}
      empty={<EmptyState title={t('members.empty.title')} description={t('members.empty.description')} />}
      paging={{
        page: params.page,
        limit: params.limit,
        onPageChange: params.setPage,
        onLimitChange: params.setLimit,
      }}
    />
  );
}
