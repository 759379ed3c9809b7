'use client';

import { useState, type ReactNode } from 'react';
import { useRouter } from 'next/navigation';
import type { DefaultValues, FieldPath, FieldValues } from 'react-hook-form';
import { useLazyForm } from '@/components/forms/useLazyForm';
import { settleDialogResult } from '@/components/forms/settle-dialog';
import { FormDialogButton, type FormDialogState } from '@/components/ui/FormDialogButton';
import { callApi } from '@/lib/client/api';
import type { LazyResolver } from '@/lib/client/lazy-resolver';
import { quotesWording } from '@/lib/core/b2b-wording/quotes';
import type { Quote } from '@/lib/quotes';

/**
 * What an admin's decisions on a quote share (the Answer dialog in QuoteAnswerDialog.tsx, the
 * Decline dialog in QuoteDeclineDialog.tsx): the button and its dialog, and the form behind it,
 * sent as PATCH /api/quotes/{id}.
 */

async function patchQuote(id: string, body: unknown) {
  return callApi(`/api/quotes/${id}`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** The button that opens an admin's decision on a quote, and the dialog with its form. */
export function QuoteDecisionDialog({
  quote,
  decision,
  buttonClassName,
  ...dialog
}: FormDialogState & {
  quote: Quote;
  decision: 'answer' | 'decline';
  buttonClassName: string;
  children: ReactNode;
}) {
  const words = quotesWording[decision];
  const title = words.title(quote.reference);
  return (
    <FormDialogButton
      label={words.button}
      ariaLabel={title}
      buttonClassName={`${buttonClassName} px-3 py-1 text-xs`}
      title={title}
      submitLabel={words.send}
      busyLabel={quotesWording.sending}
      {...dialog}
    />
  );
}

/**
 * What an admin's Answer and Decline share: the form on its lazily loaded schema, the dialog's
 * open state, closing it (which resets the form), and sending the decision
 * (PATCH /api/quotes/{id}), settled by `settleDialogResult`.
 */
export function useQuoteDecision<TInput extends FieldValues, TValues extends FieldValues>(
  quote: Quote,
  resolver: LazyResolver<TInput, TValues>,
  {
    action,
    notice,
    fields,
    defaultValues,
    toBody = (values) => values,
  }: {
    action: 'answer' | 'decline';
    notice: string;
    fields: readonly FieldPath<TInput>[];
    defaultValues: DefaultValues<TInput>;
    /** The request's fields from the form's values (the values themselves by default). */
    toBody?: (values: TValues) => object;
  },
) {
  const router = useRouter();
  const form = useLazyForm(resolver, { defaultValues });
  const [open, setOpen] = useState(false);
  const close = () => {
    setOpen(false);
    form.reset();
  };
  const onSubmit = form.handleSubmit(async (values) => {
    settleDialogResult(await patchQuote(quote._id, { action, ...toBody(values) }), {
      notice,
      fields,
      setError: form.setError,
      close,
      refresh: () => router.refresh(),
    });
  });
  const dialog: FormDialogState = {
    open,
    onOpen: () => setOpen(true),
    onClose: close,
    onSubmit,
    isSubmitting: form.isSubmitting,
  };
  return { register: form.register, errors: form.errors, dialog };
}
