import Grid from '@mui/material/Grid';
import { useTranslation } from 'react-i18next';
import { FormNumberField, FormSelectField } from '../../../components/form/form-fields.tsx';

export type AgencyOption = { id: number; name: string };

/**
 * What the operator sets on a client (create and edit): the monthly fee and the agency, at `feeName`
 * and `agencyName`. `isAgencyNullable`: "no agency" is sent as null (the update) rather than left out.
 */
export function ClientContractFields({
  feeName,
  agencyName,
  agencies,
  isAgencyNullable = false,
  columns = 6,
}: {
  feeName: string;
  agencyName: string;
  agencies: AgencyOption[];
  isAgencyNullable?: boolean;
  /** Grid columns (of 12) each field takes from `sm` up. */
  columns?: number;
}) {
  const { t } = useTranslation();
  const emptyAs = isAgencyNullable ? null : undefined;
  return (
    <>
      <Grid size={{ xs: 12, sm: columns }}>
        <FormNumberField
          name={feeName}
          label={t('clients.monthlyFee')}
          hint={t('clients.monthlyFeeHint')}
          required
          slotProps={{ htmlInput: { min: 0, step: 100 } }}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: columns }}>
        <FormSelectField
          name={agencyName}
          label={t('clients.agency')}
          isNumber
          emptyAs={emptyAs}
          emptyLabel={t('clients.noAgency')}
          options={agencies.map((a) => ({ value: a.id, label: a.name }))}
        />
      </Grid>
    </>
  );
}
