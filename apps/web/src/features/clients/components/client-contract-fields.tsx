import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { useFormContext, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldErrorProps } from '../../../lib/form-field.ts';

export type AgencyOption = { id: number; name: string };

/** Optional numbers: '' means "not set". */
export const optionalNumber = (v: unknown) =>
  v === '' || v === null || v === undefined ? undefined : Number(v);

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
  const { register, formState } = useFormContext<FieldValues>();
  const fieldProps = useFieldErrorProps(formState.errors);
  const feeField = register(feeName, { setValueAs: optionalNumber });
  const agencyField = register(agencyName, {
    setValueAs: (v) => optionalNumber(v) ?? (isAgencyNullable ? null : undefined),
  });
  return (
    <>
      <Grid size={{ xs: 12, sm: columns }}>
        <TextField
          label={t('clients.monthlyFee')}
          type="number"
          required
          {...feeField}
          inputRef={feeField.ref}
          {...fieldProps(feeName, t('clients.monthlyFeeHint'))}
          slotProps={{ htmlInput: { min: 0, step: 100 } }}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: columns }}>
        <TextField
          select
          label={t('clients.agency')}
          {...agencyField}
          inputRef={agencyField.ref}
          {...fieldProps(agencyName)}
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
    </>
  );
}
