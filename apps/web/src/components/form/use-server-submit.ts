import type { BaseSyntheticEvent } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { setServerErrors } from '../../lib/form-errors.ts';
import { markErrorShown } from '../../lib/query-meta.ts';

/**
 * The submit handler of a form that sends its values to the server: a failure lands on the form (field
 * errors on their fields, the rest in its FormAlert), never in a toast. `onFailure` may take a failure
 * first and show it its own way (it returns true).
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
      if (onFailure?.(error)) return markErrorShown(error);
      setServerErrors(error, form.setError, defaultValues, t('errors.unexpected'));
    }
  });
  return (event) => void submit(event);
}
