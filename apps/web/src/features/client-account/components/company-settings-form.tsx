import { updateClientDataBodySchema, type Client, type UpdateClientDataBody } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  AddressFields,
  ContactPersonFields,
  addressValues,
  contactPersonValues,
} from '../../../components/form/company-fields.tsx';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { FormSection } from '../../../components/form/form-section.tsx';
import { useServerSubmit } from '../../../components/form/use-server-submit.ts';

const valuesOf = (client: Client): UpdateClientDataBody => ({
  address: addressValues(client.address),
  contactPerson: contactPersonValues(client.contactPerson),
});

/** 会社情報: the company's address and contact person (the name and contract are the operator's to change). */
export function CompanySettingsForm({
  client,
  onSubmit,
}: {
  client: Client;
  onSubmit: (body: UpdateClientDataBody) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const defaultValues = valuesOf(client);
  const form = useForm<UpdateClientDataBody>({
    resolver: zodResolver(updateClientDataBodySchema),
    defaultValues,
  });
  const submit = useServerSubmit(form, {
    defaultValues,
    onSubmit: async (values) => {
      await onSubmit(values);
      form.reset(values);
    },
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  return (
    <FormProvider {...form}>
      <Card>
        <CardContent sx={{ p: 3 }}>
          <Typography variant="caption" color="text.secondary">
            {t('fields.companyName')}
          </Typography>
          <Typography variant="h4" component="p" sx={{ mb: 0.5 }}>
            {client.companyName}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
            {t('companySettings.nameHint')}
          </Typography>
          <form onSubmit={submit} noValidate>
            <FormAlert message={errors.root?.server?.message} />
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
              <FormSection title={t('signup.address')}>
                <AddressFields prefix="address" />
              </FormSection>
              <Divider />
              <FormSection title={t('signup.contactPerson')} description={t('signup.contactPersonHint')}>
                <ContactPersonFields prefix="contactPerson" />
              </FormSection>
              <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
                <Button type="submit" variant="contained" loading={isSubmitting} disabled={!isDirty}>
                  {t('common.save')}
                </Button>
              </Box>
            </Box>
          </form>
        </CardContent>
      </Card>
    </FormProvider>
  );
}
