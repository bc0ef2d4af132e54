import { loginBodySchema, type Session } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PasswordField } from '../../../components/form/password-field.tsx';
import { paths } from '../../../config/routes.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { registerField, useFieldErrorProps } from '../../../lib/form-field.ts';
import { useLoginMutation } from '../api/session.api.ts';
import { FormAlert } from './form-alert.tsx';

const fields = ['email', 'password'] as const;

/** E-mail and password, checked with the contract's own schema before the server sees them. */
export function LoginForm({ onSuccess }: { onSuccess: (session: Session) => void }) {
  const { t } = useTranslation();
  const login = useLoginMutation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(loginBodySchema), defaultValues: { email: '', password: '' } });
  const fieldProps = useFieldErrorProps(errors);

  const onSubmit = handleSubmit(async (body) => {
    try {
      onSuccess(await login.mutateAsync(body));
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, fields)) {
        setError('root.server', { message: isApiError(error) ? error.message : t('errors.unexpected') });
      }
    }
  });

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
        <PasswordField
          label={t('fields.password')}
          autoComplete="current-password"
          {...registerField(register, 'password')}
          {...fieldProps('password')}
        />
        <Link component={RouterLink} to={paths.passwordReset} variant="body2" sx={{ alignSelf: 'flex-end' }}>
          {t('login.forgotPassword')}
        </Link>
        <Button type="submit" variant="contained" size="large" loading={isSubmitting}>
          {t('login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
