'use client';

import { Field } from '@/components/ui/Field';
import { lazyZodResolver } from '@/lib/client/lazy-resolver';
import { quotesWording } from '@/lib/core/b2b-wording/quotes';
import { notices } from '@/lib/core/notices';
import type { Quote } from '@/lib/quotes';
import type { QuoteDeclineFormValues } from '@/lib/quotes/schemas';
import { QuoteDecisionDialog, useQuoteDecision } from './QuoteDecision';

/** The dialog's zod schema, loaded once the page is up (lib/client/lazy-resolver.ts). */
const declineResolver = lazyZodResolver<QuoteDeclineFormValues>(() =>
  import('@/lib/quotes/schemas').then((module) => module.quoteDeclineFormSchema),
);

const words = quotesWording.decline;

/** The longest reason the store takes (lib/quotes/validation/quote.ts). */
const REASON_MAX = 500;

/** The admin's Decline dialog in the quotes table: the reason the buyer is mailed. */
export function DeclineButton({ quote }: { quote: Quote }) {
  const { register, errors, dialog } = useQuoteDecision(quote, declineResolver, {
    action: 'decline',
    notice: notices.quoteDeclined,
    fields: ['reason'],
    defaultValues: { reason: '' },
  });
  return (
    <QuoteDecisionDialog
      quote={quote}
      decision="decline"
      buttonClassName="btn-secondary"
      {...dialog}
    >
      <Field
        id={`decline-${quote._id}-reason`}
        label={words.reason}
        hint={words.reasonHint(REASON_MAX)}
        error={errors.reason?.message}
      >
        <textarea rows={3} maxLength={REASON_MAX} autoFocus {...register('reason')} />
      </Field>
    </QuoteDecisionDialog>
  );
}
