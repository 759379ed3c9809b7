import type { ReactNode } from 'react';
import { ActionButton, absoluteLink, MailLayout, Rule } from '@/lib/core/mail/parts';
import {
  QuoteQuestions,
  QuoteSummary,
  quotesPath,
  type QuoteMailProps,
} from '@/lib/quotes/mail/templates/quote-parts';

/**
 * A mail to the buyer about their quote: what the store says (`children`), a button to the
 * quotes page (`action`), the quote's facts, and where to ask about it.
 */
export function BuyerQuoteMail({
  quote,
  storeName,
  origin,
  preview,
  heading,
  action,
  children,
}: QuoteMailProps & { preview: string; heading: string; action: string; children: ReactNode }) {
  return (
    <MailLayout storeName={storeName} origin={origin} preview={preview} heading={heading}>
      {children}
      <ActionButton href={absoluteLink(origin, quotesPath)}>{action}</ActionButton>
      <QuoteSummary quote={quote} origin={origin} />
      <Rule />
      <QuoteQuestions quote={quote} origin={origin} />
    </MailLayout>
  );
}
