import type { ShiftStaff } from '@app/contracts';
import PersonAddOutlined from '@mui/icons-material/PersonAddOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable, type TableColumn } from '../../components/data/paged-table.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { useShowFailure } from '../../lib/translate-message.ts';
import {
  shiftStaffQueryOptions,
  staffCapKeys,
  useBulkApproveStaffMutation,
  useBulkDeleteStaffMutation,
} from '../../features/shift/api/shift.api.ts';
import { HelperDialog } from '../../features/shift/components/helper-dialog.tsx';
import { StaffDialog } from '../../features/shift/components/staff-dialog.tsx';

type Status = 'PENDING' | 'APPROVED';

/** Staff of the store: who waits for approval, who is approved; helpers, employee numbers, notes. */
export function ShiftStaffPage({ storeId, canManage }: { storeId: number; canManage: boolean }) {
  const { t } = useTranslation();
  const showFailure = useShowFailure();
  const [status, setStatus] = useState<Status>('PENDING');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [confirm, setConfirm] = useState<'approve' | 'delete' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [editing, setEditing] = useState<ShiftStaff | null>(null);
  const [addingHelper, setAddingHelper] = useState(false);
  const list = useQuery(shiftStaffQueryOptions(storeId, status));
  const approve = useBulkApproveStaffMutation(storeId);
  const remove = useBulkDeleteStaffMutation(storeId);
  const rows = list.data?.data ?? [];
  const allSelected = rows.length > 0 && rows.every((r) => selected.has(r.id));

  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  };
  const run = async () => {
    const staffIds = [...selected];
    try {
      if (confirm === 'approve') await approve.mutateAsync(staffIds);
      else await remove.mutateAsync(staffIds);
      setSelected(new Set());
      setFailure(null);
    } catch (error) {
      setFailure(showFailure(error));
    }
    setConfirm(null);
  };

  const columns: TableColumn<ShiftStaff>[] = [
    ...(canManage
      ? [
          {
            key: 'select',
            label: (
              <Checkbox
                size="small"
                checked={allSelected}
                indeterminate={!allSelected && rows.some((r) => selected.has(r.id))}
                onChange={() => setSelected(allSelected ? new Set() : new Set(rows.map((r) => r.id)))}
                slotProps={{ input: { 'aria-label': t('shift.staff.selectAll') } }}
              />
            ),
            width: 48,
            render: (row: ShiftStaff) => (
              <Checkbox
                size="small"
                checked={selected.has(row.id)}
                onChange={() => toggle(row.id)}
                onClick={(e) => e.stopPropagation()}
                slotProps={{ input: { 'aria-label': t('shift.staff.select', { name: row.name }) } }}
              />
            ),
          },
        ]
      : []),
    {
      key: 'name',
      label: t('common.name'),
      render: (row) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Avatar src={row.pictureUrl ?? undefined} alt="" sx={{ width: 28, height: 28 }}>
            {row.name.slice(0, 1)}
          </Avatar>
          <span>{row.name}</span>
          {row.isHelper && <Chip size="small" label={t('shift.staff.helper')} />}
          {!row.isHelper && !row.isFollowing && (
            <Chip size="small" color="warning" label={t('shift.staff.notFollowing')} />
          )}
        </Stack>
      ),
    },
    {
      key: 'employeeNumber',
      label: t('shift.staff.employeeNumber'),
      render: (row) => row.employeeNumber ?? '—',
    },
    {
      key: 'managerNotes',
      label: t('shift.staff.managerNotes'),
      isSecondary: true,
      render: (row) => (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
          {row.managerNotes ?? ''}
        </Typography>
      ),
    },
    {
      key: 'caps',
      label: t('shift.staff.caps'),
      isSecondary: true,
      render: (row) => capsSummary(row, t) ?? '—',
    },
    {
      key: 'createdAt',
      label: t('shift.staff.signedUp'),
      isSecondary: true,
      render: (row) => row.createdAt.slice(0, 10),
    },
    ...(canManage
      ? [
          {
            key: 'edit',
            label: '',
            align: 'right' as const,
            render: (row: ShiftStaff) => (
              <Button size="small" onClick={() => setEditing(row)}>
                {t('common.edit')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <Box>
      <Stack direction="row" spacing={1} useFlexGap sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Tabs
          value={status}
          onChange={(_, v: Status) => {
            setStatus(v);
            setSelected(new Set());
          }}
        >
          <Tab value="PENDING" label={t('shift.staff.pending')} />
          <Tab value="APPROVED" label={t('shift.staff.approved')} />
        </Tabs>
        <Box sx={{ flexGrow: 1 }} />
        {canManage && (
          <>
            {status === 'PENDING' && (
              <Button
                variant="contained"
                disabled={selected.size === 0}
                onClick={() => setConfirm('approve')}
              >
                {t('shift.staff.approveSelected', { count: selected.size })}
              </Button>
            )}
            <Button color="error" disabled={selected.size === 0} onClick={() => setConfirm('delete')}>
              {t('shift.staff.deleteSelected', { count: selected.size })}
            </Button>
            <Button startIcon={<PersonAddOutlined />} onClick={() => setAddingHelper(true)}>
              {t('shift.staff.addHelper')}
            </Button>
          </>
        )}
      </Stack>
      {failure && (
        <Typography color="error" role="alert" sx={{ mb: 1 }}>
          {failure}
        </Typography>
      )}
      <PagedTable
        label={status === 'PENDING' ? t('shift.staff.pending') : t('shift.staff.approved')}
        columns={columns}
        query={list}
        rowKey={(r) => r.id}
        empty={
          <Typography color="text.secondary" sx={{ p: 3 }}>
            {status === 'PENDING' ? t('shift.staff.nonePending') : t('shift.staff.noneApproved')}
          </Typography>
        }
      />
      <ConfirmDialog
        open={confirm !== null}
        title={confirm === 'approve' ? t('shift.staff.approveTitle') : t('shift.staff.deleteTitle')}
        description={
          confirm === 'approve'
            ? t('shift.staff.approveConfirm', { count: selected.size })
            : t('shift.staff.deleteConfirm', { count: selected.size })
        }
        confirmLabel={confirm === 'approve' ? t('shift.staff.approve') : t('common.delete')}
        isDanger={confirm === 'delete'}
        isLoading={approve.isPending || remove.isPending}
        onConfirm={() => void run()}
        onClose={() => setConfirm(null)}
      />
      {editing && <StaffDialog storeId={storeId} staff={editing} onClose={() => setEditing(null)} />}
      {addingHelper && <HelperDialog storeId={storeId} onClose={() => setAddingHelper(false)} />}
    </Box>
  );
}

/** 「日8時間・週40時間・目標120時間」: the caps and target a staff member has of their own, if any. */
function capsSummary(row: ShiftStaff, t: (key: string, options?: Record<string, unknown>) => string) {
  const parts = staffCapKeys
    .filter((key) => row[key] !== null)
    .map((key) => t(`shift.staff.capShort.${key}`, { hours: row[key] }));
  return parts.length > 0 ? parts.join('・') : null;
}
