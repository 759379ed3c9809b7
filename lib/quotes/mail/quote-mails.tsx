import type { ComponentType } from 'react';
import type { QuoteMailData } from '@/lib/quotes/mail/quote-data';
import { mailOrigin, renderMail, type RenderedMail } from '@/lib/core/mail/render';
import { formatMoney } from '@/lib/core/money';
import type { QuoteMailProps } from '@/lib/quotes/mail/templates/quote-parts';
import QuoteAnsweredMail from '@/lib/quotes/mail/templates/quote-answered';
import QuoteDeclinedMail from '@/lib/quotes/mail/templates/quote-declined';
import QuoteRequestedStoreMail from '@/lib/quotes/mail/templates/quote-requested-store';

/** What a quote asks, in a subject: `50,000 × Hex bolt`, or `3 parts of an order list`. */
function asked(quote: QuoteMailData): string {
  return quote.lines
    ? `${quote.lines.length} ${quote.lines.length === 1 ? 'part' : 'parts'} of an order list`
    : `${quote.quantity.toLocaleString('en-US')} × ${quote.product.name}`;
}

/** The price of an answer, in a subject: `$0.11 a unit`, or `$1,234.00 in all` for a list. */
function answeredPrice(quote: QuoteMailData): string {
  if (!quote.answer) return '';
  return quote.answer.unitPriceCents === null
    ? `${formatMoney(quote.answer.totalCents)} in all`
    : `${formatMoney(quote.answer.unitPriceCents)} a unit`;
}

/**
 * The subject of every quote mail, naming the quote's reference and product: the store's own
 * words only (the buyer's name, which they typed, is in the body).
 */
export const quoteMailSubjects = {
  'quote.requested.store': (quote) => `Quote requested ${quote.reference}: ${asked(quote)}`,
  'quote.answered': (quote, store) =>
    `Your ${store} quote ${quote.reference} for ${quote.product.name}: ${answeredPrice(quote)}`,
  'quote.declined': (quote, store) =>
    `Your ${store} quote ${quote.reference} for ${quote.product.name} was declined`,
} satisfies Record<string, (quote: QuoteMailData, storeName: string) => string>;

export type QuoteMailKind = keyof typeof quoteMailSubjects;

const templates: Record<QuoteMailKind, ComponentType<QuoteMailProps>> = {
  'quote.requested.store': QuoteRequestedStoreMail,
  'quote.answered': QuoteAnsweredMail,
  'quote.declined': QuoteDeclinedMail,
};

/** Which quote mails go to the store (ORDERS_TO); the others go to the buyer. */
export const storeQuoteMails: ReadonlySet<QuoteMailKind> = new Set(['quote.requested.store']);

/** Renders one quote mail: subject, HTML and text, every link absolute on `origin`. */
export async function renderQuoteMail(
  kind: QuoteMailKind,
  quote: QuoteMailData,
  { origin, storeName }: { origin: string; storeName: string },
): Promise<RenderedMail> {
  const Template = templates[kind];
  const { html, text } = await renderMail(
    <Template quote={quote} storeName={storeName} origin={mailOrigin(origin)} />,
  );
  return { subject: quoteMailSubjects[kind](quote, storeName), html, text };
}
