import type { ComponentType } from 'react';
import type { QuoteMailData } from '@/lib/quotes/mail/quote-data';
import { mailOrigin, renderMail, type RenderedMail } from '@/lib/core/mail/render';
import { formatMoney } from '@/lib/core/money';
import type { QuoteMailProps } from '@/lib/quotes/mail/templates/quote-parts';
import QuoteAnsweredMail from '@/lib/quotes/mail/templates/quote-answered';
import QuoteDeclinedMail from '@/lib/quotes/mail/templates/quote-declined';
import QuoteRequestedStoreMail from '@/lib/quotes/mail/templates/quote-requested-store';

/** The subject of every quote mail, naming the quote's reference and product. */
export const quoteMailSubjects = {
  'quote.requested.store': (quote) =>
    `Quote requested ${quote.reference}: ${quote.quantity.toLocaleString('en-US')} × ${quote.product.name} for ${quote.buyer.name}`,
  'quote.answered': (quote, store) =>
    `Your ${store} quote ${quote.reference} for ${quote.product.name}: ${quote.answer ? formatMoney(quote.answer.unitPriceCents) : ''} a unit`,
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
