import { createAgencyBodySchema, type Agency, type CreateAgencyBody } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AddressFields, emptyAddress } from '../../../components/form/company-fields.tsx';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { FormSection } from '../../../components/form/form-section.tsx';
import { setServerErrors } from '../../../lib/form-errors.ts';
import { registerField, useFieldErrorProps } from '../../../lib/form-field.ts';

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
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  const fieldProps = useFieldErrorProps(errors);
  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      setServerErrors(error, setError, defaultValues, t('errors.unexpected'));
    }
  });
  const rateField = register('marginRate', { setValueAs: (v) => (v === '' ? undefined : Number(v)) });
  return (
    <FormProvider {...form}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <FormAlert message={errors.root?.server?.message} />
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
          <FormSection title={t('agencies.basics')}>
            <Grid size={{ xs: 12, sm: 8 }}>
              <TextField
                label={t('agencies.name')}
                required
                {...registerField(register, 'name')}
                {...fieldProps('name')}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <TextField
                label={t('agencies.marginRate')}
                type="number"
                required
                {...rateField}
                inputRef={rateField.ref}
                {...fieldProps('marginRate', t('agencies.marginRateHint'))}
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
          <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'flex-end' }}>
            <Button onClick={onCancel}>{t('common.cancel')}</Button>
            <Button type="submit" variant="contained" loading={isSubmitting}>
              {agency ? t('common.save') : t('agencies.create')}
            </Button>
          </Box>
        </Box>
      </form>
    </FormProvider>
  );
}
