import type { ReactNode } from 'react';
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
import type { QuoteMailData, QuoteMailLine } from '@/lib/quotes/mail/quote-data';

/** What every quote mail is given: the quote, the store's name, the origin of its links. */
export interface QuoteMailProps {
  quote: QuoteMailData;
  storeName: string;
  origin: string;
}

/** The quotes page, where buyers and admins follow every quote. */
export const quotesPath = '/dashboard/quotes';

/** The most lines a quote mail lists; the rest are on the quotes page. */
export const MAIL_QUOTE_LINES = 20;

/** One line of a list quote: `50,000 × $0.11 = $5,500.00`, or the units until answered. */
function lineValue(line: QuoteMailLine): string {
  if (line.unitPriceCents === null || line.totalCents === null) return units(line.quantity);
  return `${units(line.quantity)} × ${formatMoney(line.unitPriceCents)} = ${formatMoney(line.totalCents)}`;
}

/** The lines of a quote for an order list: at most MAIL_QUOTE_LINES, then "and N more". */
function QuoteLines({ lines, origin }: { lines: QuoteMailLine[]; origin: string }) {
  const shown = lines.slice(0, MAIL_QUOTE_LINES);
  const more = lines.length - shown.length;
  return (
    <>
      <Subheading>Parts</Subheading>
      <Facts
        rows={shown.map((line, index): [string, string] => [
          `${index + 1}. ${line.partNumber ? `${line.partNumber} ` : ''}${line.name}`,
          lineValue(line),
        ])}
      />
      {more > 0 ? (
        <Paragraph>
          {`and ${more} more ${more === 1 ? 'part' : 'parts'}: see them all on the `}
          <InlineLink href={absoluteLink(origin, quotesPath)}>quotes page</InlineLink>.
        </Paragraph>
      ) : null}
    </>
  );
}

type Row = [label: string, value: ReactNode | null];

/** The facts of a quote: what is asked, for when, where it goes, and the price once answered. */
export function QuoteSummary({ quote, origin = '' }: { quote: QuoteMailData; origin?: string }) {
  const lines = quote.lines;
  // A quote for an order list: its parts and units here, each line in its own table below.
  const asked: Row[] = lines
    ? [
        ['Parts', String(lines.length)],
        ['Units', units(quote.quantity)],
      ]
    : [
        ['Part number', quote.product.partNumber],
        ['Product', quote.product.name],
        ['Quantity', units(quote.quantity)],
      ];
  const unitPrice: Row[] = lines
    ? []
    : [
        [
          'Unit price',
          quote.answer?.unitPriceCents != null ? formatMoney(quote.answer.unitPriceCents) : null,
        ],
      ];
  return (
    <>
      <Subheading>Quote</Subheading>
      <Facts
        rows={[
          ['Reference', quote.reference],
          ['Requested', formatMoment(quote.requestedAt)],
          ...asked,
          ['Needed by', quote.neededBy ? formatDay(quote.neededBy) : null],
          ...unitPrice,
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
      {lines ? <QuoteLines lines={lines} origin={origin} /> : null}
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

/** What a quote asks, in a sentence: `50,000 × Hex bolt`, or `the 3 parts of your order list`. */
export function askedWords(quote: QuoteMailData, whose: 'your' | 'their'): string {
  if (!quote.lines) return `${units(quote.quantity)} × ${quote.product.name}`;
  const count = quote.lines.length;
  return `the ${count} ${count === 1 ? 'part' : 'parts'} of ${whose} order list`;
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
