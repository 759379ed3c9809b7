'use client';

import { useState } from 'react';
import type { DefaultValues, FieldPath, FieldValues } from 'react-hook-form';
import { useLazyForm } from '@/components/forms/useLazyForm';
import { settleDialogResult } from '@/components/forms/settle-dialog';
import type { FormDialogState } from '@/components/ui/FormDialogButton';
import type { ApiResult } from '@/lib/client/api';
import type { LazyResolver } from '@/lib/client/lazy-resolver';

/**
 * The API's field names as a form names them: the approval and monthly limits are typed in
 * dollars (`approvalLimit`, `monthlyLimit`) and sent in cents (`approvalLimitCents`,
 * `monthlyLimitCents`).
 */
export function asFormFields<T>(result: ApiResult<T>): ApiResult<T> {
  if (result.ok || !result.fields) return result;
  const { approvalLimitCents, monthlyLimitCents, ...rest } = result.fields;
  if (!approvalLimitCents && !monthlyLimitCents) return result;
  return {
    ...result,
    fields: {
      ...rest,
      ...(approvalLimitCents ? { approvalLimit: approvalLimitCents } : {}),
      ...(monthlyLimitCents ? { monthlyLimit: monthlyLimitCents } : {}),
    },
  };
}

/**
 * A company form in a dialog (FormDialogButton): the form on its lazily loaded schema, opened
 * with `defaultValues` as they are now, closed (and reset) on Cancel or once sent; the answer is
 * settled by `settleDialogResult` (a field error stays on its field), then `after` runs.
 */
export function useDialogForm<TInput extends FieldValues, TValues extends FieldValues>(
  resolver: LazyResolver<TInput, TValues>,
  {
    defaultValues,
    fields,
    notice,
    send,
    after,
  }: {
    defaultValues: DefaultValues<TInput>;
    fields: readonly FieldPath<TInput>[];
    notice: string;
    send: (values: TValues) => Promise<ApiResult<unknown>>;
    after: () => void;
  },
) {
  const form = useLazyForm(resolver, { defaultValues });
  const [open, setOpen] = useState(false);
  const close = () => {
    setOpen(false);
    form.reset(defaultValues);
  };
  const onSubmit = form.handleSubmit(async (values) => {
    settleDialogResult(asFormFields(await send(values)), {
      notice,
      fields,
      setError: form.setError,
      close,
      refresh: after,
    });
  });
  const dialog: FormDialogState = {
    open,
    onOpen: () => {
      form.reset(defaultValues);
      setOpen(true);
    },
    onClose: close,
    onSubmit,
    isSubmitting: form.isSubmitting,
  };
  return { ...form, dialog };
}

/** A JSON request to the company API, as the page's forms and buttons send it. */
export function jsonInit(method: 'POST' | 'PATCH' | 'DELETE', body?: unknown): RequestInit {
  return body === undefined
    ? { method }
    : { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
}
