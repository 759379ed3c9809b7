import 'server-only';
import { loadOrderMailKinds, type OrderMailKind } from '@/lib/orders';
import { loadQuoteMailKinds, type QuoteMailKind } from '@/lib/quotes';

/**
 * The store's outbox as a whole: the kernel's engine (lib/core/mail/outbox.ts) with the mail
 * kinds of every feature that queues mails (orders, quotes). Each feature registers its own
 * kinds with the engine when its collection is declared (so a drain sends the mails of every
 * feature loaded in the process); this module loads all of them at once, for tests and scripts
 * that look at the registry as a whole.
 */

/** Every kind of mail that can be queued (`queueMail`). */
export type MailKind = OrderMailKind | QuoteMailKind;

/** The kinds of every collection with an outbox, loaded (templates included). */
export async function loadOutboxRegistry() {
  const [orders, quotes] = await Promise.all([loadOrderMailKinds(), loadQuoteMailKinds()]);
  return { orders, quotes };
}

export const outboxRegistry = await loadOutboxRegistry();
