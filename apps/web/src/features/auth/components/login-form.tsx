import { loginBodySchema, type Session } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FormPasswordField, FormTextField, SubmitButton } from '../../../components/form/form-fields.tsx';
import { ServerForm } from '../../../components/form/server-form.tsx';
import { useServerSubmit } from '../../../components/form/use-server-submit.ts';
import { paths } from '../../../config/routes.ts';
import { useLoginMutation } from '../api/session.api.ts';

const defaultValues = { email: '', password: '' };

/** E-mail and password, checked with the contract's own schema before the server sees them. */
export function LoginForm({ onSuccess }: { onSuccess: (session: Session) => void }) {
  const { t } = useTranslation();
  const login = useLoginMutation();
  const form = useForm({ resolver: zodResolver(loginBodySchema), defaultValues });
  const onSubmit = useServerSubmit(form, {
    defaultValues,
    onSubmit: async (body) => onSuccess(await login.mutateAsync(body)),
  });
  return (
    <ServerForm form={form} onSubmit={onSubmit}>
      <Stack spacing={2.5}>
        <FormTextField name="email" label={t('fields.email')} type="email" autoComplete="email" autoFocus />
        <FormPasswordField name="password" label={t('fields.password')} autoComplete="current-password" />
        <Link component={RouterLink} to={paths.passwordReset} variant="body2" sx={{ alignSelf: 'flex-end' }}>
          {t('login.forgotPassword')}
        </Link>
        <SubmitButton size="large">{t('login.submit')}</SubmitButton>
      </Stack>
    </ServerForm>
  );
}
