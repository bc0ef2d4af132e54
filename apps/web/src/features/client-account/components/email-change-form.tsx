import { changeOwnEmailBodySchema, type ChangeOwnEmailBody } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { PasswordField } from '../../../components/form/password-field.tsx';
import { setServerErrors } from '../../../lib/form-errors.ts';
import { registerField, useFieldErrorProps } from '../../../lib/form-field.ts';

/**
 * Change the login e-mail, with the current password (a session alone is not enough): the new address
 * receives a link, and only once it is opened does the login address change (until then the current one
 * keeps working); the current address is told, with a link that undoes the change.
 */
export function EmailChangeForm({
  currentEmail,
  pendingEmail: storedPendingEmail = null,
  onSubmit,
}: {
  currentEmail: string;
  /** The address already waiting for its link to be opened, when the page knows it. */
  pendingEmail?: string | null;
  onSubmit: (body: ChangeOwnEmailBody) => Promise<{ pendingEmail: string | null }>;
}) {
  const { t } = useTranslation();
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const defaultValues: ChangeOwnEmailBody = { email: '', password: '' };
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangeOwnEmailBody>({ resolver: zodResolver(changeOwnEmailBodySchema), defaultValues });
  const fieldProps = useFieldErrorProps(errors);
  const submit = handleSubmit(async (values) => {
    try {
      const user = await onSubmit(values);
      setPendingEmail(user.pendingEmail ?? values.email);
      reset(defaultValues);
    } catch (error) {
      setServerErrors(error, setError, defaultValues, t('errors.unexpected'));
    }
  });
  return (
    <Card>
      <CardContent sx={{ p: 3 }}>
        <Typography variant="h4" component="h2" sx={{ mb: 1 }}>
          {t('account.emailTitle')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('account.currentEmail', { email: currentEmail })}
        </Typography>
        <Alert severity="info" sx={{ mb: 2.5 }}>
          {t('account.emailVerifyNotice')}
        </Alert>
        {pendingEmail ? (
          <Alert severity="success" role="status" sx={{ mb: 2.5 }}>
            {t('account.emailSent', { email: pendingEmail })}
          </Alert>
        ) : (
          storedPendingEmail && (
            <Alert severity="warning" sx={{ mb: 2.5 }}>
              {t('account.emailPending', { email: storedPendingEmail })}
            </Alert>
          )
        )}
        <form onSubmit={(e) => void submit(e)} noValidate>
          <FormAlert message={errors.root?.server?.message} />
          <TextField
            label={t('account.newEmail')}
            type="email"
            required
            autoComplete="email"
            {...registerField(register, 'email')}
            {...fieldProps('email')}
          />
          <PasswordField
            label={t('account.oldPassword')}
            required
            autoComplete="current-password"
            sx={{ mt: 2 }}
            {...registerField(register, 'password')}
            {...fieldProps('password')}
          />
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
            <Button type="submit" variant="contained" loading={isSubmitting}>
              {t('account.sendVerification')}
            </Button>
          </Box>
        </form>
      </CardContent>
    </Card>
  );
}
