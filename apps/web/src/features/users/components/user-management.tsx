import {
  positions,
  roles,
  type BackOfficeUser,
  type CreateMasterUserBody,
  type ListMasterUsersQuery,
  type Position,
  type Role,
} from '@app/contracts';
import AlternateEmailOutlined from '@mui/icons-material/AlternateEmailOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { PagedTable, type TableColumn } from '../../../components/data/paged-table.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { roleLabel } from '../../../components/role-label.ts';
import { SearchField } from '../../../components/search-field.tsx';
import { EmptyState } from '../../../components/status-state.tsx';
import { formatDate, fullName } from '../../../lib/format.ts';
import { showToast } from '../../../lib/toast-store.ts';
import { useShowFailure } from '../../../lib/translate-message.ts';
import { useListParams } from '../../../lib/use-list-params.ts';
import {
  masterUsersQueryOptions,
  tenantUsersQueryOptions,
  useCreateMasterUserMutation,
  useChangeUserEmailMutation,
  useCreateTenantUserMutation,
  useDeleteUserMutation,
  useUpdateUserMutation,
  type UserScope,
} from '../api/users.api.ts';
import { UserCreateDialog } from './user-create-dialog.tsx';
import { UserEditDialog } from './user-edit-dialog.tsx';
import { UserEmailDialog } from './user-email-dialog.tsx';
import { showEmptyChoice } from '../../../components/form/form-fields.tsx';
import { visuallyHidden } from '../../../components/visually-hidden.ts';

const pick = <T extends string>(values: readonly T[], value: string): T | undefined =>
  (values as readonly string[]).includes(value) ? (value as T) : undefined;

/**
 * The user list of an area, with invite, edit and delete: the master operator sees every back-office user,
 * an agency or client owner the users of their own organisation.
 */
