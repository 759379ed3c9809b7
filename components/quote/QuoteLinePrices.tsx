'use client';

import type { FieldErrors, UseFormRegisterReturn } from 'react-hook-form';
import { Field } from '@/components/ui/Field';
import { quotesWording } from '@/lib/core/b2b-wording/quotes';
import type { Quote } from '@/lib/quotes';
import type { QuoteListAnswerFormInput } from '@/lib/quotes/schemas';

/**
 * The unit price input's own attributes, as the admin types a price: decimal, not filled in by
 * the browser. Spread on the `<input>` itself, the direct child of its Field (which gives it its
 * id, class and ARIA attributes).
 */
export const unitPriceInput = { type: 'text', inputMode: 'decimal', autoComplete: 'off' } as const;

/**
 * The lines of a quote for an order list in its Answer dialog: each line's quantity, name and
 * SKU over the field for its own unit price (`unitPrices.{index}.value` of the form).
 */
export function QuoteLinePrices({
  quote,
  register,
  errors,
}: {
  quote: Quote;
  register: (name: `unitPrices.${number}.value`) => UseFormRegisterReturn;
  /** The form's errors of `unitPrices`, line by line. */
  errors: FieldErrors<QuoteListAnswerFormInput>['unitPrices'];
}) {
  return (
    <ol
      className="max-h-[50vh] space-y-3 overflow-y-auto pr-1"
      aria-label={quotesWording.answer.linesLabel}
    >
      {quote.lines.map((line, index) => (
        <li key={line.productId} data-testid="quote-answer-line">
          <Field
            id={`answer-${quote._id}-price-${index}`}
            label={
              <>
                {quotesWording.answer.linePrice(line)}
                {line.sku ? (
                  <span className="block text-xs font-normal text-slate-600">{line.sku}</span>
                ) : null}
              </>
            }
            error={errors?.[index]?.value?.message}
          >
            <input
              {...unitPriceInput}
              autoFocus={index === 0}
              {...register(`unitPrices.${index}.value`)}
            />
          </Field>
        </li>
      ))}
    </ol>
  );
}
