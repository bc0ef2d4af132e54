import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useFormContext, type FieldValues, type RegisterOptions } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldErrorProps } from '../../lib/form-field.ts';
import { PasswordField } from './password-field.tsx';

type FieldProps = Omit<TextFieldProps, 'name'> & { name: string; hint?: string };

/** Optional numbers: '' means "not set". */
export const optionalNumber = (v: unknown) =>
  v === '' || v === null || v === undefined ? undefined : Number(v);

function useRegistered(name: string, hint: string | undefined, options?: RegisterOptions) {
  const { register, formState } = useFormContext<FieldValues>();
  const fieldProps = useFieldErrorProps(formState.errors);
  const { ref, ...rest } = register(name, options);
  return { ...rest, inputRef: ref, ...fieldProps(name, hint) };
}

/** A text field of the surrounding <ServerForm> (or FormProvider): registered, with its error or hint. */
export function FormTextField({ name, hint, ...props }: FieldProps) {
  return <TextField {...props} {...useRegistered(name, hint)} />;
}

/** A number (a box, or a select of ids) of the surrounding form; empty is `emptyAs` (undefined unless given). */
export function FormNumberField({ name, hint, emptyAs, ...props }: FieldProps & { emptyAs?: null }) {
  const registered = useRegistered(name, hint, { setValueAs: (v) => optionalNumber(v) ?? emptyAs });
  return <TextField type={props.select ? undefined : 'number'} {...props} {...registered} />;
}

/**
 * slotProps of a select whose '' choice has a name (すべて, 未設定): the field shows that name with its
 * label above it; MUI otherwise lays the label over an empty field, which reads as a value.
 */
export const showEmptyChoice = { inputLabel: { shrink: true }, select: { displayEmpty: true } } as const;

export type SelectOption = { value: string | number; label: string };

/**
 * A native select of the surrounding form. `emptyLabel` adds a first, empty choice ("choose…", "none");
 * `emptyAs` with FormNumberField's meaning when the values are numbers (`isNumber`).
 */
export function FormSelectField({
  options,
  emptyLabel,
  isNumber = false,
  emptyAs,
  ...props
}: FieldProps & { options: SelectOption[]; emptyLabel?: string; isNumber?: boolean; emptyAs?: null }) {
  const Field = isNumber ? FormNumberField : FormTextField;
  return (
    <Field
      select
      {...props}
      {...(isNumber ? { emptyAs } : {})}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </Field>
  );
}

/** A password field of the surrounding form, with the show / hide button. */
export function FormPasswordField({ name, hint, ...props }: FieldProps) {
  return <PasswordField {...props} {...useRegistered(name, hint)} />;
}

/** The submit button: it spins while the form is being sent. */
export function SubmitButton(props: Omit<ButtonProps, 'type' | 'loading'>) {
  const { formState } = useFormContext<FieldValues>();
  return <Button variant="contained" {...props} type="submit" loading={formState.isSubmitting} />;
}

/** The buttons under a form, on the right: cancel (when the form can be left) and submit. */
export function FormActions({ submitLabel, onCancel }: { submitLabel: string; onCancel?: () => void }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'flex-end' }}>
      {onCancel && <Button onClick={onCancel}>{t('common.cancel')}</Button>}
      <SubmitButton>{submitLabel}</SubmitButton>
    </Box>
  );
}
