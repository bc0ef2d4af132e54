import { agencyClientSignupBodySchema, type AgencyClientSignupBody } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ClientSignupSections, FormStack } from '../../../components/form/client-signup-sections.tsx';
import { emptyAddress, emptyContactPerson } from '../../../components/form/company-fields.tsx';
import { FormActions } from '../../../components/form/form-fields.tsx';
import { ServerForm } from '../../../components/form/server-form.tsx';
import { useServerSubmit } from '../../../components/form/use-server-submit.ts';

const emptyValues = (): AgencyClientSignupBody => ({
  client: { companyName: '', companyNameKana: '', address: emptyAddress() },
  contactPerson: emptyContactPerson(),
  user: { lastName: '', firstName: '', email: '', password: '' },
});

/** The agency signs a client up on the prospect's behalf (same fields as the public sign-up page). */
export function AgencyClientSignupForm({
  onSubmit,
}: {
  onSubmit: (body: AgencyClientSignupBody) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const defaultValues = emptyValues();
  const form = useForm<AgencyClientSignupBody>({
    resolver: zodResolver(agencyClientSignupBodySchema),
    defaultValues,
  });
  const submit = useServerSubmit(form, {
    defaultValues,
    onSubmit: async (values) => {
      await onSubmit(values);
      form.reset(emptyValues());
    },
  });
  return (
    <ServerForm form={form} onSubmit={submit} label={t('signupLink.formTitle')}>
      <FormStack>
        <ClientSignupSections ownerHint={t('signupLink.ownerHint')} />
        <FormActions submitLabel={t('signupLink.submit')} />
      </FormStack>
    </ServerForm>
  );
}
