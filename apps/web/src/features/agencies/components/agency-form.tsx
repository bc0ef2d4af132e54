import { createAgencyBodySchema, type Agency, type CreateAgencyBody } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormStack } from '../../../components/form/client-signup-sections.tsx';
import { AddressFields, emptyAddress } from '../../../components/form/company-fields.tsx';
import { ServerForm } from '../../../components/form/server-form.tsx';
import { FormActions, FormNumberField, FormTextField } from '../../../components/form/form-fields.tsx';
import { FormSection } from '../../../components/form/form-section.tsx';
import { useServerSubmit } from '../../../components/form/use-server-submit.ts';

const valuesOf = (agency: Agency | undefined): CreateAgencyBody =>
  agency
    ? {
        name: agency.name,
        postalCode: agency.postalCode,
        prefecture: agency.prefecture,
        city: agency.city,
        addressOther: agency.addressOther,
        building: agency.building ?? '',
        marginRate: agency.marginRate,
      }
    : { name: '', ...emptyAddress(), marginRate: 10 };

/** Create or edit an agency: name, address and margin rate (the whole body; the update takes it too). */
export function AgencyForm({
  agency,
  onSubmit,
  onCancel,
}: {
  agency?: Agency;
  onSubmit: (body: CreateAgencyBody) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const defaultValues = valuesOf(agency);
  const form = useForm<CreateAgencyBody>({ resolver: zodResolver(createAgencyBodySchema), defaultValues });
  const submit = useServerSubmit(form, { defaultValues, onSubmit });
  return (
    <ServerForm form={form} onSubmit={submit}>
      <FormStack>
        <FormSection title={t('agencies.basics')}>
          <Grid size={{ xs: 12, sm: 8 }}>
            <FormTextField name="name" label={t('agencies.name')} required />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <FormNumberField
              name="marginRate"
              label={t('agencies.marginRate')}
              hint={t('agencies.marginRateHint')}
              required
              slotProps={{
                htmlInput: { min: 0, max: 100, step: 0.01 },
                input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
              }}
            />
          </Grid>
        </FormSection>
        <Divider />
        <FormSection title={t('signup.address')}>
          <AddressFields prefix="" />
        </FormSection>
        <FormActions submitLabel={agency ? t('common.save') : t('agencies.create')} onCancel={onCancel} />
      </FormStack>
    </ServerForm>
  );
}
