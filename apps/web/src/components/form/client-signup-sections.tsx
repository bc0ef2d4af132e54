import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AddressFields, CompanyNameFields, ContactPersonFields, OwnerUserFields } from './company-fields.tsx';
import { FormSection } from './form-section.tsx';

/**
 * The four sections of every client sign-up body (public page, agency on a prospect's behalf, master):
 * company, address, contact person and owner user, at `client`, `client.address`, `contactPerson`, `user`.
 * Inside a react-hook-form <FormProvider>.
 */
export function ClientSignupSections({
  companyExtra,
  ownerHint,
  ownerAction,
  passwordConfirmationName,
}: {
  /** More fields of the company section (a master sets the fee and the agency). */
  companyExtra?: ReactNode;
  ownerHint: string;
  ownerAction?: ReactNode;
  /** Set when the owner fills the form in (public sign-up): their own password, typed twice. */
  passwordConfirmationName?: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <FormSection title={t('signup.company')}>
        <CompanyNameFields prefix="client" />
        {companyExtra}
      </FormSection>
      <Divider />
      <FormSection title={t('signup.address')}>
        <AddressFields prefix="client.address" />
      </FormSection>
      <Divider />
      <FormSection title={t('signup.contactPerson')} description={t('signup.contactPersonHint')}>
        <ContactPersonFields prefix="contactPerson" isOwnDetails={passwordConfirmationName !== undefined} />
      </FormSection>
      <Divider />
      <FormSection title={t('signup.owner')} description={ownerHint} action={ownerAction}>
        <OwnerUserFields prefix="user" passwordConfirmationName={passwordConfirmationName} />
      </FormSection>
    </>
  );
}

/** The column the sections and the form's buttons stand in. */
export function FormStack({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'flex', flexDirection: 'column', gap: 4 }}>{children}</Box>;
}
