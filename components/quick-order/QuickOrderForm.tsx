'use client';

import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useLazyForm } from '@/components/forms/useLazyForm';
import {
  BuyerDeliveryFields,
  deliveryBody,
  showDeliveryErrors,
} from '@/components/order/BuyerDeliveryFields';
import { FormError } from '@/components/ui/Field';
import { postJson } from '@/lib/client/api';
import type {
  QuickOrderCartResult,
  QuickOrderReport as Report,
  QuickOrderResult,
} from '@/lib/orders';
import { announceCartCount } from '@/components/cart/cart-events';
import { QuickOrderAdded } from './QuickOrderAdded';
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
 * POST /api/quick-order/check (QuickOrderReport), then two ways on: "Add to order list"
 * (POST /api/quick-order/cart, QuickOrderAdded) or the delivery fields and "Place one order"
 * (POST /api/quick-order: one order of every valid line, QuickOrderPlaced). Editing the lines
 * after a check asks for a new check before anything can be added or placed.
 */
export function QuickOrderForm({ user }: { user: { name: string; email: string } }) {
  const [text, setText] = useState('');
  const [checkedText, setCheckedText] = useState<string | null>(null);
  const [report, setReport] = useState<Report | null>(null);
  const [result, setResult] = useState<QuickOrderResult | null>(null);
  const [added, setAdded] = useState<
    (Pick<QuickOrderCartResult, 'added' | 'failed'> & { lineCount: number }) | null
  >(null);
  const [adding, setAdding] = useState(false);
  const [addError, setAddError] = useState<string | null>(null);
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
    setAdded(null);
  }

  function done() {
    setReport(null);
    setCheckedText(null);
  }

  async function addToList() {
    setAdding(true);
    setAddError(null);
    const answer = await postJson<QuickOrderCartResult>('/api/quick-order/cart', { text });
    setAdding(false);
    if (!answer.ok) {
      setAddError(answer.message);
      return;
    }
    const { cart, added: lines, failed } = answer.data;
    announceCartCount(cart.lineCount);
    setAdded({ added: lines, failed, lineCount: cart.lineCount });
    done();
    requestAnimationFrame(() => document.getElementById(`${ids}-added`)?.focus());
  }

  async function check(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setChecking(true);
    setResult(null);
    setAdded(null);
    setPlaceError(null);
    setAddError(null);
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
      ...deliveryBody(values),
    });
    if (!answer.ok) {
      if (!showDeliveryErrors(answer, setError)) setPlaceError(answer.message);
      return;
    }
    setResult(answer.data);
    done();
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
        <>
          <QuickOrderStep
            id={`${ids}-list`}
            title="Add to your order list"
            intro={
              report.orderable === 1
                ? 'Put the valid line in your order list, to review it with other parts and check out later as one order.'
                : `Put the ${report.orderable} valid lines in your order list, to review them with other parts and check out later as one order.`
            }
          >
            <FormError message={addError} />
            <button
              type="button"
              className="btn-secondary mt-3"
              disabled={adding || isSubmitting}
              onClick={addToList}
            >
              {adding ? 'Adding…' : 'Add to order list'}
            </button>
          </QuickOrderStep>
          <QuickOrderStep
            id={`${ids}-delivery`}
            title="Or place one order now"
            intro={
              <>
                {report.orderable === 1
                  ? 'The valid line becomes one order'
                  : `The ${report.orderable} valid lines become one order`}
                , paid once, delivered to this address. Price, minimum and stock are checked again
                when you place it.
              </>
            }
          >
            <form
              onSubmit={place}
              noValidate
              className="mt-4 space-y-4"
              aria-label="Quick order delivery"
            >
              <BuyerDeliveryFields idPrefix={ids} user={user} register={register} errors={errors} />
              <FormError message={placeError} />
              <button type="submit" className="btn-primary" disabled={isSubmitting || adding}>
                {isSubmitting ? 'Placing…' : 'Place one order'}
              </button>
            </form>
          </QuickOrderStep>
        </>
      ) : null}

      {result ? <QuickOrderPlaced idPrefix={ids} result={result} /> : null}
      {added ? <QuickOrderAdded idPrefix={ids} result={added} /> : null}
    </div>
  );
}

/** One way on after a check: a section with its heading, a line on what it does, its controls. */
function QuickOrderStep({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="max-w-2xl">
      <h2 id={id} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{intro}</p>
      {children}
    </section>
  );
}
