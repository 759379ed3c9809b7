'use client';

import { useState, type FormEvent, type ReactNode } from 'react';
import { useRouter } from 'next/navigation';
import type { DefaultValues, FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { useLazyForm } from '@/components/forms/useLazyForm';
import { FormDialog } from '@/components/ui/Dialog';
import { Field } from '@/components/ui/Field';
import { toast } from '@/components/ui/toast';
import { callApi, type ApiResult } from '@/lib/client/api';
import { applyFieldErrors } from '@/lib/client/form-errors';
import { lazyZodResolver, type LazyResolver } from '@/lib/client/lazy-resolver';
import { dayFromNow } from '@/lib/core/dates';
import { notices } from '@/lib/core/messages';
import type { Quote } from '@/lib/quotes';
import type {
  QuoteAnswerFormInput,
  QuoteAnswerFormValues,
  QuoteDeclineFormValues,
  QuoteListAnswerFormInput,
  QuoteListAnswerFormValues,
} from '@/lib/quotes/schemas';

/**
 * An admin's decisions on a quote in the quotes table: the Answer dialog (a unit price and the
 * last day it holds; for a quote of an order list, one unit price per line) and the Decline
 * dialog (a reason), each PATCH /api/quotes/{id}.
 */

/** The dialogs' zod schemas, loaded once the page is up (lib/client/lazy-resolver.ts). */
const answerResolver = lazyZodResolver<QuoteAnswerFormInput, QuoteAnswerFormValues>(() =>
  import('@/lib/quotes/schemas').then((module) => module.quoteAnswerFormSchema),
);
const listAnswerResolver = lazyZodResolver<QuoteListAnswerFormInput, QuoteListAnswerFormValues>(
  () => import('@/lib/quotes/schemas').then((module) => module.quoteListAnswerFormSchema),
);
const declineResolver = lazyZodResolver<QuoteDeclineFormValues>(() =>
  import('@/lib/quotes/schemas').then((module) => module.quoteDeclineFormSchema),
);

async function patchQuote(id: string, body: unknown) {
  return callApi(`/api/quotes/${id}`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/**
 * After an admin's answer or decline: on success its notice, the dialog closed and the table
 * fresh; a field error stays in the dialog, on its field; anything else (the quote changed
 * meanwhile) is a toast, and the table is refreshed.
 */
function settleDecision<T extends FieldValues>(
  result: ApiResult<unknown>,
  {
    notice,
    fields,
    setError,
    close,
    refresh,
  }: {
    notice: string;
    fields: readonly FieldPath<T>[];
    setError: UseFormSetError<T>;
    close: () => void;
    refresh: () => void;
  },
): void {
  if (result.ok) {
    toast.success(notice);
    close();
    refresh();
    return;
  }
  if (fields.some((field) => result.fields?.[field])) {
    applyFieldErrors(setError, result, fields);
    return;
  }
  toast.error(result.message);
  close();
  refresh();
}

/** The button that opens an admin's decision on a quote, and the dialog with its form. */
function DecisionDialog({
  quote,
  verb,
  buttonClassName,
  submitLabel,
  open,
  onOpen,
  onClose,
  onSubmit,
  isSubmitting,
  children,
}: {
  quote: Quote;
  verb: 'Answer' | 'Decline';
  buttonClassName: string;
  submitLabel: string;
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  isSubmitting: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <button
        type="button"
        className={`${buttonClassName} px-3 py-1 text-xs`}
        aria-haspopup="dialog"
        aria-label={`${verb} quote ${quote.reference}`}
        onClick={onOpen}
      >
        {verb}
      </button>
      <FormDialog
        open={open}
        title={`${verb} quote ${quote.reference}`}
        onClose={onClose}
        onSubmit={onSubmit}
        isSubmitting={isSubmitting}
        submitLabel={submitLabel}
        busyLabel="Sending…"
      >
        {children}
      </FormDialog>
    </>
  );
}

/**
 * What an admin's Answer and Decline share: the form on its lazily loaded schema, the dialog's
 * open state, closing it (which resets the form), and sending the decision
 * (PATCH /api/quotes/{id}), settled by `settleDecision`.
 */
function useDecision<TInput extends FieldValues, TValues extends FieldValues>(
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
    settleDecision(await patchQuote(quote._id, { action, ...toBody(values) }), {
      notice,
      fields,
      setError: form.setError,
      close,
      refresh: () => router.refresh(),
    });
  });
  return {
    register: form.register,
    errors: form.errors,
    dialog: {
      open,
      onOpen: () => setOpen(true),
      onClose: close,
      onSubmit,
      isSubmitting: form.isSubmitting,
    },
  };
}

/**
 * The admin's Answer dialog: a unit price in dollars and the last day it holds; a quote of
 * several lines (an order list) lists its lines, each with its own unit price.
 */
export function AnswerButton({ quote }: { quote: Quote }) {
  return quote.lines.length > 1 ? <ListAnswer quote={quote} /> : <OneAnswer quote={quote} />;
}

/** A unit price as the dialog shows it to be typed over: `0.11`, or empty before an answer. */
function typedPrice(cents: number | null): string {
  return cents === null ? '' : (cents / 100).toFixed(2);
}

function OneAnswer({ quote }: { quote: Quote }) {
  const { register, errors, dialog } = useDecision(quote, answerResolver, {
    action: 'answer',
    notice: notices.quoteAnswered,
    fields: ['unitPrice', 'validUntil'],
    defaultValues: {
      unitPrice: typedPrice(quote.lines[0]?.unitPriceCents ?? null),
      validUntil: dayFromNow(14),
    },
  });
  return (
    <DecisionDialog
      quote={quote}
      verb="Answer"
      buttonClassName="btn-primary"
      submitLabel="Send answer"
      {...dialog}
    >
      <p className="text-sm text-slate-600">
        {quote.quantity.toLocaleString('en-US')} × {quote.productName}
      </p>
      <Field
        id={`answer-${quote._id}-price`}
        label="Unit price ($)"
        error={errors.unitPrice?.message}
      >
        <input
          type="text"
          inputMode="decimal"
          autoComplete="off"
          autoFocus
          {...register('unitPrice')}
        />
      </Field>
      <Field
        id={`answer-${quote._id}-valid`}
        label="Valid until"
        hint="The answer holds through the end of this day (UTC)."
        error={errors.validUntil?.message}
      >
        <input type="date" min={dayFromNow(0)} {...register('validUntil')} />
      </Field>
    </DecisionDialog>
  );
}

/** The Answer dialog of a quote for an order list: every line with its own unit price. */
function ListAnswer({ quote }: { quote: Quote }) {
  const { register, errors, dialog } = useDecision(quote, listAnswerResolver, {
    action: 'answer',
    notice: notices.quoteAnswered,
    fields: ['validUntil'],
    defaultValues: {
      unitPrices: quote.lines.map((line) => ({ value: typedPrice(line.unitPriceCents) })),
      validUntil: dayFromNow(14),
    },
    toBody: (values) => ({
      unitPrices: values.unitPrices.map((price) => price.value),
      validUntil: values.validUntil,
    }),
  });
  return (
    <DecisionDialog
      quote={quote}
      verb="Answer"
      buttonClassName="btn-primary"
      submitLabel="Send answer"
      {...dialog}
    >
      <p className="text-sm text-slate-600">
        {quote.lines.length} parts, {quote.quantity.toLocaleString('en-US')} units in all. Give each
        line its unit price.
      </p>
      <ol className="max-h-[50vh] space-y-3 overflow-y-auto pr-1" aria-label="Lines of the quote">
        {quote.lines.map((line, index) => (
          <li key={line.productId} data-testid="quote-answer-line">
            <Field
              id={`answer-${quote._id}-price-${index}`}
              label={
                <>
                  Unit price ($): {line.quantity.toLocaleString('en-US')} × {line.name}
                  {line.sku ? (
                    <span className="block text-xs font-normal text-slate-600">{line.sku}</span>
                  ) : null}
                </>
              }
              error={errors.unitPrices?.[index]?.value?.message}
            >
              <input
                type="text"
                inputMode="decimal"
                autoComplete="off"
                autoFocus={index === 0}
                {...register(`unitPrices.${index}.value`)}
              />
            </Field>
          </li>
        ))}
      </ol>
      <Field
        id={`answer-${quote._id}-valid`}
        label="Valid until"
        hint="The answer holds through the end of this day (UTC)."
        error={errors.validUntil?.message}
      >
        <input type="date" min={dayFromNow(0)} {...register('validUntil')} />
      </Field>
    </DecisionDialog>
  );
}

/** The admin's Decline dialog: the reason the buyer is mailed. */
export function DeclineButton({ quote }: { quote: Quote }) {
  const { register, errors, dialog } = useDecision(quote, declineResolver, {
    action: 'decline',
    notice: notices.quoteDeclined,
    fields: ['reason'],
    defaultValues: { reason: '' },
  });
  return (
    <DecisionDialog
      quote={quote}
      verb="Decline"
      buttonClassName="btn-secondary"
      submitLabel="Decline quote"
      {...dialog}
    >
      <Field
        id={`decline-${quote._id}-reason`}
        label="Reason"
        hint="Mailed to the buyer. At most 500 characters."
        error={errors.reason?.message}
      >
        <textarea rows={3} maxLength={500} autoFocus {...register('reason')} />
      </Field>
    </DecisionDialog>
  );
}
