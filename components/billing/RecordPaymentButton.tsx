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
import { formatMoney } from '@/lib/core/money';

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
      notice: `Payment of ${formatMoney(values.amountCents)} recorded.`,
      fields,
      setError: form.setError,
      close,
      refresh: () => router.refresh(),
    });
  });
  const label = number ?? 'this invoice';
  const id = `payment-${invoiceId}`;
  return (
    <FormDialogButton
      label="Record payment"
      ariaLabel={`Record payment for ${label}`}
      buttonClassName="btn-secondary px-3 py-1.5"
      title={`Record a payment for ${label}`}
      submitLabel="Record payment"
      busyLabel="Recording…"
      open={open}
      onOpen={() => {
        form.reset(defaultValues);
        setOpen(true);
      }}
      onClose={close}
      onSubmit={onSubmit}
      isSubmitting={form.isSubmitting}
    >
      <p className="text-sm text-slate-600">
        A cheque or wire received outside Stripe. Still owed: {formatMoney(openCents)}.
      </p>
      <Field id={`${id}-amount`} label="Amount ($)" error={form.errors.amount?.message}>
        <input type="text" inputMode="decimal" autoComplete="off" {...form.register('amount')} />
      </Field>
      <Field
        id={`${id}-reference`}
        label="Reference"
        hint="The cheque number or the wire’s reference."
        error={form.errors.reference?.message}
      >
        <input type="text" autoComplete="off" maxLength={80} {...form.register('reference')} />
      </Field>
    </FormDialogButton>
  );
}
