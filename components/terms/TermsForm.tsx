'use client';

import { useRouter } from 'next/navigation';
import { useLazyForm } from '@/components/forms/useLazyForm';
import { Field } from '@/components/ui/Field';
import { toast } from '@/components/ui/toast';
import { callApi } from '@/lib/client/api';
import { lazyZodResolver } from '@/lib/client/lazy-resolver';
import { formatMoney } from '@/lib/core/money';
import { INVOICE_MOMENTS, NET_DAYS, type TermsView } from '@/lib/terms/shared';
import type { TermsFormInput, TermsFormValues } from './terms-form-schema';

const resolver = lazyZodResolver<TermsFormInput, TermsFormValues>(() =>
  import('./terms-form-schema').then((module) => module.termsFormSchema),
);

/** The API's field names as the form names them. */
const FIELD_OF: Record<string, keyof TermsFormInput> = {
  mode: 'mode',
  netDays: 'netDays',
  creditLimitCents: 'creditLimit',
  invoiceOn: 'invoiceOn',
  holdAfterDaysOverdue: 'holdAfterDaysOverdue',
};

const MOMENT_LABELS: Record<(typeof INVOICE_MOMENTS)[number], string> = {
  shipment: 'When the order ships',
  order: 'When the order is placed',
};

/**
 * A company's admin page: its payment terms, prepay or net (days, credit limit, when to invoice,
 * when to hold), with what the company owes now and the credit left.
 */
export function TermsForm({ companyId, terms }: { companyId: string; terms: TermsView }) {
  const router = useRouter();
  const { register, handleSubmit, setError, watch, errors, isSubmitting } = useLazyForm(resolver, {
    defaultValues: {
      mode: terms.mode,
      netDays: String(terms.netDays ?? 30),
      creditLimit: terms.creditLimitCents === null ? '' : (terms.creditLimitCents / 100).toFixed(2),
      invoiceOn: terms.invoiceOn,
      holdAfterDaysOverdue: String(terms.holdAfterDaysOverdue),
    },
  });
  const net = watch('mode') === 'net';

  const onSubmit = handleSubmit(async (values) => {
    const answer = await callApi(`/api/admin/companies/${companyId}/terms`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(values),
    });
    if (answer.ok) {
      toast.success('Payment terms saved.');
      router.refresh();
      return;
    }
    let placed = false;
    for (const [field, issues] of Object.entries(answer.fields ?? {})) {
      const name = FIELD_OF[field];
      if (name) {
        setError(name, { message: issues[0] });
        placed = true;
      }
    }
    if (!placed) toast.error(answer.message);
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Payment terms" className="mt-4 space-y-4">
      <p className="text-sm text-slate-700" data-testid="terms-exposure">
        Owed and on order on account: {formatMoney(terms.exposureCents)}
        {terms.mode === 'net' ? ` · credit left: ${formatMoney(terms.availableCents)}` : ''}
        {terms.onHold ? ' · on hold (an invoice is overdue)' : ''}
      </p>
      <fieldset>
        <legend className="field-label">Terms</legend>
        <div className="flex flex-wrap gap-6 text-sm">
          <label className="flex items-center gap-2">
            <input type="radio" value="prepay" {...register('mode')} /> Prepay (card before
            shipping)
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" value="net" {...register('mode')} /> Net terms (on account)
          </label>
        </div>
      </fieldset>
      {net ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="terms-net-days" label="Net days" error={errors.netDays?.message}>
            <select {...register('netDays')}>
              {NET_DAYS.map((days) => (
                <option key={days} value={String(days)}>
                  Net {days}
                </option>
              ))}
            </select>
          </Field>
          <Field
            id="terms-credit-limit"
            label="Credit limit ($)"
            error={errors.creditLimit?.message}
          >
            <input
              type="text"
              inputMode="decimal"
              autoComplete="off"
              {...register('creditLimit')}
            />
          </Field>
          <Field id="terms-invoice-on" label="Invoice" error={errors.invoiceOn?.message}>
            <select {...register('invoiceOn')}>
              {INVOICE_MOMENTS.map((moment) => (
                <option key={moment} value={moment}>
                  {MOMENT_LABELS[moment]}
                </option>
              ))}
            </select>
          </Field>
          <Field
            id="terms-hold-after"
            label="Hold after (days overdue)"
            error={errors.holdAfterDaysOverdue?.message}
          >
            <input
              type="text"
              inputMode="numeric"
              autoComplete="off"
              {...register('holdAfterDaysOverdue')}
            />
          </Field>
        </div>
      ) : null}
      <button type="submit" className="btn-primary" disabled={isSubmitting}>
        {isSubmitting ? 'Saving…' : 'Save terms'}
      </button>
    </form>
  );
}
