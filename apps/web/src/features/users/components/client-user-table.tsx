import type { BackOfficeUser } from '@app/contracts';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PagedTable, type PageQuery, type TableColumn } from '../../../components/data/paged-table.tsx';
import { EmptyState } from '../../../components/status-state.tsx';
import { fullName } from '../../../lib/format.ts';

/** Read-only: the users of one client (name, e-mail, position). */
export function ClientUserTable({ query }: { query: PageQuery<BackOfficeUser> }) {
  const { t } = useTranslation();
  const columns: TableColumn<BackOfficeUser>[] = [
    {
      key: 'name',
      label: t('common.name'),
      render: (u) => <Typography sx={{ fontWeight: 600 }}>{fullName(u)}</Typography>,
    },
    {
      key: 'email',
      label: t('fields.email'),
      render: (u) => (
        <>
          {u.email}
          {u.pendingEmail && (
            <Typography variant="caption" color="warning.main" sx={{ display: 'block' }}>
              {t('users.pendingEmail', { email: u.pendingEmail })}
            </Typography>
          )}
        </>
      ),
    },
    {
      key: 'position',
      label: t('users.position'),
      render: (u) => <Chip size="small" variant="outlined" label={t(`positions.${u.position}`)} />,
    },
  ];
  return (
    <PagedTable
      label={t('clients.usersTitle')}
      columns={columns}
      query={query}
      rowKey={(u) => u.id}
      empty={<EmptyState title={t('clients.usersEmpty')} />}
    />
  );
}
