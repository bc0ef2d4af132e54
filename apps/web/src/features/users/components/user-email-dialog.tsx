import { changeEmailBodySchema, type BackOfficeUser, type ChangeEmailBody } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { setServerErrors } from '../../../lib/form-errors.ts';
import { registerField, useFieldErrorProps } from '../../../lib/form-field.ts';

/**
 * Request a new login e-mail for a user: the new address receives a link, and the address switches only
 * once it is opened (until then the user keeps logging in with the current one).
 */
export function UserEmailDialog({
  user,
  onClose,
  onSubmit,
}: {
  user: BackOfficeUser;
  onClose: () => void;
  onSubmit: (body: ChangeEmailBody) => Promise<{ pendingEmail: string | null }>;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const defaultValues: ChangeEmailBody = { email: '' };
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ChangeEmailBody>({ resolver: zodResolver(changeEmailBodySchema), defaultValues });
  const fieldProps = useFieldErrorProps(errors);
  const submit = handleSubmit(async (values) => {
    try {
      const updated = await onSubmit(values);
      setSentTo(updated.pendingEmail ?? values.email);
    } catch (error) {
      setServerErrors(error, setError, defaultValues, t('errors.unexpected'));
    }
  });
  return (
    <Dialog
      open
      onClose={isSubmitting ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id={titleId}>{t('users.changeEmail')}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('users.currentEmail', { email: user.email })}
          </Typography>
          {sentTo ? (
            <Alert severity="success" role="status">
              {t('users.emailChangeSent', { email: sentTo })}
            </Alert>
          ) : (
            <>
              <Alert severity="info" sx={{ mb: 2.5 }}>
                {t('users.emailVerifyNotice')}
              </Alert>
              <FormAlert message={errors.root?.server?.message} />
              <TextField
                label={t('users.newEmail')}
                type="email"
                required
                autoComplete="off"
                {...registerField(register, 'email')}
                {...fieldProps('email')}
              />
            </>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          {sentTo ? (
            <Button variant="contained" onClick={onClose}>
              {t('common.close')}
            </Button>
          ) : (
            <>
              <Button onClick={onClose} disabled={isSubmitting}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" variant="contained" loading={isSubmitting}>
                {t('users.sendVerification')}
              </Button>
            </>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
