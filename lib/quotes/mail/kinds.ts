import 'server-only';
import { ordersRecipient } from '@/lib/core/mail';
import { outboxKinds, type MailRenderer } from '@/lib/core/mail/outbox';
import { storeName } from '@/lib/core/site';
import type { QuoteDoc } from '../collections';
import { quoteMailData } from './quote-data';
import { renderQuoteMail, storeQuoteMails, type QuoteMailKind } from './quote-mails';

/**
 * What each kind of quote mail sends: the quotes' part of the outbox registry, registered with
 * the kernel's outbox engine by lib/quotes/index.ts and loaded only
 * when a drain needs it.
 */

/** A quote mail from the quote as it is now: to the buyer, or to the store (ORDERS_TO). */
function quoteMail(kind: QuoteMailKind): MailRenderer<QuoteDoc> {
  return async (doc, entry) => {
    const quote = quoteMailData(doc);
    const mail = await renderQuoteMail(kind, quote, { origin: entry.origin, storeName });
    return { to: storeQuoteMails.has(kind) ? ordersRecipient() : doc.email, ...mail };
  };
}

export const quoteMailKinds = outboxKinds<QuoteDoc>({
  'quote.requested.store': quoteMail('quote.requested.store'),
  'quote.answered': quoteMail('quote.answered'),
  'quote.declined': quoteMail('quote.declined'),
});
