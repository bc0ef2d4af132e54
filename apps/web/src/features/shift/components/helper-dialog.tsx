import { createHelperBodySchema } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { setServerErrors } from '../../../lib/form-errors.ts';
import { registerField, useFieldErrorProps } from '../../../lib/form-field.ts';
import { useCreateHelperMutation } from '../api/shift.api.ts';

/** Adds a helper: staff without LINE, by name only (approved at once, in the shift table). */
export function HelperDialog({ storeId, onClose }: { storeId: number; onClose: () => void }) {
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
