'use client';

import { useId, useState, type FormEvent } from 'react';
import { useLazyForm } from '@/components/forms/useLazyForm';
import { DeliveryFields } from '@/components/order/DeliveryFields';
import { Field, FormError } from '@/components/ui/Field';
import { postJson } from '@/lib/client/api';
import type { QuickOrderReport as Report, QuickOrderResult } from '@/lib/orders';
import { lazyZodResolver } from '@/lib/client/lazy-resolver';
import { QuickOrderLines } from './QuickOrderLines';
import { QuickOrderPlaced } from './QuickOrderPlaced';
import { QuickOrderReport } from './QuickOrderReport';
import type { QuickOrderDeliveryInput, QuickOrderDeliveryValues } from '@/lib/orders/schemas';

/** The delivery fields' zod schema, loaded once the page is up (lib/client/lazy-resolver.ts). */
const resolver = lazyZodResolver<QuickOrderDeliveryInput, QuickOrderDeliveryValues>(() =>
  import('@/lib/orders/schemas').then((module) => module.quickOrderDeliverySchema),
);

/**
 * The quick-order page's form: the lines (QuickOrderLines), the validation report of
 * POST /api/quick-order/check (QuickOrderReport), then the delivery fields and
 * POST /api/quick-order, whose per-line result it shows (QuickOrderPlaced). Editing the lines
 * after a check asks for a new check before anything can be placed.
 */
export function QuickOrderForm({ user }: { user: { name: string; email: string } }) {
  const [text, setText] = useState('');
  const [checkedText, setCheckedText] = useState<string | null>(null);
  const [report, setReport] = useState<Report | null>(null);
  const [result, setResult] = useState<QuickOrderResult | null>(null);
  const [linesError, setLinesError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [placeError, setPlaceError] = useState<string | null>(null);
  const ids = useId();
  const { register, handleSubmit, setError, errors, isSubmitting } = useLazyForm(resolver, {
    defaultValues: { address: '', phone: '', poNumber: '' },
  });

  const current = report !== null && checkedText === text;

  function changeText(next: string) {
    setText(next);
    setLinesError(null);
    setResult(null);
  }

  async function check(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setChecking(true);
    setResult(null);
    setPlaceError(null);
    const answer = await postJson<Report>('/api/quick-order/check', { text });
    setChecking(false);
    if (!answer.ok) {
      setReport(null);
      setCheckedText(null);
      setLinesError(answer.fields?.text?.[0] ?? answer.message);
      return;
    }
    setLinesError(null);
    setReport(answer.data);
    setCheckedText(text);
    requestAnimationFrame(() => document.getElementById(`${ids}-report`)?.focus());
  }

  const place = handleSubmit(async (values) => {
    setPlaceError(null);
    const answer = await postJson<QuickOrderResult>('/api/quick-order', {
      text,
      address: values.address,
      phone: values.phone,
      ...(values.poNumber ? { poNumber: values.poNumber } : {}),
    });
    if (!answer.ok) {
      let shown = false;
      for (const field of ['address', 'phone', 'poNumber'] as const) {
        const message = answer.fields?.[field]?.[0];
        if (message) {
          setError(field, { message });
          shown = true;
        }
      }
      if (!shown) setPlaceError(answer.message);
      return;
    }
    setResult(answer.data);
    setReport(null);
    setCheckedText(null);
    requestAnimationFrame(() => document.getElementById(`${ids}-result`)?.focus());
  });

  return (
    <div className="space-y-8">
      <QuickOrderLines
        idPrefix={ids}
        text={text}
        error={linesError}
        checking={checking}
        onChange={changeText}
        onError={setLinesError}
        onCheck={check}
      />

      {report ? <QuickOrderReport idPrefix={ids} report={report} current={current} /> : null}

      {report && current && report.orderable > 0 ? (
        <section aria-labelledby={`${ids}-delivery`} className="max-w-2xl">
          <h2 id={`${ids}-delivery`} className="text-xl font-semibold text-slate-900">
            Delivery
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Every order of this quick order goes to this address. Price, minimum and stock are
            checked again when you place them.
          </p>
          <form
            onSubmit={place}
            noValidate
            className="mt-4 space-y-4"
            aria-label="Quick order delivery"
          >
            <div className="grid gap-4 sm:grid-cols-2">
              <Field id={`${ids}-name`} label="Name">
                <input type="text" readOnly value={user.name} className="bg-slate-50" />
              </Field>
              <Field id={`${ids}-email`} label="Email">
                <input type="email" readOnly value={user.email} className="bg-slate-50" />
              </Field>
            </div>
            <DeliveryFields idPrefix={ids} register={register} errors={errors} />
            <FormError message={placeError} />
            <button type="submit" className="btn-primary" disabled={isSubmitting}>
              {isSubmitting
                ? 'Placing…'
                : `Place ${report.orderable} order${report.orderable === 1 ? '' : 's'}`}
            </button>
          </form>
        </section>
      ) : null}

      {result ? <QuickOrderPlaced idPrefix={ids} result={result} /> : null}
    </div>
  );
}
