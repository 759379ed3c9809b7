import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import type { ApiResult } from './api';

/**
 * Shows the API's field errors (`details.fields`) under the form's own fields: the first
 * message of every field in `known`. Fields the form does not show are left to the form's
 * overall message, which every failed result carries.
 */
export function applyFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  result: ApiResult<unknown>,
  known: readonly FieldPath<T>[],
): void {
  if (result.ok) return;
  for (const [field, issues] of Object.entries(result.fields ?? {})) {
    const name = known.find((candidate) => candidate === field);
    if (name) setError(name, { message: issues[0] });
  }
}
