import { agencyClientSignupBodySchema, type AgencyClientSignupBody } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
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
  const {
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = form;
  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
      reset(emptyValues());
    } catch (error) {
      setServerErrors(error, setError, defaultValues, t('errors.unexpected'));
    }
  });
  return (
    <FormProvider {...form}>
      <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('signupLink.formTitle')}>
        <FormAlert message={errors.root?.server?.message} />
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
          <FormSection title={t('signup.company')}>
            <CompanyNameFields prefix="client" />
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
          <FormSection title={t('signup.owner')} description={t('signupLink.ownerHint')}>
            <OwnerUserFields prefix="user" />
          </FormSection>
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <Button type="submit" variant="contained" loading={isSubmitting}>
              {t('signupLink.submit')}
            </Button>
          </Box>
        </Box>
      </form>
    </FormProvider>
  );
}
