import { passwordResetBodySchema } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { registerField, useFieldErrorProps } from '../../../lib/form-field.ts';
import { usePasswordResetMutation } from '../api/account.api.ts';
import { FormAlert } from './form-alert.tsx';

/** Asks for a reset link; the answer is the same whether the address exists or not. */
export function PasswordResetRequestForm() {
  const { t } = useTranslation();
  const reset = usePasswordResetMutation();
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(passwordResetBodySchema), defaultValues: { email: '' } });
  const fieldProps = useFieldErrorProps(errors);

  const onSubmit = handleSubmit(async (body) => {
    try {
      await reset.mutateAsync(body);
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, ['email'])) {
        setError('root.server', { message: isApiError(error) ? error.message : t('errors.unexpected') });
      }
    }
  });

  if (reset.isSuccess) {
    return (
      <Alert icon={<MarkEmailReadOutlined />} severity="success" role="status">
        {t('passwordReset.sent', { email: getValues('email') })}
      </Alert>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <FormAlert message={errors.root?.server?.message} />
      <Stack spacing={2.5}>
        <TextField
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          autoFocus
          {...registerField(register, 'email')}
          {...fieldProps('email')}
        />
        <Button type="submit" variant="contained" size="large" loading={isSubmitting}>
          {t('passwordReset.submit')}
        </Button>
      </Stack>
    </form>
  );
}
