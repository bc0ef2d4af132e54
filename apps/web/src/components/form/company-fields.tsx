import Grid from '@mui/material/Grid';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useFormContext, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { prefectures } from '../../config/prefectures.ts';
import { registerField, useFieldErrorProps } from '../../lib/form-field.ts';
import { PasswordField } from './password-field.tsx';

/**
 * Field groups shared by every form about a company (sign-up, client create and edit, company settings,
 * agencies). They live inside a react-hook-form <FormProvider>; `prefix` is where the group sits in the
 * form's values ('client.address', 'contactPerson', '' for the root).
 */
function useField(prefix: string) {
  const { register, formState } = useFormContext<FieldValues>();
  const fieldProps = useFieldErrorProps(formState.errors);
  const name = (leaf: string) => (prefix ? `${prefix}.${leaf}` : leaf);
  return (leaf: string, label: string, extra: TextFieldProps = {}, hint?: string) => (
    <TextField
      label={label}
      {...registerField(register, name(leaf))}
      {...fieldProps(name(leaf), hint)}
      {...extra}
    />
  );
}

export function CompanyNameFields({ prefix }: { prefix: string }) {
  const { t } = useTranslation();
  const field = useField(prefix);
  return (
    <>
      <Grid size={{ xs: 12, sm: 6 }}>
        {field('companyName', t('fields.companyName'), { required: true, autoComplete: 'organization' })}
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        {field('companyNameKana', t('fields.companyNameKana'), { required: true })}
      </Grid>
    </>
  );
}

export function AddressFields({ prefix }: { prefix: string }) {
  const { t, i18n } = useTranslation();
  const field = useField(prefix);
  const { register, formState } = useFormContext<FieldValues>();
  const fieldProps = useFieldErrorProps(formState.errors);
  const prefectureName = prefix ? `${prefix}.prefecture` : 'prefecture';
  return (
    <>
      <Grid size={{ xs: 12, sm: 4 }}>
        {field(
          'postalCode',
          t('fields.postalCode'),
          { required: true, autoComplete: 'postal-code', placeholder: '100-0001' },
          t('fields.postalCodeHint'),
        )}
      </Grid>
      <Grid size={{ xs: 12, sm: 8 }}>
        <TextField
          select
          label={t('fields.prefecture')}
          required
          {...registerField(register, prefectureName)}
          {...fieldProps(prefectureName)}
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
        {field('city', t('fields.city'), { required: true, autoComplete: 'address-level2' })}
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        {field('addressOther', t('fields.addressOther'), { required: true, autoComplete: 'address-line1' })}
      </Grid>
      <Grid size={12}>{field('building', t('fields.building'), { autoComplete: 'address-line2' })}</Grid>
    </>
  );
}

export function ContactPersonFields({ prefix }: { prefix: string }) {
  const { t } = useTranslation();
  const field = useField(prefix);
  return (
    <>
      <Grid size={{ xs: 6 }}>{field('lastName', t('fields.lastName'), { required: true })}</Grid>
      <Grid size={{ xs: 6 }}>{field('firstName', t('fields.firstName'), { required: true })}</Grid>
      <Grid size={{ xs: 6 }}>{field('lastNameKana', t('fields.lastNameKana'))}</Grid>
      <Grid size={{ xs: 6 }}>{field('firstNameKana', t('fields.firstNameKana'))}</Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        {field('email', t('fields.email'), { required: true, type: 'email' })}
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        {field('phoneNumber', t('fields.phoneNumber'), { required: true, type: 'tel' })}
      </Grid>
    </>
  );
}

/** The owner user of a new client: names, login e-mail and the first password. */
export function OwnerUserFields({ prefix }: { prefix: string }) {
  const { t } = useTranslation();
  const field = useField(prefix);
  const { register, formState } = useFormContext<FieldValues>();
  const fieldProps = useFieldErrorProps(formState.errors);
  const passwordName = `${prefix}.password`;
  return (
    <>
      <Grid size={{ xs: 6 }}>{field('lastName', t('fields.lastName'), { required: true })}</Grid>
      <Grid size={{ xs: 6 }}>{field('firstName', t('fields.firstName'), { required: true })}</Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        {field('email', t('fields.loginEmail'), { required: true, type: 'email', autoComplete: 'off' })}
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <PasswordField
          label={t('fields.initialPassword')}
          required
          autoComplete="new-password"
          {...registerField(register, passwordName)}
          {...fieldProps(passwordName, t('fields.passwordHint'))}
        />
      </Grid>
    </>
  );
}

/** Empty values of the groups above, for a form's defaultValues. */
export const emptyAddress = () => ({
  postalCode: '',
  prefecture: '',
  city: '',
  addressOther: '',
  building: '',
});
export const emptyContactPerson = () => ({
  lastName: '',
  firstName: '',
  lastNameKana: '',
  firstNameKana: '',
  email: '',
  phoneNumber: '',
});