export function UserManagement({
  scope,
  currentUserId,
  title,
}: {
  scope: UserScope;
  currentUserId: number;
  title: string;
}) {
  const { t } = useTranslation();
  const showFailure = useShowFailure();
  const params = useListParams();
  const isMaster = scope === 'master';
  const query: ListMasterUsersQuery = {
    page: params.page,
    limit: params.limit,
    search: params.get('search') || undefined,
    position: pick<Position>(positions, params.get('position')),
    ...(isMaster ? { role: pick<Role>(roles, params.get('role')) } : {}),
  };
  // The scope never changes for a mounted list: one of the two queries runs.
  const masterUsers = useQuery({ ...masterUsersQueryOptions(query), enabled: isMaster });
  const tenantUsers = useQuery({
    ...tenantUsersQueryOptions(scope === 'agency' ? 'agency' : 'client', query),
    enabled: !isMaster,
  });
  const users = isMaster ? masterUsers : tenantUsers;
  const createMaster = useCreateMasterUserMutation();
  const createTenant = useCreateTenantUserMutation(scope === 'agency' ? 'agency' : 'client');
  const update = useUpdateUserMutation(scope);
  const remove = useDeleteUserMutation(scope);
  const changeEmail = useChangeUserEmailMutation();
  const [isCreating, setIsCreating] = useState(false);
  const [editing, setEditing] = useState<BackOfficeUser | null>(null);
  const [changingEmail, setChangingEmail] = useState<BackOfficeUser | null>(null);
  const [deleting, setDeleting] = useState<BackOfficeUser | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const create = async (body: CreateMasterUserBody) => {
    const user = isMaster
      ? await createMaster.mutateAsync(body)
      : await createTenant.mutateAsync({
          email: body.email,
          position: body.position,
          lastName: body.lastName,
          firstName: body.firstName,
          lastNameKana: body.lastNameKana,
          firstNameKana: body.firstNameKana,
          phoneNumber: body.phoneNumber,
        });
    showToast(t('users.invited', { email: user.email }), 'success');
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteError(null);
    try {
      await remove.mutateAsync(deleting.id);
      showToast(t('users.deleted', { email: deleting.email }), 'success');
      setDeleting(null);
    } catch (error) {
      setDeleteError(showFailure(error));
    }
  };

  const isFiltered = Boolean(params.get('search') || params.get('position') || params.get('role'));
  const columns: TableColumn<BackOfficeUser>[] = [
    {
      key: 'name',
      label: t('common.name'),
      render: (u) => (
        <>
          <Typography sx={{ fontWeight: 600 }}>
            {fullName(u)}
            {u.id === currentUserId && (
              <Chip size="small" label={t('users.you')} sx={{ ml: 1 }} variant="outlined" />
            )}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {u.email}
          </Typography>
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
      label: isMaster ? t('users.rolePosition') : t('users.position'),
      render: (u) => (isMaster ? roleLabel(t, u.role, u.position) : t(`positions.${u.position}`)),
    },
    ...(isMaster
      ? [
          {
            key: 'tenant',
            label: t('users.belongsTo'),
            render: (u: BackOfficeUser) =>
              u.clientId
                ? `${t('roles.CLIENT')}: ${u.tenantName ?? `#${u.clientId}`}`
                : u.agencyId
                  ? `${t('roles.AGENCY')}: ${u.tenantName ?? `#${u.agencyId}`}`
                  : '—',
            isSecondary: true,
          },
        ]
      : []),
    {
      key: 'verified',
      label: t('users.status'),
      render: (u) =>
        u.emailVerified ? (
          <Chip size="small" color="success" variant="outlined" label={t('users.active')} />
        ) : (
          <Chip size="small" color="warning" variant="outlined" label={t('users.invitedStatus')} />
        ),
    },
    {
      key: 'created',
      label: t('common.createdAt'),
      render: (u) => formatDate(u.createdAt),
      isSecondary: true,
    },
    {
      key: 'actions',
      label: (
        <Box component="span" sx={visuallyHidden}>
          {t('common.actions')}
        </Box>
      ),
      align: 'right',
      render: (u) => (
        <Box sx={{ whiteSpace: 'nowrap' }}>
          <Tooltip title={t('common.edit')}>
            <IconButton
              size="small"
              aria-label={t('users.editOf', { email: u.email })}
              onClick={() => setEditing(u)}
            >
              <EditOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
          {isMaster && (
            <Tooltip title={t('users.changeEmail')}>
              <IconButton
                size="small"
                aria-label={t('users.changeEmailOf', { email: u.email })}
                onClick={() => setChangingEmail(u)}
              >
                <AlternateEmailOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
          <Tooltip title={t('common.delete')}>
            <span>
              <IconButton
                size="small"
                aria-label={t('users.deleteOf', { email: u.email })}
                disabled={u.id === currentUserId}
                onClick={() => {
                  setDeleteError(null);
                  setDeleting(u);
                }}
              >
                <DeleteOutlined fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        </Box>
      ),
    },
  ];

  const filterSelect = (name: string, label: string, values: readonly string[], prefix: string) => (
    <TextField
      select
      size="small"
      label={label}
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

  const inviteButton = (
    <Button variant="contained" startIcon={<PersonAddAlt1Outlined />} onClick={() => setIsCreating(true)}>
      {t('users.invite')}
    </Button>
  );

  return (
    <>
      <PageHeader title={title} subtitle={t('users.subtitle')} actions={inviteButton} />
      <PagedTable
        label={title}
        columns={columns}
        query={users}
        rowKey={(u) => u.id}
        toolbar={
          <>
            <SearchField
              label={t('users.search')}
              value={params.get('search')}
              onChange={(search) => params.setFilters({ search })}
            />
            {isMaster && filterSelect('role', t('users.role'), roles, 'roles')}
            {filterSelect('position', t('users.position'), positions, 'positions')}
          </>
        }
        paging={{
          page: params.page,
          limit: params.limit,
          onPageChange: params.setPage,
          onLimitChange: params.setLimit,
        }}
        empty={
          <EmptyState
            title={isFiltered ? t('users.emptyFiltered') : t('users.empty')}
            description={isFiltered ? t('common.emptyFilteredHint') : undefined}
          />
        }
      />
      <UserCreateDialog
        open={isCreating}
        isMaster={isMaster}
        onClose={() => setIsCreating(false)}
        onSubmit={create}
      />
      {editing && (
        <UserEditDialog
          key={editing.id}
          user={editing}
          isSelf={editing.id === currentUserId}
          onClose={() => setEditing(null)}
          onSubmit={async (body) => {
            await update.mutateAsync({ id: editing.id, body });
            showToast(t('users.saved'), 'success');
          }}
        />
      )}
      {changingEmail && (
        <UserEmailDialog
          key={changingEmail.id}
          user={changingEmail}
          onClose={() => setChangingEmail(null)}
          onSubmit={(body) => changeEmail.mutateAsync({ id: changingEmail.id, body })}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('users.deleteTitle')}
        description={
          deleting ? t('users.deleteBody', { name: fullName(deleting), email: deleting.email }) : undefined
        }
        confirmLabel={t('common.delete')}
        isDanger
        isLoading={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      >
        {deleteError && (
          <Typography role="alert" color="error" variant="body2">
            {deleteError}
          </Typography>
        )}
      </ConfirmDialog>
    </>
  );
}
