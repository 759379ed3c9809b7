import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { formatDateTime } from '@/lib/core/dates';
import { approvalState, OrderApprovalNote } from '@/components/approvals/OrderApprovalNote';
import { InvoiceLink } from '@/components/order/InvoiceLink';
import { OrderLinesTable } from '@/components/order/OrderLinesTable';
import { StatusBadge } from '@/components/order/StatusBadge';
import { ProductPicture } from '@/components/product/ProductPicture';
import { DetailRows } from '@/components/ui/DetailRows';
import { Panel } from '@/components/ui/Panel';
import { requirePageUser } from '@/lib/accounts';
import { formatMoney, toCents } from '@/lib/core/money';
import { approvalForViewer, orderExpiredMessage, orderPage, type StepActor } from '@/lib/orders';
import type { Order } from '@/lib/orders';
import { STATUS_LABELS } from '@/lib/orders';

export const metadata: Metadata = { title: 'Order' };

type Props = { params: Promise<{ id: string }> };

/**
 * Why a cancelled order was cancelled, in words; its stock went back in every case. An order
 * its company did not approve (rejected, or not approved in time) says so in its approval note.
 */
function cancelledText(order: Pick<Order, 'cancelReason' | 'createdAt' | 'payBy'>): string {
  switch (order.cancelReason) {
    case 'expired':
      return orderExpiredMessage(order);
    case 'deleted':
      return 'The buyer deleted this order. Its stock was returned.';
    default:
      return 'The store cancelled this order before it was paid. Its stock was returned.';
  }
}

const actorLabels: Record<StepActor, string> = {
  you: 'by you',
  buyer: 'by the buyer',
  company: 'by the company’s approver',
  store: 'by the store',
  payment: 'card payment',
  system: 'automatically',
};

/**
 * One order's page, for its buyer, the members of its company or an admin (checked on the
 * server with the order access rule; anyone else, and a buyer whose order was deleted, gets the
 * 404 page): the product, the amounts (an order of several parts lists its lines), where it
 * goes, where it is (status and timeline), the carrier and tracking number once shipped, the
 * buyer's PO number when they gave one, and the invoice once paid. A company order's approval:
 * while it waits, who can approve it (named to the company's members only), until when its parts
 * are held and that its buyer is emailed the decision; once decided, who decided and when.
 */
