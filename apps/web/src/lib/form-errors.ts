import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api-client.ts';
import { markErrorShown } from './query-meta.ts';

/** Server paths may read `body.user.email`, `user/email` or `/user/email`; forms use `user.email`. */
export function toFieldPath(path: string): string {
  return path
    .replace(/^\/+/, '')
    .replace(/\//g, '.')
    .replace(/^body\./, '');
}

/**
 * Put the server's field errors on the form's fields. Returns true when at least one field got one,
 * so the caller knows whether the message still needs a place of its own.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
): boolean {
  if (!isApiError(error)) return false;
  let placed = false;
  for (const fieldError of error.fieldErrors) {
    const path = toFieldPath(fieldError.path);
    if (!fields.includes(path)) continue;
    setError(path as Path<T>, { type: 'server', message: fieldError.message }, { shouldFocus: !placed });
    placed = true;
  }
  return placed;
}

/** Every leaf path of a form's default values (`client.address.city`), to know which fields exist. */
export function fieldPaths(values: object, prefix = ''): string[] {
  return Object.entries(values).flatMap(([key, value]) =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? fieldPaths(value as object, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}

/**
 * After a failed submit: the server's field errors go on their fields; anything else becomes the
 * form-level message (`errors.root.server`). Either way the form shows it, so no toast does.
 */
export function setServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  defaultValues: object,
  fallbackMessage: string,
): void {
  markErrorShown(error);
  if (applyServerFieldErrors(error, setError, fieldPaths(defaultValues))) return;
  setError('root.server', { message: isApiError(error) ? error.message : fallbackMessage });
}
