import { createHelperBodySchema, shiftMessages, type ShiftStaff } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import PersonAddOutlined from '@mui/icons-material/PersonAddOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { PagedTable, type TableColumn } from '../../../components/data/paged-table.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { setServerErrors } from '../../../lib/form-errors.ts';
import { registerField, useFieldErrorProps } from '../../../lib/form-field.ts';
import { useShowFailure } from '../../../lib/translate-message.ts';
import {
  shiftClosureQueryOptions,
  shiftStaffQueryOptions,
  staffCapKeys,
  type StaffCapKey,
  useBulkApproveStaffMutation,
  useBulkDeleteStaffMutation,
  useCreateHelperMutation,
  useUpdateStaffMutation,
} from '../api/shift.api.ts';

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
          <Avatar src={row.pictureUrl ?? undefined} sx={{ width: 28, height: 28 }}>
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

/** The largest value of each cap, as the API checks it. */
const capMax: Record<StaffCapKey, number> = {
  maxHoursPerDay: 24,
  maxHoursPerWeek: 168,
  maxHoursPerMonth: 744,
  targetHoursPerMonth: 744,
};
/** Empty (the store's setting, or no target) or a whole number of hours from 1 to the cap's maximum. */
const hoursField = (key: StaffCapKey) =>
  z
    .string()
    .trim()
    .refine(
      (v) => v === '' || (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= capMax[key]),
      shiftMessages[key],
    );

const staffFormSchema = z.object({
  employeeNumber: z.string().trim().max(50, shiftMessages.employeeNumberMax),
  managerNotes: z.string().max(1000, shiftMessages.noteMax),
  maxHoursPerDay: hoursField('maxHoursPerDay'),
  maxHoursPerWeek: hoursField('maxHoursPerWeek'),
  maxHoursPerMonth: hoursField('maxHoursPerMonth'),
  targetHoursPerMonth: hoursField('targetHoursPerMonth'),
});
type StaffValues = z.input<typeof staffFormSchema>;

/** 「日8時間・週40時間・目標120時間」: the caps and target a staff member has of their own, if any. */
function capsSummary(row: ShiftStaff, t: (key: string, options?: Record<string, unknown>) => string) {
  const parts = staffCapKeys
    .filter((key) => row[key] !== null)
    .map((key) => t(`shift.staff.capShort.${key}`, { hours: row[key] }));
  return parts.length > 0 ? parts.join('・') : null;
}

function StaffDialog({
  storeId,
  staff,
  onClose,
}: {
  storeId: number;
  staff: ShiftStaff;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const update = useUpdateStaffMutation(storeId);
  const store = useQuery(shiftClosureQueryOptions(storeId));
  const defaultValues: StaffValues = {
    employeeNumber: staff.employeeNumber ?? '',
    managerNotes: staff.managerNotes ?? '',
    maxHoursPerDay: staff.maxHoursPerDay?.toString() ?? '',
    maxHoursPerWeek: staff.maxHoursPerWeek?.toString() ?? '',
    maxHoursPerMonth: staff.maxHoursPerMonth?.toString() ?? '',
    targetHoursPerMonth: staff.targetHoursPerMonth?.toString() ?? '',
  };
  /** What an empty cap means: the store's own cap, or none; an empty target: no target. */
  const placeholderOf = (key: StaffCapKey) => {
    if (key === 'targetHoursPerMonth') return t('shift.staff.noTarget');
    const storeCap = store.data?.[key];
    return storeCap == null ? t('shift.staff.storeNoCap') : t('shift.staff.storeCap', { hours: storeCap });
  };
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<StaffValues>({ resolver: zodResolver(staffFormSchema), defaultValues });
  const fieldProps = useFieldErrorProps(errors);
  const submit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync({
        staffId: staff.id,
        employeeNumber: values.employeeNumber.trim() || null,
        managerNotes: values.managerNotes.trim() ? values.managerNotes : null,
        ...Object.fromEntries(
          staffCapKeys.map((key) => [key, values[key].trim() === '' ? null : Number(values[key])]),
        ),
      });
      onClose();
    } catch (error) {
      setServerErrors(error, setError, defaultValues, t('errors.unexpected'));
    }
  });
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <Box component="form" onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id={titleId}>{staff.name}</DialogTitle>
        <DialogContent>
          <FormAlert message={errors.root?.server?.message} />
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={t('shift.staff.employeeNumber')}
              size="small"
              {...registerField(register, 'employeeNumber')}
              {...fieldProps('employeeNumber')}
            />
            <TextField
              label={t('shift.staff.managerNotes')}
              multiline
              minRows={3}
              size="small"
              {...registerField(register, 'managerNotes')}
              {...fieldProps('managerNotes')}
            />
            <Typography variant="subtitle2" component="h3">
              {t('shift.staff.capsTitle')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: '4px !important' }}>
              {t('shift.staff.capsHelp')}
            </Typography>
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
              {staffCapKeys.map((key) => (
                <TextField
                  key={key}
                  label={t(`shift.staff.capLabel.${key}`)}
                  size="small"
                  type="number"
                  placeholder={placeholderOf(key)}
                  slotProps={{ htmlInput: { min: 1, max: capMax[key] }, inputLabel: { shrink: true } }}
                  {...registerField(register, key)}
                  {...fieldProps(key)}
                />
              ))}
            </Box>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" loading={isSubmitting}>
            {t('common.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

function HelperDialog({ storeId, onClose }: { storeId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const create = useCreateHelperMutation(storeId);
  const defaultValues = { name: '' };
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ name: string }>({ resolver: zodResolver(createHelperBodySchema), defaultValues });
  const fieldProps = useFieldErrorProps(errors);
  const submit = handleSubmit(async (values) => {
    try {
      await create.mutateAsync(values.name);
      onClose();
    } catch (error) {
      setServerErrors(error, setError, defaultValues, t('errors.unexpected'));
    }
  });
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <Box component="form" onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id={titleId}>{t('shift.staff.addHelper')}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('shift.staff.helperHelp')}
          </Typography>
          <FormAlert message={errors.root?.server?.message} />
          <TextField
            label={t('common.name')}
            size="small"
            fullWidth
            autoFocus
            {...registerField(register, 'name')}
            {...fieldProps('name')}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" loading={isSubmitting}>
            {t('shift.staff.add')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
