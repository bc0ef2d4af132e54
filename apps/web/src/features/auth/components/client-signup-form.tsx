import { clientSignupBodySchema, type ClientSignupResponse } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { PasswordField } from '../../../components/form/password-field.tsx';
import { prefectures } from '../../../config/prefectures.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { applyServerFieldErrors, fieldPaths } from '../../../lib/form-errors.ts';
import { registerField, useFieldErrorProps } from '../../../lib/form-field.ts';
import { webMessages } from '../../../lib/translate-message.ts';
import { useClientSignupMutation } from '../api/account.api.ts';
import { FormAlert } from './form-alert.tsx';

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
  client: {
    companyName: '',
    companyNameKana: '',
    address: { postalCode: '', prefecture: '', city: '', addressOther: '', building: '' },
  },
  contactPerson: {
    lastName: '',
    firstName: '',
    lastNameKana: '',
    firstNameKana: '',
    email: '',
    phoneNumber: '',
  },
  user: { lastName: '', firstName: '', email: '', password: '' },
  passwordConfirmation: '',
});

function Section({
  title,
  description,
  action,
  children,
}: {
  title: string;
  description?: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1,
          mb: 2,
          flexWrap: 'wrap',
        }}
      >
        <Box>
          <Typography component="legend" variant="h4" sx={{ p: 0 }}>
            {title}
          </Typography>
          {description && (
            <Typography variant="body2" color="text.secondary">
              {description}
            </Typography>
          )}
        </Box>
        {action}
      </Box>
      <Grid container spacing={2}>
        {children}
      </Grid>
    </Box>
  );
}

export type SignupResult = { response: ClientSignupResponse; email: string };

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
  const { t, i18n } = useTranslation();
  const signup = useClientSignupMutation();
  const defaultValues = emptyValues(agencyId);
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(clientSignupFormSchema), defaultValues });
  const fieldProps = useFieldErrorProps(errors);
  const field = (
    name: Path<ClientSignupFormValues>,
    label: string,
    extra: Record<string, unknown> = {},
    hint?: string,
  ) => <TextField label={label} {...registerField(register, name)} {...fieldProps(name, hint)} {...extra} />;

  const onSubmit = handleSubmit(async ({ passwordConfirmation: _, ...body }) => {
    try {
      const response = await signup.mutateAsync(body);
      onSuccess({ response, email: body.user.email });
    } catch (error) {
      if (isApiError(error) && error.status === 404) return onAgencyNotFound();
      if (!applyServerFieldErrors(error, setError, fieldPaths(defaultValues))) {
        setError('root.server', { message: isApiError(error) ? error.message : t('errors.unexpected') });
      }
    }
  });

  const copyContactPerson = () => {
    const contact = getValues('contactPerson');
    const options = { shouldDirty: true } as const;
    setValue('user.lastName', contact.lastName, options);
    setValue('user.firstName', contact.firstName, options);
    setValue('user.email', contact.email, options);
  };

  const required = { required: true };
  return (
    <form onSubmit={onSubmit} noValidate>
      <FormAlert message={errors.root?.server?.message} />
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
        <Section title={t('signup.company')}>
          <Grid size={{ xs: 12, sm: 6 }}>
            {field('client.companyName', t('fields.companyName'), {
              ...required,
              autoComplete: 'organization',
            })}
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            {field('client.companyNameKana', t('fields.companyNameKana'), required)}
          </Grid>
        </Section>
        <Divider />
        <Section title={t('signup.address')}>
          <Grid size={{ xs: 12, sm: 4 }}>
            {field(
              'client.address.postalCode',
              t('fields.postalCode'),
              { ...required, autoComplete: 'postal-code', placeholder: '100-0001' },
              t('fields.postalCodeHint'),
            )}
          </Grid>
          <Grid size={{ xs: 12, sm: 8 }}>
            <TextField
              select
              label={t('fields.prefecture')}
              required
              {...registerField(register, 'client.address.prefecture')}
              {...fieldProps('client.address.prefecture')}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              <option value="">{t('fields.prefecturePlaceholder')}</option>
              {prefectures.map((p) => (
                <option key={p.value} value={p.value}>
                  {i18n.resolvedLanguage === 'en' ? p.en : p.ja}
                </option>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            {field('client.address.city', t('fields.city'), { ...required, autoComplete: 'address-level2' })}
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            {field('client.address.addressOther', t('fields.addressOther'), {
              ...required,
              autoComplete: 'address-line1',
            })}
          </Grid>
          <Grid size={12}>
            {field('client.address.building', t('fields.building'), { autoComplete: 'address-line2' })}
          </Grid>
        </Section>
        <Divider />
        <Section title={t('signup.contactPerson')} description={t('signup.contactPersonHint')}>
          <Grid size={{ xs: 6 }}>
            {field('contactPerson.lastName', t('fields.lastName'), {
              ...required,
              autoComplete: 'family-name',
            })}
          </Grid>
          <Grid size={{ xs: 6 }}>
            {field('contactPerson.firstName', t('fields.firstName'), {
              ...required,
              autoComplete: 'given-name',
            })}
          </Grid>
          <Grid size={{ xs: 6 }}>{field('contactPerson.lastNameKana', t('fields.lastNameKana'))}</Grid>
          <Grid size={{ xs: 6 }}>{field('contactPerson.firstNameKana', t('fields.firstNameKana'))}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            {field('contactPerson.email', t('fields.email'), {
              ...required,
              type: 'email',
              autoComplete: 'email',
            })}
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            {field('contactPerson.phoneNumber', t('fields.phoneNumber'), {
              ...required,
              type: 'tel',
              autoComplete: 'tel',
            })}
          </Grid>
        </Section>
        <Divider />
        <Section
          title={t('signup.owner')}
          description={t('signup.ownerHint')}
          action={
            <Button
              size="small"
              startIcon={<ContentCopyOutlined fontSize="small" />}
              onClick={copyContactPerson}
            >
              {t('signup.copyContactPerson')}
            </Button>
          }
        >
          <Grid size={{ xs: 6 }}>{field('user.lastName', t('fields.lastName'), required)}</Grid>
          <Grid size={{ xs: 6 }}>{field('user.firstName', t('fields.firstName'), required)}</Grid>
          <Grid size={12}>
            {field('user.email', t('fields.loginEmail'), {
              ...required,
              type: 'email',
              autoComplete: 'username',
            })}
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <PasswordField
              label={t('fields.password')}
              required
              autoComplete="new-password"
              {...registerField(register, 'user.password')}
              {...fieldProps('user.password', t('fields.passwordHint'))}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <PasswordField
              label={t('fields.passwordConfirmation')}
              required
              autoComplete="new-password"
              {...registerField(register, 'passwordConfirmation')}
              {...fieldProps('passwordConfirmation')}
            />
          </Grid>
        </Section>
        <Button type="submit" variant="contained" size="large" loading={isSubmitting}>
          {t('signup.submit')}
        </Button>
      </Box>
    </form>
  );
}
