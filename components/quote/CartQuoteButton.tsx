'use client';

import { useState } from 'react';
import Link from 'next/link';
import { useLazyForm } from '@/components/forms/useLazyForm';
import { Dialog } from '@/components/ui/Dialog';
import { FormError } from '@/components/ui/Field';
import { FormDialogButton } from '@/components/ui/FormDialogButton';
import { QuoteRequestFields } from './QuoteRequestFields';
import { postJson } from '@/lib/client/api';
import { applyFieldErrors } from '@/lib/client/form-errors';
import { lazyZodResolver } from '@/lib/client/lazy-resolver';
import { dayFromNow } from '@/lib/core/dates';
import { quotesWording } from '@/lib/core/b2b-wording/quotes';
import { notices } from '@/lib/core/notices';
import type { CartQuoteRequestInput, CartQuoteRequest } from '@/lib/quotes/schemas';

/** The form's zod schema, loaded once the page is up (lib/client/lazy-resolver.ts). */
const resolver = lazyZodResolver<CartQuoteRequestInput, CartQuoteRequest>(() =>
  import('@/lib/quotes/schemas').then((module) => module.cartQuoteFormSchema),
);

const FIELDS = ['neededBy', 'address', 'phone', 'note'] as const;

const words = quotesWording.listRequest;

/** A line the store cannot quote as it stands, as `POST /api/quotes/cart` names it. */
type RefusedLine = { productId: string; sku: string | null; issue?: { message: string } };

/**
 * The order list's "Request a quote for this list": a button that opens a form for the delivery
 * and timing of the request (an optional needed-by day, the delivery address and phone, a note)
 * and sends `POST /api/quotes/cart`, which asks ONE quote of every line of the buyer's list. The
 * store answers each line with a unit price; the buyer accepts the answer on the quotes page,
 * which places one order of all the lines. The list itself is left as it is. Field errors show
 * under their fields; a list the store cannot quote (empty, a part no longer sold, a line below
 * its minimum) shows why in the dialog, line by line; success opens a dialog that links to the
 * quotes page.
 *
 * `disabled` is for a list with no lines; `onRequested` is told the new quote's reference.
 */
export function CartQuoteButton({
  disabled = false,
  onRequested,
}: {
  disabled?: boolean;
  onRequested?: (reference: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<{ message: string; lines: RefusedLine[] } | null>(null);
  const { register, errors, isSubmitting, handleSubmit, setError, reset } = useLazyForm(resolver, {
    defaultValues: { neededBy: '', address: '', phone: '', note: '' },
  });

  function close() {
    setOpen(false);
    setRefusal(null);
  }

  const onSubmit = handleSubmit(async (values) => {
    setRefusal(null);
    const result = await postJson<{ reference: string }>('/api/quotes/cart', values);
    if (result.ok) {
      reset();
      close();
      setSent(result.data.reference);
      onRequested?.(result.data.reference);
      return;
    }
    if (FIELDS.some((field) => result.fields?.[field])) {
      applyFieldErrors(setError, result, FIELDS);
      return;
    }
    const lines = Array.isArray(result.details?.lines)
      ? (result.details.lines as RefusedLine[])
      : [];
    setRefusal({ message: result.message, lines });
  });

  return (
    <>
      <FormDialogButton
        label={words.button}
        buttonClassName="btn-secondary"
        disabled={disabled}
        open={open}
        onOpen={() => setOpen(true)}
        onClose={close}
        onSubmit={onSubmit}
        isSubmitting={isSubmitting}
        title={words.title}
        submitLabel={words.send}
        busyLabel={quotesWording.sending}
      >
        <p className="text-sm text-slate-600">{words.intro}</p>
        <QuoteRequestFields
          idPrefix="cart-quote"
          earliestDay={dayFromNow(0)}
          register={register}
          errors={errors}
        />
        <FormError message={refusal?.message ?? null} />
        {refusal?.lines.length ? (
          <ul
            className="list-disc space-y-1 pl-5 text-sm text-red-700"
            data-testid="cart-quote-lines"
          >
            {refusal.lines.map((line) => (
              <li key={line.productId}>
                {line.sku ? <span className="font-medium">{line.sku}: </span> : null}
                {line.issue?.message ?? ''}
              </li>
            ))}
          </ul>
        ) : null}
      </FormDialogButton>
      <Dialog
        open={sent !== null}
        title={quotesWording.requested.title}
        icon="success"
        onClose={() => setSent(null)}
        actions={
          <>
            <Link href="/dashboard/quotes" className="btn-primary">
              {quotesWording.requested.viewQuotes}
            </Link>
            <button type="button" className="btn-secondary" onClick={() => setSent(null)}>
              {quotesWording.requested.ok}
            </button>
          </>
        }
      >
        <span className="block font-medium text-slate-900">{sent}</span>
        {notices.quoteRequested}
      </Dialog>
    </>
  );
}
