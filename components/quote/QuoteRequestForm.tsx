'use client';

import { useId, useState } from 'react';
import Link from 'next/link';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Dialog } from '@/components/ui/Dialog';
import { QuoteRequestFields } from './QuoteRequestFields';
import { Field, FormError } from '@/components/ui/Field';
import { cartonMessage, orderMinimum } from '@/lib/catalogue/shared';
import { postJson } from '@/lib/client/api';
import { applyFieldErrors } from '@/lib/client/form-errors';
import { quotesWording } from '@/lib/core/b2b-wording/quotes';
import { notices } from '@/lib/core/notices';
import { quoteFormSchema, type QuoteFormInput, type QuoteFormValues } from '@/lib/quotes/schemas';

const words = quotesWording.request;

/** Today in the person's own time zone, as a date input's `min`. */
function localToday(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The product page's request for quote, below the order form: a "Request a quote" button opens
 * a form for any whole quantity from the product's minimum (not the order form's choices, not
 * limited to the stock), an optional needed-by day, the delivery address and phone, and a note.
 * Sends POST /api/quotes; field errors show under their fields, success in a dialog that links
 * to the quotes page.
 */
export function QuoteRequestForm({
  product,
  rule,
}: {
  product: { _id: string; name: string; minimumOrderQuantity: number };
  /** The buyer's minimum and carton for this product (their contract applied); default the product's. */
  rule?: { minimum: number; multiple: number };
}) {
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const sectionId = useId();
  const minimum = rule?.minimum ?? orderMinimum(product);
  const multiple = rule?.multiple ?? 1;
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<QuoteFormInput, unknown, QuoteFormValues>({
    resolver: zodResolver(quoteFormSchema),
    defaultValues: { quantity: '', neededBy: '', address: '', phone: '', note: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    if (values.quantity < minimum) {
      setError('quantity', { message: words.belowMinimum(minimum) });
      return;
    }
    if (values.quantity % multiple !== 0) {
      const below = Math.max(minimum, Math.floor(values.quantity / multiple) * multiple);
      const above = Math.ceil(values.quantity / multiple) * multiple;
      setError('quantity', {
        message: cartonMessage(multiple, below === above ? [above] : [below, above]),
      });
      return;
    }
    const result = await postJson<{ reference: string }>('/api/quotes', {
      productId: product._id,
      ...values,
    });
    if (result.ok) {
      reset();
      setSent(result.data.reference);
      return;
    }
    applyFieldErrors(setError, result, ['quantity', 'neededBy', 'address', 'phone', 'note']);
    setFormError(result.message);
  });

  /** Closes the "Quote requested" dialog, and the form with it. */
  function closeSent() {
    setSent(null);
    setOpen(false);
  }

  return (
    // Not a labelled region: its name ("Need a larger quantity?") would also answer to the order
    // form's "Quantity" label for anyone finding fields by their label.
    <section data-testid="quote-request" className="mt-10 max-w-xl">
      <h2 className="text-xl font-semibold text-slate-900">{words.heading}</h2>
      <p className="mt-1 text-sm text-slate-600">{words.intro}</p>
      {!open ? (
        <button type="button" className="btn-secondary mt-4" onClick={() => setOpen(true)}>
          {words.open}
        </button>
      ) : (
        <form
          id={`${sectionId}-form`}
          onSubmit={onSubmit}
          noValidate
          className="mt-4 space-y-4"
          aria-label={words.formLabel}
        >
          <Field
            id="quote-quantity"
            label={words.quantity}
            hint={words.quantityHint({ minimum, multiple })}
            error={errors.quantity?.message}
          >
            <input
              type="number"
              inputMode="numeric"
              min={minimum}
              step={multiple}
              required
              autoFocus
              {...register('quantity')}
            />
          </Field>
          <QuoteRequestFields
            idPrefix="quote"
            earliestDay={localToday()}
            register={register}
            errors={errors}
          />
          <FormError message={formError} />
          <div className="flex flex-wrap gap-3">
            <button type="submit" className="btn-primary" disabled={isSubmitting}>
              {isSubmitting ? quotesWording.sending : words.send}
            </button>
            <button
              type="button"
              className="btn-secondary"
              onClick={() => {
                setOpen(false);
                setFormError(null);
              }}
            >
              {words.cancel}
            </button>
          </div>
        </form>
      )}
      <Dialog
        open={sent !== null}
        title={quotesWording.requested.title}
        icon="success"
        onClose={closeSent}
        actions={
          <>
            <Link href="/dashboard/quotes" className="btn-primary">
              {quotesWording.requested.viewQuotes}
            </Link>
            <button type="button" className="btn-secondary" onClick={closeSent}>
              {quotesWording.requested.ok}
            </button>
          </>
        }
      >
        <span className="block font-medium text-slate-900">{sent}</span>
        {notices.quoteRequested}
      </Dialog>
    </section>
  );
}
