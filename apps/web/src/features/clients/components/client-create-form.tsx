import { createClientBodySchema, type CreateClientBody } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  AddressFields,
  CompanyNameFields,
  ContactPersonFields,
  OwnerUserFields,
  emptyAddress,
  emptyContactPerson,
} from '../../../components/form/company-fields.tsx';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { FormSection } from '../../../components/form/form-section.tsx';
import { setServerErrors } from '../../../lib/form-errors.ts';
import { useFieldErrorProps } from '../../../lib/form-field.ts';

export type AgencyOption = { id: number; name: string };

const emptyValues = (): CreateClientBody => ({
  agencyId: undefined,
  client: { companyName: '', companyNameKana: '', address: emptyAddress(), monthlyFee: 0 },
  contactPerson: emptyContactPerson(),
  user: { lastName: '', firstName: '', email: '', password: '' },
});

/** Optional numbers: '' means "not set". */
export const optionalNumber = (v: unknown) =>
  v === '' || v === null || v === undefined ? undefined : Number(v);

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

  const agencyField = register('agencyId', { setValueAs: optionalNumber });
  const feeField = register('client.monthlyFee', { setValueAs: optionalNumber });
  return (
    <FormProvider {...form}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <FormAlert message={errors.root?.server?.message} />
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
          <FormSection title={t('signup.company')}>
            <CompanyNameFields prefix="client" />
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                label={t('clients.monthlyFee')}
                type="number"
                required
                {...feeField}
                inputRef={feeField.ref}
                {...fieldProps('client.monthlyFee', t('clients.monthlyFeeHint'))}
                slotProps={{ htmlInput: { min: 0, step: 100 } }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                select
                label={t('clients.agency')}
                {...agencyField}
                inputRef={agencyField.ref}
                {...fieldProps('agencyId')}
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              >
                <option value="">{t('clients.noAgency')}</option>
                {agencies.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.name}
                  </option>
                ))}
              </TextField>
            </Grid>
          </FormSection>
          <Divider />
          <FormSection title={t('signup.address')}>
            <AddressFields prefix="client.address" />
          </FormSection>
          <Divider />
          <FormSection title={t('signup.contactPerson')} description={t('signup.contactPersonHint')}>
            <ContactPersonFields prefix="contactPerson" />
          </FormSection>
          <Divider />
          <FormSection title={t('signup.owner')} description={t('clients.ownerHint')}>
            <OwnerUserFields prefix="user" />
          </FormSection>
          <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'flex-end' }}>
            <Button onClick={onCancel}>{t('common.cancel')}</Button>
            <Button type="submit" variant="contained" loading={isSubmitting}>
              {t('clients.create')}
            </Button>
          </Box>
        </Box>
      </form>
    </FormProvider>
  );
}
