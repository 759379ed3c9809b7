import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { toast } from '@/components/ui/toast';
import type { ApiResult } from '@/lib/client/api';
import { applyFieldErrors } from '@/lib/client/form-errors';

/**
 * After an admin's change sent from a dialog (an order's status, a quote's answer or decline):
 * on success its notice, the dialog closed and the page fresh; a field error stays in the
 * dialog, on its field; anything else (the record changed meanwhile, say) is a toast, the
 * dialog closed, and the page refreshed to show the record as it is now.
 */
export function settleDialogResult<T extends FieldValues>(
  result: ApiResult<unknown>,
  {
    notice,
    fields,
    setError,
    close,
    refresh,
  }: {
    notice: string;
    fields: readonly FieldPath<T>[];
    setError: UseFormSetError<T>;
    close: () => void;
    refresh: () => void;
  },
): void {
  if (result.ok) {
    toast.success(notice);
    close();
    refresh();
    return;
  }
  if (fields.some((field) => result.fields?.[field])) {
    applyFieldErrors(setError, result, fields);
    return;
  }
  toast.error(result.message);
  close();
  refresh();
}
