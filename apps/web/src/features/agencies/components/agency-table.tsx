import type { Agency } from '@app/contracts';
import Link from '@mui/material/Link';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PagedTable, type PageQuery } from '../../../components/data/paged-table.tsx';
import { SearchField } from '../../../components/search-field.tsx';
import { EmptyState } from '../../../components/status-state.tsx';
import { formatDate } from '../../../lib/format.ts';
import type { ListParams } from '../../../lib/use-list-params.ts';

export const formatRate = (rate: number) => `${rate.toFixed(2).replace(/\.?0+$/, '')}%`;

/** Paged, searchable agency list; the name links to the detail. */
export function AgencyTable({
  query,
  params,
  hrefOf,
  emptyAction,
}: {
  query: PageQuery<Agency>;
  params: ListParams;
  hrefOf: (agency: Agency) => string;
  emptyAction?: ReactNode;
}) {
  const { t } = useTranslation();
  const isFiltered = Boolean(params.get('search'));
  return (
    <PagedTable
      label={t('agencies.listLabel')}
      query={query}
      rowKey={(a) => a.id}
      toolbar={
        <SearchField
          label={t('agencies.search')}
          value={params.get('search')}
          onChange={(search) => params.setFilters({ search })}
        />
      }
      paging={{
        page: params.page,
        limit: params.limit,
        onPageChange: params.setPage,
        onLimitChange: params.setLimit,
      }}
      columns={[
        {
          key: 'name',
          label: t('agencies.name'),
          render: (a) => (
            <Link component={RouterLink} to={hrefOf(a)} sx={{ fontWeight: 600 }}>
              {a.name}
            </Link>
          ),
        },
        {
          key: 'rate',
          label: t('agencies.marginRate'),
          render: (a) => formatRate(a.marginRate),
          align: 'right',
        },
        {
          key: 'address',
          label: t('signup.address'),
          render: (a) => `${a.prefecture}${a.city}${a.addressOther}`,
          isSecondary: true,
        },
        {
          key: 'created',
          label: t('common.createdAt'),
          render: (a) => formatDate(a.createdAt),
          isSecondary: true,
        },
      ]}
      empty={
        <EmptyState
          title={isFiltered ? t('agencies.emptyFiltered') : t('agencies.empty')}
          description={isFiltered ? t('common.emptyFilteredHint') : undefined}
          action={isFiltered ? undefined : emptyAction}
        />
      }
    />
  );
}
