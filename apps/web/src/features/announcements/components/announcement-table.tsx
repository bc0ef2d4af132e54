import { announcementStatuses, announcementTypes, type Announcement } from '@app/contracts';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PagedTable, type PageQuery } from '../../../components/data/paged-table.tsx';
import { SearchField } from '../../../components/search-field.tsx';
import { EmptyState } from '../../../components/status-state.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import type { ListParams } from '../../../lib/use-list-params.ts';
import { AnnouncementStatusChip, AnnouncementTypeChip } from './announcement-chips.tsx';
import { showEmptyChoice } from '../../../components/form/form-fields.tsx';

/** Master list of announcements of every status, with title search and status / type filters. */
export function AnnouncementTable({
  query,
  params,
  hrefOf,
  emptyAction,
}: {
  query: PageQuery<Announcement>;
  params: ListParams;
  hrefOf: (a: Announcement) => string;
  emptyAction?: ReactNode;
}) {
  const { t } = useTranslation();
  const isFiltered = Boolean(params.get('search') || params.get('status') || params.get('type'));
  const filter = (name: 'status' | 'type', values: readonly string[], prefix: string) => (
    <TextField
      select
      size="small"
      label={t(`announcements.${name}`)}
      value={params.get(name)}
      onChange={(e) => params.setFilters({ [name]: e.target.value })}
      slotProps={showEmptyChoice}
      sx={{ width: 180 }}
    >
      <MenuItem value="">{t('common.all')}</MenuItem>
      {values.map((v) => (
        <MenuItem key={v} value={v}>
          {t(`${prefix}.${v}`)}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <PagedTable
      label={t('announcements.listLabel')}
      query={query}
      rowKey={(a) => a.id}
      toolbar={
        <>
          <SearchField
            label={t('announcements.search')}
            value={params.get('search')}
            onChange={(search) => params.setFilters({ search })}
          />
          {filter('status', announcementStatuses, 'announcementStatus')}
          {filter('type', announcementTypes, 'announcementType')}
        </>
      }
      paging={{
        page: params.page,
        limit: params.limit,
        onPageChange: params.setPage,
        onLimitChange: params.setLimit,
      }}
      columns={[
        {
          key: 'title',
          label: t('announcements.title'),
          render: (a) => (
            <Link component={RouterLink} to={hrefOf(a)} sx={{ fontWeight: 600 }}>
              {a.title}
            </Link>
          ),
        },
        {
          key: 'type',
          label: t('announcements.type'),
          render: (a) => <AnnouncementTypeChip type={a.type} />,
        },
        {
          key: 'status',
          label: t('announcements.status'),
          render: (a) => <AnnouncementStatusChip status={a.status} />,
        },
        {
          key: 'publishAt',
          label: t('announcements.publishAt'),
          render: (a) => (a.publishAt ? formatDateTime(a.publishAt) : '—'),
          isSecondary: true,
        },
        {
          key: 'archiveAt',
          label: t('announcements.archiveAt'),
          render: (a) => (a.archiveAt ? formatDateTime(a.archiveAt) : '—'),
          isSecondary: true,
        },
        {
          key: 'updated',
          label: t('common.updatedAt'),
          render: (a) => formatDateTime(a.updatedAt),
          isSecondary: true,
        },
      ]}
      empty={
        <EmptyState
          title={isFiltered ? t('announcements.emptyFiltered') : t('announcements.empty')}
          description={isFiltered ? t('common.emptyFilteredHint') : undefined}
          action={isFiltered ? undefined : emptyAction}
        />
      }
    />
  );
}
