import { passwordSchema } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { PasswordField } from '../../../components/form/password-field.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { registerField, useFieldErrorProps } from '../../../lib/form-field.ts';
import { webMessages } from '../../../lib/translate-message.ts';
import { usePasswordConfirmMutation } from '../api/account.api.ts';
import { FormAlert } from './form-alert.tsx';

/** The contract's password rule, typed twice. */
const newPasswordFormSchema = z
  .object({ password: passwordSchema, passwordConfirmation: z.string() })
  .refine((v) => v.password === v.passwordConfirmation, {
    message: webMessages.passwordMismatch,
    path: ['passwordConfirmation'],
  });

export function PasswordResetConfirmForm({
  token,
  onSuccess,
  onInvalidToken,
}: {
  token: string;
  onSuccess: () => void;
  onInvalidToken: () => void;
}) {
  const { t } = useTranslation();
  const confirm = usePasswordConfirmMutation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(newPasswordFormSchema),
    defaultValues: { password: '', passwordConfirmation: '' },
  });
  const fieldProps = useFieldErrorProps(errors);

  const onSubmit = handleSubmit(async ({ password }) => {
    try {
      await confirm.mutateAsync({ password, token });
      onSuccess();
    } catch (error) {
      if (isApiError(error) && error.status === 401) return onInvalidToken();
      if (!applyServerFieldErrors(error, setError, ['password'])) {
        setError('root.server', { message: isApiError(error) ? error.message : t('errors.unexpected') });
      }
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <FormAlert message={errors.root?.server?.message} />
      <Stack spacing={2.5}>
        <PasswordField
          label={t('fields.newPassword')}
          autoComplete="new-password"
          autoFocus
          {...registerField(register, 'password')}
          {...fieldProps('password', t('fields.passwordHint'))}
        />
        <PasswordField
          label={t('fields.passwordConfirmation')}
          autoComplete="new-password"
          {...registerField(register, 'passwordConfirmation')}
          {...fieldProps('passwordConfirmation')}
        />
        <Button type="submit" variant="contained" size="large" loading={isSubmitting}>
          {t('passwordResetConfirm.submit')}
        </Button>
      </Stack>
    </form>
  );
}
