import { changePasswordBodySchema } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { PasswordField } from '../../../components/form/password-field.tsx';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { setServerErrors } from '../../../lib/form-errors.ts';
import { registerField, useFieldErrorProps } from '../../../lib/form-field.ts';
import { webMessages } from '../../../lib/translate-message.ts';

/** The contract's body plus the new password typed a second time. */
const passwordChangeFormSchema = changePasswordBodySchema
  .extend({ newPasswordConfirmation: z.string() })
  .refine((v) => v.newPassword === v.newPasswordConfirmation, {
    message: webMessages.passwordMismatch,
    path: ['newPasswordConfirmation'],
  });
type PasswordChangeValues = z.input<typeof passwordChangeFormSchema>;

/** Change the signed-in user's password (the current one, then the new one twice); other sessions end. */
export function PasswordChangeForm({
  onSubmit,
}: {
  onSubmit: (body: { oldPassword: string; newPassword: string }) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [isDone, setIsDone] = useState(false);
  const defaultValues: PasswordChangeValues = {
    oldPassword: '',
    newPassword: '',
    newPasswordConfirmation: '',
  };
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PasswordChangeValues>({ resolver: zodResolver(passwordChangeFormSchema), defaultValues });
  const fieldProps = useFieldErrorProps(errors);
  const submit = handleSubmit(async ({ oldPassword, newPassword }) => {
    setIsDone(false);
    try {
      await onSubmit({ oldPassword, newPassword });
      reset(defaultValues);
      setIsDone(true);
    } catch (error) {
      setServerErrors(error, setError, defaultValues, t('errors.unexpected'));
    }
  });
  return (
    <Card>
      <CardContent sx={{ p: 3 }}>
        <Typography variant="h4" component="h2" sx={{ mb: 2 }}>
          {t('account.passwordTitle')}
        </Typography>
        {isDone && (
          <Alert severity="success" role="status" sx={{ mb: 2.5 }}>
            {t('account.passwordChanged')}
          </Alert>
        )}
        <form onSubmit={(e) => void submit(e)} noValidate>
          <FormAlert message={errors.root?.server?.message} />
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
            <PasswordField
              label={t('account.oldPassword')}
              required
              autoComplete="current-password"
              {...registerField(register, 'oldPassword')}
              {...fieldProps('oldPassword')}
            />
            <PasswordField
              label={t('fields.newPassword')}
              required
              autoComplete="new-password"
              {...registerField(register, 'newPassword')}
              {...fieldProps('newPassword', t('fields.passwordHint'))}
            />
            <PasswordField
              label={t('account.newPasswordConfirmation')}
              required
              autoComplete="new-password"
              {...registerField(register, 'newPasswordConfirmation')}
              {...fieldProps('newPasswordConfirmation')}
            />
          </Box>
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
            <Button type="submit" variant="contained" loading={isSubmitting}>
              {t('account.changePassword')}
            </Button>
          </Box>
        </form>
      </CardContent>
    </Card>
  );
}
