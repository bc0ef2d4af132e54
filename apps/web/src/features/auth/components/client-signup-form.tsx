import { clientSignupBodySchema, type PublicSignupResponse } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import Button from '@mui/material/Button';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ClientSignupSections, FormStack } from '../../../components/form/client-signup-sections.tsx';
import { emptyAddress, emptyContactPerson } from '../../../components/form/company-fields.tsx';
import { SubmitButton } from '../../../components/form/form-fields.tsx';
import { ServerForm } from '../../../components/form/server-form.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useServerSubmit } from '../../../components/form/use-server-submit.ts';
import { webMessages } from '../../../lib/translate-message.ts';
import { useClientSignupMutation } from '../api/account.api.ts';

/** The contract's sign-up body, plus the password typed a second time. */
const clientSignupFormSchema = clientSignupBodySchema
  .extend({ passwordConfirmation: z.string() })
  .refine((v) => v.user.password === v.passwordConfirmation, {
    message: webMessages.passwordMismatch,
    path: ['passwordConfirmation'],
  });
type ClientSignupFormValues = z.input<typeof clientSignupFormSchema>;

const emptyValues = (agencyId: number | undefined): ClientSignupFormValues => ({
  agencyId,
  client: { companyName: '', companyNameKana: '', address: emptyAddress() },
  contactPerson: emptyContactPerson(),
  user: { lastName: '', firstName: '', email: '', password: '' },
  passwordConfirmation: '',
});

export type SignupResult = { response: PublicSignupResponse; email: string };

/** Client sign-up: company, address, contact person and the owner user, in one request. */
export function ClientSignupForm({
  agencyId,
  onSuccess,
  onAgencyNotFound,
}: {
  agencyId: number | undefined;
  onSuccess: (result: SignupResult) => void;
  onAgencyNotFound: () => void;
}) {
  const { t } = useTranslation();
  const signup = useClientSignupMutation();
  const defaultValues = emptyValues(agencyId);
  const form = useForm({ resolver: zodResolver(clientSignupFormSchema), defaultValues });
  const onSubmit = useServerSubmit(form, {
    defaultValues,
    onSubmit: async ({ passwordConfirmation: _, ...body }) => {
      const response = await signup.mutateAsync(body);
      onSuccess({ response, email: body.user.email });
    },
    // The agency of the link is gone: the page says so instead of the form.
    onFailure: (error) => {
      if (!isApiError(error) || error.status !== 404) return false;
      onAgencyNotFound();
      return true;
    },
  });
  const { getValues, setValue } = form;

  const copyContactPerson = () => {
    const contact = getValues('contactPerson');
    const options = { shouldDirty: true } as const;
    setValue('user.lastName', contact.lastName, options);
    setValue('user.firstName', contact.firstName, options);
    setValue('user.email', contact.email, options);
  };

  return (
    <ServerForm form={form} onSubmit={onSubmit}>
      <FormStack>
        <ClientSignupSections
          ownerHint={t('signup.ownerHint')}
          passwordConfirmationName="passwordConfirmation"
          ownerAction={
            <Button
              size="small"
              startIcon={<ContentCopyOutlined fontSize="small" />}
              onClick={copyContactPerson}
            >
              {t('signup.copyContactPerson')}
            </Button>
          }
        />
        <SubmitButton size="large">{t('signup.submit')}</SubmitButton>
      </FormStack>
    </ServerForm>
  );
}
