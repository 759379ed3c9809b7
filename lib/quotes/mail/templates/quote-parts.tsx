import {
  absoluteLink,
  Facts,
  InlineLink,
  Lines,
  mailPaths,
  Paragraph,
  Subheading,
  units,
} from '@/lib/core/mail/parts';
import { formatDay, formatMoment } from '@/lib/core/dates';
import { formatMoney } from '@/lib/core/money';
import type { QuoteMailData } from '@/lib/quotes/mail/quote-data';

/** What every quote mail is given: the quote, the store's name, the origin of its links. */
export interface QuoteMailProps {
  quote: QuoteMailData;
  storeName: string;
  origin: string;
}

/** The quotes page, where buyers and admins follow every quote. */
export const quotesPath = '/dashboard/quotes';

/** The facts of a quote: what is asked, for when, where it goes, and the price once answered. */
export function QuoteSummary({ quote }: { quote: QuoteMailData }) {
  return (
    <>
      <Subheading>Quote</Subheading>
      <Facts
        rows={[
          ['Reference', quote.reference],
          ['Requested', formatMoment(quote.requestedAt)],
          ['Part number', quote.product.partNumber],
          ['Product', quote.product.name],
          ['Quantity', units(quote.quantity)],
          ['Needed by', quote.neededBy ? formatDay(quote.neededBy) : null],
          ['Unit price', quote.answer ? formatMoney(quote.answer.unitPriceCents) : null],
          [
            'Total',
            quote.answer ? (
              <strong key="total">{formatMoney(quote.answer.totalCents)}</strong>
            ) : null,
          ],
          [
            'Valid until',
            quote.answer ? `${formatDay(quote.answer.validUntil)} (end of day, UTC)` : null,
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
