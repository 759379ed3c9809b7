'use client';

import { Field } from '@/components/ui/Field';
import { lazyZodResolver } from '@/lib/client/lazy-resolver';
import { notices } from '@/lib/core/messages';
import type { Quote } from '@/lib/quotes';
import type { QuoteDeclineFormValues } from '@/lib/quotes/schemas';
import { QuoteDecisionDialog, useQuoteDecision } from './QuoteDecision';

/** The dialog's zod schema, loaded once the page is up (lib/client/lazy-resolver.ts). */
const declineResolver = lazyZodResolver<QuoteDeclineFormValues>(() =>
  import('@/lib/quotes/schemas').then((module) => module.quoteDeclineFormSchema),
);

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
    </QuoteDecisionDialog>
  );
}
