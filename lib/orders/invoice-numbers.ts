import 'server-only';
import { takeCounterValue } from '@/lib/core/counters';
import { findOrder, setInvoiceNumbers, type OrderRecord } from './store';

/**
 * Invoice numbers: `INV-2026-000001`, the UTC year of the payment and a sequence that starts
 * again at 1 each year (one counter per year, key `invoice-2026`). A number is issued once per
 * order, when it is paid, and never reused or changed; a unique index on `orders.invoiceNumber`
 * guards it. Past 999999 in a year the sequence grows a seventh digit.
 *
 * No gaps, without transactions. A plain `$inc` followed by a write to the order loses a
 * number whenever the second write does not happen: a crash in between, or a concurrent
 * request for the same order (a replayed webhook racing the browser's report) that got there
 * first. Instead, taking a number is one atomic update of the counter that also records which
 * order took it, and only if that order is not among its latest holders
 * (`takeCounterValue`). So:
 * - concurrent or repeated requests for one order take one number: the later ones find the
 *   order among the holders and get the same number back;
 * - a number is written to its order with a conditional update (only where none exists), by its
 *   taker and, in the same round trip, by each of the next four takers for the holders just
 *   before them: a taker that stopped between the two writes has its number completed by the
 *   next payment, or when its order's invoice is asked for. A number is lost only if five
 *   payments in a row each stop at that instant.
 * Numbers follow the order in which payments took them. Takers wait only for the counter
 * document's write lock (no retries), so a burst of payments costs one update each.
 */

const PREFIX = 'INV';

/** The year an invoice carries: the UTC year of its payment (of the order, if never stored). */
export function invoiceYear(order: Pick<OrderRecord, 'paidAt' | 'createdAt'>): number {
  return new Date(order.paidAt ?? order.createdAt).getUTCFullYear();
}

/** The counter that numbers one year's invoices. */
export function invoiceCounterKey(year: number): string {
  return `invoice-${year}`;
}

/** `INV-2026-000042` */
export function formatInvoiceNumber(year: number, seq: number): string {
  return `${PREFIX}-${year}-${String(seq).padStart(6, '0')}`;
}

/**
 * The invoice number of a paid order, or of an order on account whose invoice is drawn (lib/billing),
 * issued now if it has none yet; null when the order does not exist or is neither. Safe to call any number of times, concurrently, from any process.
 */
export async function issueInvoiceNumber(orderId: string): Promise<string | null> {
  const order = await findOrder(orderId);
  // A paid order, or an order on account whose invoice is drawn (it is numbered then).
  if (!order?.paid && !order?.account?.invoiceId) return null;
  if (order.invoiceNumber) return order.invoiceNumber;

  const year = invoiceYear(order);
  const { holders } = await takeCounterValue(invoiceCounterKey(year), orderId);
  await setInvoiceNumbers(
    holders.map(({ target, value }) => ({
      orderId: target,
      invoiceNumber: formatInvoiceNumber(year, value),
    })),
  );
  // What the order holds now: its own number, whoever wrote it.
  return (await findOrder(orderId))?.invoiceNumber ?? null;
}
