import Button, { type ButtonProps } from '@mui/material/Button';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useFormContext, type FieldValues } from 'react-hook-form';
import { registerField, useFieldErrorProps } from '../../lib/form-field.ts';
import { PasswordField } from './password-field.tsx';

type FieldProps = Omit<TextFieldProps, 'name'> & { name: string; hint?: string };

function useRegistered(name: string, hint: string | undefined) {
  const { register, formState } = useFormContext<FieldValues>();
  const fieldProps = useFieldErrorProps(formState.errors);
  return { ...registerField(register, name), ...fieldProps(name, hint) };
}

/** A text field of the surrounding <ServerForm> (or FormProvider): registered, with its error or hint. */
export function FormTextField({ name, hint, ...props }: FieldProps) {
  return <TextField {...props} {...useRegistered(name, hint)} />;
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
