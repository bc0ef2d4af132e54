import {
  paymentStatuses,
  updateClientBodySchema,
  type ClientDetail,
  type UpdateClientBody,
} from '@app/contracts';
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
  emptyContactPerson,
} from '../../../components/form/company-fields.tsx';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { FormSection } from '../../../components/form/form-section.tsx';
import { setServerErrors } from '../../../lib/form-errors.ts';
import { useFieldErrorProps } from '../../../lib/form-field.ts';
import { optionalNumber, type AgencyOption } from './client-create-form.tsx';

type ClientEditValues = {
  companyName: string;
  companyNameKana: string;
  address: { postalCode: string; prefecture: string; city: string; addressOther: string; building: string };
  contactPerson: ReturnType<typeof emptyContactPerson>;
  monthlyFee: number;
  paymentStatus: ClientDetail['paymentStatus'];
  agencyId: number | null;
};

const valuesOf = (client: ClientDetail): ClientEditValues => ({
  companyName: client.companyName,
  companyNameKana: client.companyNameKana,
  address: { ...client.address, building: client.address.building ?? '' },
  contactPerson: client.contactPerson
    ? {
        ...client.contactPerson,
        lastNameKana: client.contactPerson.lastNameKana ?? '',
        firstNameKana: client.contactPerson.firstNameKana ?? '',
      }
    : emptyContactPerson(),
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
  const form = useForm<UpdateClientBody>({
    resolver: zodResolver(updateClientBodySchema),
    defaultValues,
  });
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
  const feeField = register('monthlyFee', { setValueAs: optionalNumber });
  const agencyField = register('agencyId', { setValueAs: (v) => optionalNumber(v) ?? null });
  const paymentField = register('paymentStatus');

  return (
    <FormProvider {...form}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <FormAlert message={errors.root?.server?.message ?? errors.root?.message} />
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
          <FormSection title={t('signup.company')}>
            <CompanyNameFields prefix="" />
            <Grid size={{ xs: 12, sm: 4 }}>
              <TextField
                label={t('clients.monthlyFee')}
                type="number"
                required
                {...feeField}
                inputRef={feeField.ref}
                {...fieldProps('monthlyFee', t('clients.monthlyFeeHint'))}
                slotProps={{ htmlInput: { min: 0, step: 100 } }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <TextField
                select
                label={t('clients.paymentStatus')}
                {...paymentField}
                inputRef={paymentField.ref}
                {...fieldProps('paymentStatus')}
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              >
                {paymentStatuses.map((s) => (
                  <option key={s} value={s}>
                    {t(`paymentStatus.${s}`)}
                  </option>
                ))}
              </TextField>
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
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
            <AddressFields prefix="address" />
          </FormSection>
          <Divider />
          <FormSection title={t('signup.contactPerson')}>
            <ContactPersonFields prefix="contactPerson" />
          </FormSection>
          <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'flex-end' }}>
            <Button onClick={onCancel}>{t('common.cancel')}</Button>
            <Button type="submit" variant="contained" loading={isSubmitting}>
              {t('common.save')}
            </Button>
          </Box>
        </Box>
      </form>
    </FormProvider>
  );
}
