import type { Friend, SearchFriendsBody } from '@app/contracts';
import Avatar from '@mui/material/Avatar';
import Checkbox from '@mui/material/Checkbox';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable, type PageQuery, type TableColumn } from '../../../components/data/paged-table.tsx';
import { SearchField } from '../../../components/search-field.tsx';
import { EmptyState } from '../../../components/status-state.tsx';
import { visuallyHidden } from '../../../components/visually-hidden.ts';
import { formatDate } from '../../../lib/format.ts';
import type { ListParams } from '../../../lib/use-list-params.ts';
import { FriendKindChips, FriendStatusChip } from './friend-status-chip.tsx';
import { segmentBody, segmentOf } from './segment-builder.tsx';

export const friendAudiences = ['all', 'members', 'staff', 'others'] as const;
export type FriendAudience = (typeof friendAudiences)[number];
export const friendStates = ['all', 'friend', 'blocked'] as const;

/** Who the search lists: everyone by default, or one audience of the friend search. */
export const audienceFlags: Record<
  FriendAudience,
  Pick<SearchFriendsBody, 'isMemberServiceUser' | 'isShiftServiceUser' | 'includeNonMembers'>
> = {
  all: { isMemberServiceUser: true, isShiftServiceUser: true, includeNonMembers: true },
  members: { isMemberServiceUser: true, isShiftServiceUser: false, includeNonMembers: false },
  staff: { isMemberServiceUser: false, isShiftServiceUser: true, includeNonMembers: false },
  others: { isMemberServiceUser: false, isShiftServiceUser: false, includeNonMembers: true },
};

export const audienceOf = (params: ListParams): FriendAudience =>
  (friendAudiences as readonly string[]).includes(params.get('audience'))
    ? (params.get('audience') as FriendAudience)
    : 'all';

/** The friend-search body of the list's address (?search=&audience=&state=&segment=&page=&limit=). */
export function friendSearchBodyOf(params: ListParams): SearchFriendsBody {
  const audience = audienceOf(params);
  const state = params.get('state');
  return {
    page: params.page,
    limit: params.limit,
    ...audienceFlags[audience],
    ...(params.get('search') ? { search: params.get('search') } : {}),
    ...(state === 'friend' ? { isFriend: true } : state === 'blocked' ? { isFriend: false } : {}),
    ...segmentBody(segmentOf(params)),
  };
}

export function FriendListToolbar({ params, extra }: { params: ListParams; extra?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <SearchField
        label={t('common.search')}
        placeholder={t('friends.searchPlaceholder')}
        value={params.get('search')}
        onChange={(search) => params.setFilters({ search })}
      />
      <TextField
        select
        size="small"
        label={t('friends.audience.label')}
        value={params.get('audience') || 'all'}
        onChange={(e) => params.setFilters({ audience: e.target.value === 'all' ? '' : e.target.value })}
        sx={{ width: 180 }}
      >
        {friendAudiences.map((a) => (
          <MenuItem key={a} value={a}>
            {t(`friends.audience.${a}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('friends.status.label')}
        value={params.get('state') || 'all'}
        onChange={(e) => params.setFilters({ state: e.target.value === 'all' ? '' : e.target.value })}
        sx={{ width: 160 }}
      >
        {friendStates.map((s) => (
          <MenuItem key={s} value={s}>
            {s === 'all' ? t('common.all') : t(`friends.status.${s}`)}
          </MenuItem>
        ))}
      </TextField>
      {extra}
    </>
  );
}

/** 友だち of a LINE account, one page at a time; a row opens the friend's drawer. */
export function FriendTable({
  query,
  params,
  onOpen,
  toolbarExtra,
  selection,
}: {
  query: PageQuery<Friend>;
  params: ListParams;
  onOpen: (friend: Friend) => void;
  /** More of the toolbar (the segment builder). */
  toolbarExtra?: ReactNode;
  /** Friends picked by hand (a checkbox per following friend): to send them a delivery (配信する). */
  selection?: { isSelected: (friendId: number) => boolean; onToggle: (friend: Friend) => void };
}) {
  const { t } = useTranslation();
  const isFiltered = Boolean(
    params.get('search') || params.get('audience') || params.get('state') || params.get('segment'),
  );
  const columns: TableColumn<Friend>[] = [
    {
      key: 'name',
      label: t('friends.fields.displayName'),
      render: (f) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <Avatar src={f.pictureUrl ?? undefined} alt="" sx={{ width: 36, height: 36 }}>
            {f.displayName.slice(0, 1)}
          </Avatar>
          <Link
            component="button"
            type="button"
            underline="hover"
            onClick={(e) => {
              // the row opens it too
              e.stopPropagation();
              onOpen(f);
            }}
            sx={{ fontWeight: 600, textAlign: 'left' }}
          >
            {f.displayName}
          </Link>
        </Box>
      ),
    },
    {
      key: 'status',
      label: t('friends.status.label'),
      render: (f) => <FriendStatusChip friend={f} />,
    },
    {
      key: 'kind',
      label: t('friends.fields.kind'),
      isSecondary: true,
      render: (f) => <FriendKindChips friend={f} />,
    },
    {
      key: 'notes',
      label: t('friends.fields.managerNotes'),
      isSecondary: true,
      render: (f) => (
        <Typography
          variant="body2"
          color="text.secondary"
          noWrap
          sx={{ maxWidth: 260 }}
          title={f.managerNotes ?? undefined}
        >
          {f.managerNotes || '—'}
        </Typography>
      ),
    },
    {
      key: 'followedAt',
      label: t('friends.fields.followedAt'),
      render: (f) => (f.followedAt ? formatDate(f.followedAt) : '—'),
    },
  ];
  if (selection) {
    columns.unshift({
      key: 'pick',
      label: (
        <Box component="span" sx={visuallyHidden}>
          {t('templates.pickFriend')}
        </Box>
      ),
      width: 48,
      render: (f) =>
        f.isFriend ? (
          <Checkbox
            size="small"
            checked={selection.isSelected(f.id)}
            onClick={(e) => e.stopPropagation()}
            onChange={() => selection.onToggle(f)}
            slotProps={{
              input: { 'aria-label': t('templates.pickNamed', { name: f.displayName }) },
            }}
            data-testid="pick-friend"
          />
        ) : null,
    });
  }
  return (
    <PagedTable
      label={t('nav.friends')}
      columns={columns}
      query={query}
      rowKey={(f) => f.id}
      onRowClick={onOpen}
      empty={
        <EmptyState
          title={isFiltered ? t('friends.emptyFiltered') : t('friends.empty.title')}
          description={isFiltered ? undefined : t('friends.empty.description')}
        />
      }
      paging={{
        page: params.page,
        limit: params.limit,
        onPageChange: params.setPage,
        onLimitChange: params.setLimit,
      }}
      toolbar={<FriendListToolbar params={params} extra={toolbarExtra} />}
    />
  );
}
