import { createClientBodySchema, type CreateClientBody } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ClientSignupSections, FormStack } from '../../../components/form/client-signup-sections.tsx';
import { emptyAddress, emptyContactPerson } from '../../../components/form/company-fields.tsx';
import { FormActions } from '../../../components/form/form-fields.tsx';
import { ServerForm } from '../../../components/form/server-form.tsx';
import { useServerSubmit } from '../../../components/form/use-server-submit.ts';
import { ClientContractFields, type AgencyOption } from './client-contract-fields.tsx';

const emptyValues = (): CreateClientBody => ({
  agencyId: undefined,
  client: { companyName: '', companyNameKana: '', address: emptyAddress(), monthlyFee: 0 },
  contactPerson: emptyContactPerson(),
  user: { lastName: '', firstName: '', email: '', password: '' },
});

/** Master: a new client (it starts as 下書き) with its contact person and owner user. */
export function ClientCreateForm({
  agencies,
  onSubmit,
  onCancel,
}: {
  agencies: AgencyOption[];
  onSubmit: (body: CreateClientBody) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const defaultValues = emptyValues();
  const form = useForm<CreateClientBody>({ resolver: zodResolver(createClientBodySchema), defaultValues });
  const submit = useServerSubmit(form, { defaultValues, onSubmit });
  return (
    <ServerForm form={form} onSubmit={submit}>
      <FormStack>
        <ClientSignupSections
          companyExtra={
            <ClientContractFields feeName="client.monthlyFee" agencyName="agencyId" agencies={agencies} />
          }
          ownerHint={t('clients.ownerHint')}
        />
        <FormActions submitLabel={t('clients.create')} onCancel={onCancel} />
      </FormStack>
    </ServerForm>
  );
}
