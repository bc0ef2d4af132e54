import Grid from '@mui/material/Grid';
import type { TextFieldProps } from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { prefectures } from '../../config/prefectures.ts';
import { FormPasswordField, FormSelectField, FormTextField } from './form-fields.tsx';

/**
 * Field groups shared by every form about a company (sign-up, client create and edit, company settings,
 * agencies). They live inside a react-hook-form <FormProvider>; `prefix` is where the group sits in the
 * form's values ('client.address', 'contactPerson', '' for the root).
 */
function useField(prefix: string) {
  const name = (leaf: string) => (prefix ? `${prefix}.${leaf}` : leaf);
  return (leaf: string, label: string, extra: TextFieldProps = {}, hint?: string) => (
    <FormTextField name={name(leaf)} label={label} hint={hint} {...extra} />
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
        <FormSelectField
          name={prefectureName}
          label={t('fields.prefecture')}
          required
          emptyLabel={t('fields.prefecturePlaceholder')}
          options={prefectures.map((p) => ({
            value: p.value,
            label: i18n.resolvedLanguage === 'en' ? p.en : p.ja,
          }))}
        />
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

/** `isOwnDetails`: the person typing is the contact person, so the browser may fill in their own details. */
export function ContactPersonFields({
  prefix,
  isOwnDetails = false,
}: {
  prefix: string;
  isOwnDetails?: boolean;
}) {
  const { t } = useTranslation();
  const field = useField(prefix);
  const auto = (token: string) => (isOwnDetails ? { autoComplete: token } : {});
  return (
    <>
      <Grid size={{ xs: 6 }}>
        {field('lastName', t('fields.lastName'), { required: true, ...auto('family-name') })}
      </Grid>
      <Grid size={{ xs: 6 }}>
        {field('firstName', t('fields.firstName'), { required: true, ...auto('given-name') })}
      </Grid>
      <Grid size={{ xs: 6 }}>{field('lastNameKana', t('fields.lastNameKana'))}</Grid>
      <Grid size={{ xs: 6 }}>{field('firstNameKana', t('fields.firstNameKana'))}</Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        {field('email', t('fields.email'), { required: true, type: 'email', ...auto('email') })}
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        {field('phoneNumber', t('fields.phoneNumber'), { required: true, type: 'tel', ...auto('tel') })}
      </Grid>
    </>
  );
}

/**
 * The owner user of a new client: names, login e-mail and the first password. With
 * `passwordConfirmationName` the owner is the one typing (sign-up): their own password, typed twice.
 */
export function OwnerUserFields({
  prefix,
  passwordConfirmationName,
}: {
  prefix: string;
  passwordConfirmationName?: string;
}) {
  const { t } = useTranslation();
  const field = useField(prefix);
  const isOwnAccount = passwordConfirmationName !== undefined;
  return (
    <>
      <Grid size={{ xs: 6 }}>{field('lastName', t('fields.lastName'), { required: true })}</Grid>
      <Grid size={{ xs: 6 }}>{field('firstName', t('fields.firstName'), { required: true })}</Grid>
      <Grid size={isOwnAccount ? 12 : { xs: 12, sm: 6 }}>
        {field('email', t('fields.loginEmail'), {
          required: true,
          type: 'email',
          autoComplete: isOwnAccount ? 'username' : 'off',
        })}
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormPasswordField
          name={`${prefix}.password`}
          label={isOwnAccount ? t('fields.password') : t('fields.initialPassword')}
          hint={t('fields.passwordHint')}
          required
          autoComplete="new-password"
        />
      </Grid>
      {passwordConfirmationName && (
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormPasswordField
            name={passwordConfirmationName}
            label={t('fields.passwordConfirmation')}
            required
            autoComplete="new-password"
          />
        </Grid>
      )}
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

type ContactPersonValue = ReturnType<typeof emptyContactPerson>;

/** A stored contact person as form values (absent kana become empty fields). */
export const contactPersonValues = (
  contact:
    | (Omit<ContactPersonValue, 'lastNameKana' | 'firstNameKana'> & {
        lastNameKana: string | null;
        firstNameKana: string | null;
      })
    | null,
): ContactPersonValue =>
  contact
    ? { ...contact, lastNameKana: contact.lastNameKana ?? '', firstNameKana: contact.firstNameKana ?? '' }
    : emptyContactPerson();

/** A stored address as form values (no building becomes an empty field). */
export const addressValues = (
  address: Omit<ReturnType<typeof emptyAddress>, 'building'> & { building: string | null },
) => ({
  ...address,
  building: address.building ?? '',
});
