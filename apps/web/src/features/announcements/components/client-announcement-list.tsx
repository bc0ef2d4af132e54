import type { ClientAnnouncement } from '@app/contracts';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Skeleton from '@mui/material/Skeleton';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { PageQuery } from '../../../components/data/paged-table.tsx';
import { EmptyState } from '../../../components/status-state.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { PAGE_SIZES, type ListParams } from '../../../lib/use-list-params.ts';
import { AnnouncementTypeChip } from './announcement-chips.tsx';
import { useQueryFailure } from '../../../components/query-failure.tsx';

/** Published announcements, newest first; the unread ones carry a dot and a 未読 label. */
export function ClientAnnouncementList({
  query,
  params,
  hrefOf,
}: {
  query: PageQuery<ClientAnnouncement>;
  params: ListParams;
  hrefOf: (a: ClientAnnouncement) => string;
}) {
  const { t } = useTranslation();
  const failure = useQueryFailure(query);
  if (query.isPending) {
    return (
      <Card sx={{ p: 2 }} role="status" aria-label={t('common.loading')}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={64} />
        ))}
      </Card>
    );
  }
  if (query.isError || !query.data) {
    return <Card>{failure}</Card>;
  }
  const { data, pagination } = query.data;
  if (data.length === 0) {
    return (
      <Card>
        <EmptyState
          title={params.get('unread') ? t('clientAnnouncements.emptyUnread') : t('clientAnnouncements.empty')}
        />
      </Card>
    );
  }
  return (
    <Card>
      <List disablePadding aria-label={t('clientAnnouncements.listLabel')}>
        {data.map((a) => (
          <ListItem key={a.id} disablePadding>
            <ListItemButton
              component={RouterLink}
              to={hrefOf(a)}
              divider
              sx={{ py: 1.75, gap: 2, alignItems: 'flex-start' }}
            >
              <Box
                aria-hidden
                sx={{
                  mt: 1,
                  width: 8,
                  height: 8,
                  borderRadius: '50%',
                  flexShrink: 0,
                  bgcolor: a.isRead ? 'transparent' : 'primary.main',
                }}
              />
              <Box sx={{ minWidth: 0, flex: 1 }}>
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 0.5 }}>
                  <AnnouncementTypeChip type={a.type} />
                  <Typography variant="caption" color="text.secondary">
                    {a.publishAt ? formatDateTime(a.publishAt) : ''}
                  </Typography>
                  {!a.isRead && (
                    <Typography variant="caption" sx={{ color: 'primary.main', fontWeight: 700 }}>
                      {t('clientAnnouncements.unread')}
                    </Typography>
                  )}
                </Box>
                <Typography sx={{ fontWeight: a.isRead ? 400 : 700 }} noWrap>
                  {a.title}
                </Typography>
              </Box>
            </ListItemButton>
          </ListItem>
        ))}
      </List>
      <TablePagination
        component="div"
        count={pagination.totalItems}
        page={Math.max(0, params.page - 1)}
        rowsPerPage={params.limit}
        rowsPerPageOptions={[...PAGE_SIZES]}
        onPageChange={(_, page) => params.setPage(page + 1)}
        onRowsPerPageChange={(e) => params.setLimit(Number(e.target.value))}
        labelRowsPerPage={t('table.rowsPerPage')}
        labelDisplayedRows={({ from, to, count }) => t('table.displayedRows', { from, to, count })}
      />
    </Card>
  );
}
