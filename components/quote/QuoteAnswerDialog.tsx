'use client';

import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from '@/components/ui/Field';
import type { FormDialogState } from '@/components/ui/FormDialogButton';
import { lazyZodResolver } from '@/lib/client/lazy-resolver';
import { dayFromNow } from '@/lib/core/dates';
import { quotesWording } from '@/lib/core/b2b-wording/quotes';
import { notices } from '@/lib/core/notices';
import type { Quote } from '@/lib/quotes';
import type {
  QuoteAnswerFormInput,
  QuoteAnswerFormValues,
  QuoteListAnswerFormInput,
  QuoteListAnswerFormValues,
} from '@/lib/quotes/schemas';
import { QuoteDecisionDialog, useQuoteDecision } from './QuoteDecision';
import { QuoteLinePrices, unitPriceInput } from './QuoteLinePrices';

const words = quotesWording.answer;

/** The dialogs' zod schemas, loaded once the page is up (lib/client/lazy-resolver.ts). */
const answerResolver = lazyZodResolver<QuoteAnswerFormInput, QuoteAnswerFormValues>(() =>
  import('@/lib/quotes/schemas').then((module) => module.quoteAnswerFormSchema),
);
const listAnswerResolver = lazyZodResolver<QuoteListAnswerFormInput, QuoteListAnswerFormValues>(
  () => import('@/lib/quotes/schemas').then((module) => module.quoteListAnswerFormSchema),
);

/**
 * The admin's Answer dialog in the quotes table: a unit price in dollars and the last day it
 * holds; a quote of several lines (an order list) lists its lines, each with its own unit price.
 */
export function AnswerButton({ quote }: { quote: Quote }) {
  return quote.lines.length > 1 ? <ListAnswer quote={quote} /> : <OneAnswer quote={quote} />;
}

/** What every answer is: its action, and the notice once it is sent. */
const answering = { action: 'answer', notice: notices.quoteAnswered } as const;

/** A unit price as the dialog shows it to be typed over: `0.11`, or empty before an answer. */
function typedPrice(cents: number | null): string {
  return cents === null ? '' : (cents / 100).toFixed(2);
}

/**
 * The Answer button and dialog of a quote: what the quote asks for (`children`), then the last
 * day the answer holds, today at the earliest.
 */
function AnswerDialog({
  quote,
  form: { register, errors, dialog },
  children,
}: {
  quote: Quote;
  /** The answer's form (useQuoteDecision), which has a `validUntil` field. */
  form: {
    register: (name: 'validUntil') => UseFormRegisterReturn;
    errors: { validUntil?: { message?: string } };
    dialog: FormDialogState;
  };
  children: ReactNode;
}) {
  return (
    <QuoteDecisionDialog quote={quote} decision="answer" buttonClassName="btn-primary" {...dialog}>
      {children}
      <Field
        id={`answer-${quote._id}-valid`}
        label={words.validUntil}
        hint={words.validUntilHint}
        error={errors.validUntil?.message}
      >
        <input type="date" min={dayFromNow(0)} {...register('validUntil')} />
      </Field>
    </QuoteDecisionDialog>
  );
}

function OneAnswer({ quote }: { quote: Quote }) {
  const answer = useQuoteDecision(quote, answerResolver, {
    ...answering,
    fields: ['unitPrice', 'validUntil'],
    defaultValues: {
      unitPrice: typedPrice(quote.lines[0]?.unitPriceCents ?? null),
      validUntil: dayFromNow(14),
    },
  });
  return (
    <AnswerDialog quote={quote} form={answer}>
      <p className="text-sm text-slate-600">
        {words.asked({ quantity: quote.quantity, name: quote.productName })}
      </p>
      <Field
        id={`answer-${quote._id}-price`}
        label={words.unitPrice}
        error={answer.errors.unitPrice?.message}
      >
        <input {...unitPriceInput} autoFocus {...answer.register('unitPrice')} />
      </Field>
    </AnswerDialog>
  );
}

/** The Answer dialog of a quote for an order list: every line with its own unit price. */
function ListAnswer({ quote }: { quote: Quote }) {
  const answer = useQuoteDecision(quote, listAnswerResolver, {
    ...answering,
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
    <AnswerDialog quote={quote} form={answer}>
      <p className="text-sm text-slate-600">
        {words.listIntro({ parts: quote.lines.length, units: quote.quantity })}
      </p>
      <QuoteLinePrices quote={quote} register={answer.register} errors={answer.errors.unitPrices} />
    </AnswerDialog>
  );
}
