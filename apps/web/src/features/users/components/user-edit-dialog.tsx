import { positions, updateUserBodySchema, type BackOfficeUser, type UpdateUserBody } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { setServerErrors } from '../../../lib/form-errors.ts';
import { registerField, useFieldErrorProps } from '../../../lib/form-field.ts';

/** Change a user's names, phone and position (not the e-mail: that has its own verified call). */
export function UserEditDialog({
  user,
  isSelf,
  onClose,
  onSubmit,
}: {
  user: BackOfficeUser;
  isSelf: boolean;
  onClose: () => void;
  onSubmit: (body: UpdateUserBody) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const defaultValues: UpdateUserBody = {
    lastName: user.lastName,
    firstName: user.firstName,
    lastNameKana: user.lastNameKana ?? '',
    firstNameKana: user.firstNameKana ?? '',
    phoneNumber: user.phoneNumber ?? '',
    position: user.position,
  };
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<UpdateUserBody>({ resolver: zodResolver(updateUserBodySchema), defaultValues });
  const fieldProps = useFieldErrorProps(errors);
  const submit = handleSubmit(async ({ position, ...rest }) => {
    try {
      // Your own position cannot change: leave it out rather than have the server refuse it.
      await onSubmit(isSelf ? rest : { ...rest, position });
      onClose();
    } catch (error) {
      setServerErrors(error, setError, defaultValues, t('errors.unexpected'));
    }
  });
  const text = (
    name: 'lastName' | 'firstName' | 'lastNameKana' | 'firstNameKana' | 'phoneNumber',
    label: string,
  ) => <TextField label={label} {...registerField(register, name)} {...fieldProps(name)} />;
  return (
    <Dialog
      open
      onClose={isSubmitting ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id={titleId}>{t('users.editTitle', { email: user.email })}</DialogTitle>
        <DialogContent>
          <FormAlert message={errors.root?.server?.message} />
          <Grid container spacing={2} sx={{ pt: 1 }}>
            <Grid size={6}>{text('lastName', t('fields.lastName'))}</Grid>
            <Grid size={6}>{text('firstName', t('fields.firstName'))}</Grid>
            <Grid size={6}>{text('lastNameKana', t('fields.lastNameKana'))}</Grid>
            <Grid size={6}>{text('firstNameKana', t('fields.firstNameKana'))}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{text('phoneNumber', t('fields.phoneNumber'))}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                select
                label={t('users.position')}
                disabled={isSelf}
                {...registerField(register, 'position')}
                {...fieldProps('position', isSelf ? t('users.ownPositionHint') : undefined)}
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              >
                {positions.map((p) => (
                  <option key={p} value={p}>
                    {t(`positions.${p}`)}
                  </option>
                ))}
              </TextField>
            </Grid>
          </Grid>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={isSubmitting}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={isSubmitting}>
            {t('common.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
