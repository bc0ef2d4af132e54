import { verifyEmailResendBodySchema } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { registerField, useFieldErrorProps } from '../../../lib/form-field.ts';
import { useVerifyEmailResendMutation } from '../api/account.api.ts';
import { FormAlert } from './form-alert.tsx';

export function VerifyEmailResendForm() {
  const { t } = useTranslation();
  const resend = useVerifyEmailResendMutation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(verifyEmailResendBodySchema), defaultValues: { email: '' } });
  const fieldProps = useFieldErrorProps(errors);

  const onSubmit = handleSubmit(async (body) => {
    try {
      await resend.mutateAsync(body);
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, ['email'])) {
        setError('root.server', { message: isApiError(error) ? error.message : t('errors.unexpected') });
      }
    }
  });

  if (resend.isSuccess) {
    return (
      <Alert severity="success" role="status">
        {t('verifyEmail.resent')}
      </Alert>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate>
      <FormAlert message={errors.root?.server?.message} />
      <Stack spacing={2}>
        <TextField
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          {...registerField(register, 'email')}
          {...fieldProps('email')}
        />
        <Button type="submit" variant="outlined" loading={isSubmitting}>
          {t('verifyEmail.resend')}
        </Button>
      </Stack>
    </form>
  );
}
