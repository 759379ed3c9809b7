import {
  absoluteLink,
  Facts,
  InlineLink,
  Lines,
  mailPaths,
  moment,
  money,
  Paragraph,
  Subheading,
  units,
} from '@/lib/core/mail/parts';
import type { QuoteMailData } from '@/lib/quotes/mail/quote-data';

/** What every quote mail is given: the quote, the store's name, the origin of its links. */
export interface QuoteMailProps {
  quote: QuoteMailData;
  storeName: string;
  origin: string;
}

/** The quotes page, where buyers and admins follow every quote. */
export const quotesPath = '/dashboard/quotes';

/** A day as mails show it: `December 3, 2026` (days are UTC days). */
export function day(date: Date): string {
  return date.toLocaleDateString('en-US', { timeZone: 'UTC', dateStyle: 'long' });
}

/** The facts of a quote: what is asked, for when, where it goes, and the price once answered. */
export function QuoteSummary({ quote }: { quote: QuoteMailData }) {
  return (
    <>
      <Subheading>Quote</Subheading>
      <Facts
        rows={[
          ['Reference', quote.reference],
          ['Requested', moment(quote.requestedAt)],
          ['Part number', quote.product.partNumber],
          ['Product', quote.product.name],
          ['Quantity', units(quote.quantity)],
          ['Needed by', quote.neededBy ? day(quote.neededBy) : null],
          ['Unit price', quote.answer ? money(quote.answer.unitPriceCents) : null],
          [
            'Total',
            quote.answer ? <strong key="total">{money(quote.answer.totalCents)}</strong> : null,
          ],
          [
            'Valid until',
            quote.answer ? `${day(quote.answer.validUntil)} (end of day, UTC)` : null,
          ],
        ]}
      />
      {quote.note ? (
        <>
          <Subheading>Note</Subheading>
          <Lines text={quote.note} />
        </>
      ) : null}
      <Subheading>Delivery address</Subheading>
      <Lines text={quote.deliveryAddress} />
    </>
  );
}

/** The closing paragraph: where to ask about the quote. */
export function QuoteQuestions({ quote, origin }: { quote: QuoteMailData; origin: string }) {
  return (
    <Paragraph>
      Questions about this quote? Write to us through the{' '}
      <InlineLink href={absoluteLink(origin, mailPaths.contact)}>contact form</InlineLink> and
      mention {quote.reference}.
    </Paragraph>
  );
}
