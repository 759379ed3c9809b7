'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useLazyForm } from '@/components/forms/useLazyForm';
import { settleDialogResult } from '@/components/forms/settle-dialog';
import { Field } from '@/components/ui/Field';
import { FormDialogButton } from '@/components/ui/FormDialogButton';
import { callApi, type ApiResult } from '@/lib/client/api';
import { lazyZodResolver } from '@/lib/client/lazy-resolver';
import type { RecordPaymentFormInput, RecordPaymentFormValues } from '@/lib/billing/schemas';
import { billingWording } from '@/lib/core/b2b-wording/billing';

const words = billingWording.adminActions.recordPayment;

const resolver = lazyZodResolver<RecordPaymentFormInput, RecordPaymentFormValues>(() =>
  import('@/lib/billing/schemas').then((module) => module.recordPaymentFormSchema),
);

const fields = ['amount', 'reference'] as const;

/**
 * The API's answer with its field names as the form names them: the amount is typed in dollars
 * (`amount`) and sent in cents (`amountCents`); a payment above what is owed is told on it.
 */
function asFormFields(result: ApiResult<unknown>): ApiResult<unknown> {
  if (result.ok) return result;
  const { amountCents, ...rest } = result.fields ?? {};
  if (amountCents) return { ...result, fields: { ...rest, amount: amountCents } };
  if (result.details && 'openCents' in result.details) {
    return { ...result, fields: { ...rest, amount: [result.message] } };
  }
  return result;
}

/**
 * A store admin's "Record payment" for an invoice on account: a cheque or wire received outside
 * Stripe, its amount typed in dollars (at most what is still owed) and its reference.
 */
export function RecordPaymentButton({
  invoiceId,
  number,
  openCents,
}: {
  invoiceId: string;
  number: string | null;
  openCents: number;
}) {
  const router = useRouter();
  const defaultValues = { amount: (openCents / 100).toFixed(2), reference: '' };
  const form = useLazyForm(resolver, { defaultValues });
  const [open, setOpen] = useState(false);
  const close = () => {
    setOpen(false);
    form.reset(defaultValues);
  };
  const onSubmit = form.handleSubmit(async (values) => {
    const result = await callApi(`/api/admin/invoices/${invoiceId}/payments`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(values),
    });
    settleDialogResult(asFormFields(result), {
      notice: words.done(values.amountCents),
      fields,
      setError: form.setError,
      close,
      refresh: () => router.refresh(),
    });
  });
  const id = `payment-${invoiceId}`;
  return (
    <FormDialogButton
      label={words.button}
      ariaLabel={words.label(number)}
      buttonClassName="btn-secondary px-3 py-1.5"
      title={words.title(number)}
      submitLabel={words.button}
      busyLabel={words.busy}
      open={open}
      onOpen={() => {
        form.reset(defaultValues);
        setOpen(true);
      }}
      onClose={close}
      onSubmit={onSubmit}
      isSubmitting={form.isSubmitting}
    >
      <p className="text-sm text-slate-600">{words.intro(openCents)}</p>
      <Field id={`${id}-amount`} label={words.amount} error={form.errors.amount?.message}>
        <input type="text" inputMode="decimal" autoComplete="off" {...form.register('amount')} />
      </Field>
      <Field
        id={`${id}-reference`}
        label={words.reference}
        hint={words.referenceHint}
        error={form.errors.reference?.message}
      >
        <input type="text" autoComplete="off" maxLength={80} {...form.register('reference')} />
      </Field>
    </FormDialogButton>
  );
}
