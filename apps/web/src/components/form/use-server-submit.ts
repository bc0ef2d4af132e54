import type { BaseSyntheticEvent } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { setServerErrors } from '../../lib/form-errors.ts';

/**
 * The submit handler of a form that sends its values to the server: a failure lands on the form (field
 * errors on their fields, the rest in its FormAlert). `onFailure` may take a failure first (returns true).
 */
export function useServerSubmit<T extends FieldValues, TOut>(
  form: UseFormReturn<T, unknown, TOut>,
  {
    defaultValues,
    onSubmit,
    onFailure,
  }: {
    defaultValues: object;
    onSubmit: (values: TOut) => Promise<unknown>;
    onFailure?: (error: unknown) => boolean;
  },
): (event?: BaseSyntheticEvent) => void {
  const { t } = useTranslation();
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      if (onFailure?.(error)) return;
      setServerErrors(error, form.setError, defaultValues, t('errors.unexpected'));
    }
  });
  return (event) => void submit(event);
}
