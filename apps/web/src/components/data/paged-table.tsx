import type { PaginationInfo } from '@app/contracts';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '../../lib/use-list-params.ts';
import { useQueryFailure } from '../query-failure.tsx';

export type TableColumn<T> = {
  key: string;
  label: ReactNode;
  render: (row: T) => ReactNode;
  align?: 'left' | 'right' | 'center';
  width?: number | string;
  /** Hidden on phones. */
  isSecondary?: boolean;
};

/** The parts of a TanStack query result the table reads. */
export type PageQuery<T> = {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  /** `totalIsEstimate`: the total is an estimate (a large account's friends), shown as 「約 N」. */
  data: { data: T[]; pagination: PaginationInfo & { totalIsEstimate?: boolean } } | undefined;
  refetch: () => unknown;
};

/** A query of a list with no pages (every row at once); the table reads the same parts. */
export type ListQuery<T> = Omit<PageQuery<T>, 'data'> & { data: { data: T[] } | undefined };

type PagedTableProps<T> = {
  label: string;
  columns: TableColumn<T>[];
  query: PageQuery<T> | ListQuery<T>;
  rowKey: (row: T) => string | number;
  /** Shown instead of the table when the page has no rows. */
  empty: ReactNode;
  /** Server paging; leave out for a table that shows every row. */
  paging?: {
    page: number;
    limit: number;
    onPageChange: (page: number) => void;
    onLimitChange: (l: number) => void;
  };
  toolbar?: ReactNode;
  /** Extra content right under a row (an expanded detail). */
  renderDetail?: (row: T) => ReactNode;
  /** A click anywhere on the row (keep a link or button in a cell for the keyboard). */
  onRowClick?: (row: T) => void;
};

/**
 * A card with a table of one page of rows: loading skeleton, error with retry (shown here, not as a
 * toast), empty state, pagination.
 */
export function PagedTable<T>({
  label,
  columns,
  query,
  rowKey,
  empty,
  paging,
  toolbar,
  renderDetail,
  onRowClick,
}: PagedTableProps<T>) {
  const { t } = useTranslation();
  const failure = useQueryFailure(query);
  const hide = (column: TableColumn<T>) =>
    column.isSecondary ? { display: { xs: 'none', md: 'table-cell' } } : undefined;

  const body = () => {
    if (query.isPending) {
      return (
        <Box sx={{ px: 2, py: 1 }} role="status" aria-label={t('common.loading')}>
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} height={44} />
          ))}
        </Box>
      );
    }
    if (query.isError || !query.data) {
      return failure;
    }
    if (query.data.data.length === 0) return empty;
    return (
      // relative: a visually hidden header label stays inside the scrolling box, not past the page edge.
      // A focusable region: on a phone the table scrolls sideways, and a keyboard must reach it to scroll it
      // even when its rows hold no link or button (WCAG 2.1.1).
      <TableContainer sx={{ position: 'relative' }} tabIndex={0} role="region" aria-label={label}>
        <Table
          size="small"
          aria-label={label}
          sx={{
            '& td, & th': { py: 1.25 },
            // on a phone a narrow column would break Japanese text one character a line: the table scrolls instead
            '& > tbody > tr:not(.paged-table-detail) > td': { whiteSpace: { xs: 'nowrap', md: 'normal' } },
          }}
        >
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell
                  key={column.key}
                  align={column.align}
                  sx={{ fontWeight: 700, whiteSpace: 'nowrap', width: column.width, ...hide(column) }}
                >
                  {column.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {query.data.data.map((row) => {
              const detail = renderDetail?.(row);
              return (
                <PagedTableRow
                  key={rowKey(row)}
                  detail={detail}
                  colSpan={columns.length}
                  onClick={onRowClick && (() => onRowClick(row))}
                >
                  {columns.map((column) => (
                    <TableCell key={column.key} align={column.align} sx={hide(column)}>
                      {column.render(row)}
                    </TableCell>
                  ))}
                </PagedTableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    );
  };

  const pagination = query.data && 'pagination' in query.data ? query.data.pagination : undefined;
  return (
    <Card>
      {toolbar && (
        <Box
          sx={{ p: 2, borderBottom: 1, borderColor: 'divider', display: 'flex', gap: 1.5, flexWrap: 'wrap' }}
        >
          {toolbar}
        </Box>
      )}
      {body()}
      {paging && pagination && pagination.totalItems > 0 && (
        <TablePagination
          component="div"
          count={pagination.totalItems}
          page={Math.max(0, paging.page - 1)}
          rowsPerPage={paging.limit}
          rowsPerPageOptions={[...PAGE_SIZES]}
          onPageChange={(_, page) => paging.onPageChange(page + 1)}
          onRowsPerPageChange={(e) => paging.onLimitChange(Number(e.target.value))}
          labelRowsPerPage={t('table.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) =>
            t(pagination.totalIsEstimate ? 'table.displayedRowsEstimate' : 'table.displayedRows', {
              from,
              to,
              count,
            })
          }
          sx={{
            borderTop: 1,
            borderColor: 'divider',
            // a phone's width holds the whole bar (the arrows were cut off at the card's edge)
            '& .MuiTablePagination-toolbar': { pl: { xs: 1, sm: 2 }, pr: { xs: 0.5, sm: 1 } },
            '& .MuiTablePagination-input': { mr: { xs: 1.5, sm: 4 }, ml: { xs: 0.5, sm: 1 } },
            '& .MuiTablePagination-actions': { ml: { xs: 0.5, sm: 2.5 } },
          }}
        />
      )}
    </Card>
  );
}

function PagedTableRow({
  children,
  detail,
  colSpan,
  onClick,
}: {
  children: ReactNode;
  detail: ReactNode;
  colSpan: number;
  onClick: (() => void) | undefined;
}) {
  return (
    <>
      <TableRow
        hover
        onClick={onClick}
        sx={{
          ...(detail ? { '& > td': { borderBottom: 0 } } : {}),
          ...(onClick ? { cursor: 'pointer' } : {}),
        }}
      >
        {children}
      </TableRow>
      {detail && (
        <TableRow className="paged-table-detail">
          <TableCell colSpan={colSpan} sx={{ pt: 0 }}>
            {detail}
          </TableCell>
        </TableRow>
      )}
    </>
  );
}
