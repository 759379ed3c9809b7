import 'server-only';
import { loadBillingMailKinds, type BillingMailKind } from '@/lib/billing';
import { loadCartMailKinds, type CartMailKind } from '@/lib/cart';
import { loadCompanyMailKinds, type CompanyMailKind } from '@/lib/companies';
import { loadOrderMailKinds, type OrderMailKind } from '@/lib/orders';
import { loadQuoteMailKinds, type QuoteMailKind } from '@/lib/quotes';

/**
 * The store's outbox as a whole: the kernel's engine (lib/core/mail/outbox.ts) with the mail
 * kinds of every feature that queues mails (orders, quotes, company invitations, invoices, order lists sent to a colleague). Each feature
 * registers its own kinds with the engine when its mail-queuing module loads (so a drain sends
 * the mails of every feature loaded in the process); this module loads all of them at once:
 * instrumentation.ts imports it before the first request, tests and scripts read the registry
 * as a whole.
 */

/** Every kind of mail that can be queued (`queueMail`). */
export type MailKind =
  OrderMailKind | QuoteMailKind | CompanyMailKind | BillingMailKind | CartMailKind;

/** The kinds of every collection with an outbox, loaded (templates included). */
export async function loadOutboxRegistry() {
  const [orders, quotes, companyInvitations, accountInvoices, carts] = await Promise.all([
    loadOrderMailKinds(),
    loadQuoteMailKinds(),
    loadCompanyMailKinds(),
    loadBillingMailKinds(),
    loadCartMailKinds(),
  ]);
  return { orders, quotes, companyInvitations, accountInvoices, carts };
}

export const outboxRegistry = await loadOutboxRegistry();
