import { shiftMessages, type ShiftStaff } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { setServerErrors } from '../../../lib/form-errors.ts';
import { registerField, useFieldErrorProps } from '../../../lib/form-field.ts';
import {
  shiftClosureQueryOptions,
  staffCapKeys,
  type StaffCapKey,
  useUpdateStaffMutation,
} from '../api/shift.api.ts';

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

/** A staff member's employee number, the manager's notes, and their own caps and target. */
export function StaffDialog({
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
