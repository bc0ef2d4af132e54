import { verifyEmailResendBodySchema } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField, SubmitButton } from '../../../components/form/form-fields.tsx';
import { ServerForm } from '../../../components/form/server-form.tsx';
import { useServerSubmit } from '../../../components/form/use-server-submit.ts';
import { useVerifyEmailResendMutation } from '../api/account.api.ts';

const defaultValues = { email: '' };

export function VerifyEmailResendForm() {
  const { t } = useTranslation();
  const resend = useVerifyEmailResendMutation();
  const form = useForm({ resolver: zodResolver(verifyEmailResendBodySchema), defaultValues });
  const onSubmit = useServerSubmit(form, { defaultValues, onSubmit: (body) => resend.mutateAsync(body) });

  if (resend.isSuccess) {
    return (
      <Alert severity="success" role="status">
        {t('verifyEmail.resent')}
      </Alert>
    );
  }
  return (
    <ServerForm form={form} onSubmit={onSubmit}>
      <Stack spacing={2}>
        <FormTextField name="email" label={t('fields.email')} type="email" autoComplete="email" />
        <SubmitButton variant="outlined">{t('verifyEmail.resend')}</SubmitButton>
      </Stack>
    </ServerForm>
  );
}