export default async function OrderPage({ params }: Props) {
  const { id } = await params;
  const user = await requirePageUser(`/dashboard/order/${id}`);
  const page = await orderPage(user, id);
  if (!page) notFound();
  const { order, sku, actors } = page;
  // Who can approve it, named to members of the order's company only.
  const approval = await approvalForViewer(user, order);
  const decided = approval ? approvalState(order) : null;
  const approvalCancelled = decided === 'rejected' || decided === 'expired';
  const admin = user.role === 'admin';
  const shipped = order.trackingNumber !== null;
  // An order of several parts lists them below; its part number and unit price are its lines'.
  const multiLine = order.lines.length > 1;

  return (
    <section aria-labelledby="order-heading" className="max-w-3xl">
      <Link
        href={admin ? '/dashboard/manageorder' : '/dashboard/order'}
        className="text-sm font-medium text-brand-700 hover:underline"
      >
        ← {admin ? 'Manage Orders' : 'My Orders'}
      </Link>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <h1 id="order-heading" className="text-2xl font-bold text-slate-900">
          Order for {order.name}
        </h1>
        <StatusBadge status={order.status} />
      </div>
      <p className="mt-1 text-sm text-slate-600">
        Order <span className="break-all">{order._id}</span> · placed{' '}
        <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
      </p>

      <OrderApprovalNote order={order} approval={approval} on="order" testId="order-approval" />
      {order.status === 'cancelled' && !approvalCancelled ? (
        <p
          role="status"
          className="mt-4 rounded-lg border border-slate-300 bg-slate-50 p-4 text-sm text-slate-800"
        >
          {cancelledText(order)}
        </p>
      ) : null}

      <div className="mt-6 grid gap-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:grid-cols-[10rem_1fr]">
        <ProductPicture
          product={order}
          productId={order.productId}
          sizes="10rem"
          className="aspect-[4/3] w-full max-w-[16rem] rounded-md bg-slate-100 object-cover"
        />
        <div>
          <h2 className="text-lg font-semibold text-slate-900">{order.name}</h2>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <DetailRows
              termClassName="text-slate-600"
              rows={[
                !multiLine && {
                  term: 'Part number',
                  value: sku ?? 'Not recorded',
                  testId: 'order-sku',
                },
                !!order.quoteReference && {
                  term: 'Quote',
                  value: order.quoteReference,
                  testId: 'order-quote',
                },
                !!order.poNumber && {
                  term: 'PO number',
                  value: order.poNumber,
                  testId: 'order-po',
                  className: 'break-all',
                },
                {
                  term: 'Quantity',
                  value: order.quantity.toLocaleString('en-US'),
                  testId: 'order-quantity',
                },
                !multiLine && {
                  term: 'Unit price',
                  value: formatMoney(toCents(order.unitPrice)),
                  testId: 'order-unit-price',
                },
                {
                  term: 'Total',
                  value: formatMoney(toCents(order.price)),
                  testId: 'order-total',
                  className: 'font-semibold text-slate-900',
                  termClassName: 'font-semibold text-slate-900',
                },
                !!order.account && {
                  term: 'Payment',
                  value: order.paid
                    ? `On account (Net ${order.account.netDays}): paid`
                    : `On account (Net ${order.account.netDays}): ${
                        order.account.invoiceId
                          ? 'invoiced'
                          : order.account.invoiceOn === 'shipment'
                            ? 'invoiced when it ships'
                            : 'invoiced now'
                      }`,
                  testId: 'order-payment-terms',
                },
              ]}
            />
          </dl>
          <div className="mt-4 flex flex-wrap gap-3">
            {order.paid ? (
              <InvoiceLink order={order} label="Download invoice" className="btn-secondary" />
            ) : order.account?.invoiceId ? (
              <Link
                href={`/dashboard/invoices/${order.account.invoiceId}`}
                className="btn-secondary"
              >
                See the invoice
              </Link>
            ) : order.status === 'unpaid' && order.price > 0 ? (
              <Link href={`/dashboard/payment/${order._id}`} className="btn-primary">
                Payment
              </Link>
            ) : null}
          </div>
        </div>
      </div>

      {multiLine ? (
        <div className="mt-6">
          <Panel id="order-lines-heading" title={`Lines (${order.lines.length} parts)`}>
            <OrderLinesTable
              lines={order.lines}
              totalCents={toCents(order.price)}
              caption={`The order's ${order.lines.length} lines`}
              className="mt-3"
            />
          </Panel>
        </div>
      ) : null}

      <div className="mt-6 grid gap-6 sm:grid-cols-2">
        <Panel id="order-delivery-heading" title="Delivery">
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <DetailRows
              termClassName="text-slate-600"
              rows={[
                { term: 'Name', value: order.userName },
                { term: 'Email', value: order.email, className: 'break-all' },
                {
                  term: 'Address',
                  value: order.address,
                  testId: 'order-address',
                  className: 'break-words',
                },
                { term: 'Phone', value: order.phone, testId: 'order-phone' },
                shipped && { term: 'Carrier', value: order.carrier, testId: 'order-carrier' },
                shipped && {
                  term: 'Tracking number',
                  value: order.trackingNumber,
                  testId: 'order-tracking',
                  className: 'font-mono break-words',
                },
              ]}
            />
          </dl>
          {order.paid ? (
            <p className="mt-3 text-xs break-all text-slate-600">
              Transaction Id: {order.transactionId}
            </p>
          ) : null}
        </Panel>

        <Panel id="order-timeline-heading" title="Timeline">
          <ol
            className="mt-3 space-y-4 border-l-2 border-slate-200 pl-4"
            aria-label="Order timeline"
          >
            {order.history.map((step, index) => (
              <li key={`${step.status}-${step.at}`} className="relative">
                <span
                  aria-hidden="true"
                  className="absolute top-1.5 -left-[1.4rem] h-2.5 w-2.5 rounded-full bg-brand-600"
                />
                <p className="text-sm font-semibold text-slate-900">{STATUS_LABELS[step.status]}</p>
                <p className="text-xs text-slate-600">
                  <time dateTime={step.at}>{formatDateTime(step.at)}</time>
                  {actors[index] ? ` · ${actorLabels[actors[index]]}` : null}
                </p>
                {step.note ? (
                  <p className="mt-1 text-sm break-words text-slate-700">{step.note}</p>
                ) : null}
              </li>
            ))}
          </ol>
        </Panel>
      </div>
    </section>
  );
}
