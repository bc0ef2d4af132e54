import { passwordResetBodySchema } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField, SubmitButton } from '../../../components/form/form-fields.tsx';
import { ServerForm } from '../../../components/form/server-form.tsx';
import { useServerSubmit } from '../../../components/form/use-server-submit.ts';
import { usePasswordResetMutation } from '../api/account.api.ts';

const defaultValues = { email: '' };

/** Asks for a reset link; the answer is the same whether the address exists or not. */
export function PasswordResetRequestForm() {
  const { t } = useTranslation();
  const reset = usePasswordResetMutation();
  const form = useForm({ resolver: zodResolver(passwordResetBodySchema), defaultValues });
  const onSubmit = useServerSubmit(form, { defaultValues, onSubmit: (body) => reset.mutateAsync(body) });

  if (reset.isSuccess) {
    return (
      <Alert icon={<MarkEmailReadOutlined />} severity="success" role="status">
        {t('passwordReset.sent', { email: form.getValues('email') })}
      </Alert>
    );
  }
  return (
    <ServerForm form={form} onSubmit={onSubmit}>
      <Stack spacing={2.5}>
        <FormTextField name="email" label={t('fields.email')} type="email" autoComplete="email" autoFocus />
        <SubmitButton size="large">{t('passwordReset.submit')}</SubmitButton>
      </Stack>
    </ServerForm>
  );
}
