import { passwordSchema } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormPasswordField, SubmitButton } from '../../../components/form/form-fields.tsx';
import { ServerForm } from '../../../components/form/server-form.tsx';
import { useServerSubmit } from '../../../components/form/use-server-submit.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { webMessages } from '../../../lib/translate-message.ts';
import { usePasswordConfirmMutation } from '../api/account.api.ts';

/** The contract's password rule, typed twice. */
const newPasswordFormSchema = z
  .object({ password: passwordSchema, passwordConfirmation: z.string() })
  .refine((v) => v.password === v.passwordConfirmation, {
    message: webMessages.passwordMismatch,
    path: ['passwordConfirmation'],
  });

const defaultValues = { password: '', passwordConfirmation: '' };

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
  const form = useForm({ resolver: zodResolver(newPasswordFormSchema), defaultValues });
  const onSubmit = useServerSubmit(form, {
    defaultValues,
    onSubmit: async ({ password }) => {
      await confirm.mutateAsync({ password, token });
      onSuccess();
    },
    // A used or expired link: the page offers a new one instead of the form.
    onFailure: (error) => {
      if (!isApiError(error) || error.status !== 401) return false;
      onInvalidToken();
      return true;
    },
  });
  return (
    <ServerForm form={form} onSubmit={onSubmit}>
      <Stack spacing={2.5}>
        <FormPasswordField
          name="password"
          label={t('fields.newPassword')}
          hint={t('fields.passwordHint')}
          autoComplete="new-password"
          autoFocus
        />
        <FormPasswordField
          name="passwordConfirmation"
          label={t('fields.passwordConfirmation')}
          autoComplete="new-password"
        />
        <SubmitButton size="large">{t('passwordResetConfirm.submit')}</SubmitButton>
      </Stack>
    </ServerForm>
  );
}
