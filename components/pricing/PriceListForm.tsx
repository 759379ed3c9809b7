'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { Field } from '@/components/ui/Field';
import { toast } from '@/components/ui/toast';
import { callApi } from '@/lib/client/api';
import { MAX_PRICE_LIST_NAME, type PriceListView } from '@/lib/pricing/shared';

type Values = { name: string; validFrom: string; validTo: string; percentOff: string };

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '');

/**
 * A price list's name, validity (UTC days, both included, either left open) and list-wide
 * percentage off: creates a list (then opens it) or changes one. The server checks every field
 * (the dates together with the stored ones); its messages show under the fields.
 */
export function PriceListForm({ list }: { list?: PriceListView }) {
  const router = useRouter();
  const prefix = list ? `price-list-${list._id}` : 'new-price-list';
  const [values, setValues] = useState<Values>({
    name: list?.name ?? '',
    validFrom: day(list?.validFrom ?? null),
    validTo: day(list?.validTo ?? null),
    percentOff: list?.percentOff === null || !list ? '' : String(list.percentOff),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (field: keyof Values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const percent = values.percentOff.trim();
    const body = {
      name: values.name,
      validFrom: values.validFrom || null,
      validTo: values.validTo || null,
      percentOff: percent === '' ? null : Number.isNaN(Number(percent)) ? percent : Number(percent),
    };
    setBusy(true);
    const answer = await callApi<PriceListView>(
      list ? `/api/admin/price-lists/${list._id}` : '/api/admin/price-lists',
      {
        method: list ? 'PATCH' : 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      },
    );
    setBusy(false);
    if (answer.ok) {
      setErrors({});
      toast.success(list ? 'Price list saved.' : `Price list “${answer.data.name}” created.`);
      if (list) router.refresh();
      else router.push(`/dashboard/price-lists/${answer.data._id}`);
      return;
    }
    const fields = Object.fromEntries(
      Object.entries(answer.fields ?? {}).map(([field, issues]) => [field, issues[0] ?? '']),
    );
    setErrors(fields);
    if (!Object.keys(fields).some((field) => field in values)) toast.error(answer.message);
  }

  return (
    <form onSubmit={submit} noValidate className="mt-4 grid gap-4 sm:grid-cols-2">
      <Field id={`${prefix}-name`} label="Name" error={errors.name} className="sm:col-span-2">
        <input
          type="text"
          maxLength={MAX_PRICE_LIST_NAME}
          autoComplete="off"
          value={values.name}
          onChange={set('name')}
        />
      </Field>
      <Field
        id={`${prefix}-from`}
        label="Valid from"
        error={errors.validFrom}
        hint="A day (UTC); empty: from always."
      >
        <input type="date" value={values.validFrom} onChange={set('validFrom')} />
      </Field>
      <Field
        id={`${prefix}-to`}
        label="Valid to"
        error={errors.validTo}
        hint="The last day (UTC, included); empty: open-ended."
      >
        <input type="date" value={values.validTo} onChange={set('validTo')} />
      </Field>
      <Field
        id={`${prefix}-percent`}
        label="Percentage off the list price"
        error={errors.percentOff}
        hint="For parts without an entry: above 0, below 100, up to 2 decimals; empty: none."
      >
        <input
          type="text"
          inputMode="decimal"
          value={values.percentOff}
          onChange={set('percentOff')}
        />
      </Field>
      <div className="flex items-end sm:col-span-2">
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? 'Saving…' : list ? 'Save changes' : 'Create price list'}
        </button>
      </div>
    </form>
  );
}
