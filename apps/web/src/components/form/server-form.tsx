import type { ReactNode } from 'react';
import { FormProvider, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { FormAlert } from './form-alert.tsx';

/**
 * A form whose failures stay on it: the fields below it read the form from context, and the message
 * that belongs to no field (`errors.root.server` from useServerSubmit, or a rule of the whole form) shows on top.
 */
export function ServerForm<T extends FieldValues, TOut>({
  form,
  onSubmit,
  label,
  children,
}: {
  form: UseFormReturn<T, unknown, TOut>;
  onSubmit: (event?: React.BaseSyntheticEvent) => void;
  label?: string;
  children: ReactNode;
}) {
  const root = form.formState.errors.root;
  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate aria-label={label}>
        <FormAlert message={root?.server?.message ?? root?.message} />
        {children}
      </form>
    </FormProvider>
  );
}
