import {
  paymentStatuses,
  updateClientBodySchema,
  type ClientDetail,
  type UpdateClientBody,
} from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormStack } from '../../../components/form/client-signup-sections.tsx';
import {
  AddressFields,
  CompanyNameFields,
  ContactPersonFields,
  addressValues,
  contactPersonValues,
} from '../../../components/form/company-fields.tsx';
import { FormActions, FormSelectField } from '../../../components/form/form-fields.tsx';
import { ServerForm } from '../../../components/form/server-form.tsx';
import { FormSection } from '../../../components/form/form-section.tsx';
import { useServerSubmit } from '../../../components/form/use-server-submit.ts';
import { ClientContractFields, type AgencyOption } from './client-contract-fields.tsx';

const valuesOf = (client: ClientDetail) => ({
  companyName: client.companyName,
  companyNameKana: client.companyNameKana,
  address: addressValues(client.address),
  contactPerson: contactPersonValues(client.contactPerson),
  monthlyFee: client.monthlyFee,
  paymentStatus: client.paymentStatus,
  agencyId: client.agencyId,
});

/** Master: change company, kana, address, contact person, monthly fee, payment status and agency. */
export function ClientEditForm({
  client,
  agencies,
  onSubmit,
  onCancel,
}: {
  client: ClientDetail;
  agencies: AgencyOption[];
  onSubmit: (body: UpdateClientBody) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const defaultValues = valuesOf(client);
  const form = useForm<UpdateClientBody>({ resolver: zodResolver(updateClientBodySchema), defaultValues });
  const submit = useServerSubmit(form, { defaultValues, onSubmit });

  return (
    <ServerForm form={form} onSubmit={submit}>
      <FormStack>
        <FormSection title={t('signup.company')}>
          <CompanyNameFields prefix="" />
          <ClientContractFields
            feeName="monthlyFee"
            agencyName="agencyId"
            agencies={agencies}
            isAgencyNullable
            columns={4}
          />
          <Grid size={{ xs: 12, sm: 4 }}>
            <FormSelectField
              name="paymentStatus"
              label={t('clients.paymentStatus')}
              options={paymentStatuses.map((s) => ({ value: s, label: t(`paymentStatus.${s}`) }))}
            />
          </Grid>
        </FormSection>
        <Divider />
        <FormSection title={t('signup.address')}>
          <AddressFields prefix="address" />
        </FormSection>
        <Divider />
        <FormSection title={t('signup.contactPerson')}>
          <ContactPersonFields prefix="contactPerson" />
        </FormSection>
        <FormActions submitLabel={t('common.save')} onCancel={onCancel} />
      </FormStack>
    </ServerForm>
  );
}
