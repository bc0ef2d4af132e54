import { get, type FieldErrors, type FieldValues, type Path, type UseFormRegister } from 'react-hook-form';
import { useTranslateMessage } from './translate-message.ts';

/** register() for MUI TextField: the ref goes to the input element. */
export function registerField<T extends FieldValues>(register: UseFormRegister<T>, name: Path<T>) {
  const { ref, ...rest } = register(name);
  return { ...rest, inputRef: ref };
}

/** `error` and translated `helperText` props of a field, from react-hook-form's errors. */
export function useFieldErrorProps<T extends FieldValues>(errors: FieldErrors<T>) {
  const translate = useTranslateMessage();
  return (name: Path<T>, hint?: string): { error: boolean; helperText?: string } => {
    const error: { message?: unknown } | undefined = get(errors, name);
    if (typeof error?.message === 'string' && error.message) {
      return { error: true, helperText: translate(error.message) };
    }
    return hint ? { error: false, helperText: hint } : { error: false };
  };
}
