import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import Link from 'next/link';
import { CheckoutForm } from '@/components/order/CheckoutForm';
import { OrderLinesTable } from '@/components/order/OrderLinesTable';
import { DetailRows } from '@/components/ui/DetailRows';
import { formatDateTime } from '@/lib/core/dates';
import { requirePageUser } from '@/lib/accounts';
import { formatMoney, toCents } from '@/lib/core/money';
import {
  approvalForViewer,
  bankTransferInstructions,
  cardPaymentsAvailable,
  MAX_CARD_AMOUNT_CENTS,
  orderCancelledMessage,
  orderForPaymentPage,
  paymentsConfigured,
} from '@/lib/orders';
import { BankTransferPanel } from '@/components/order/BankTransferPanel';
import { messages } from '@/lib/core/messages';
import { approvalWording } from '@/lib/core/b2b-wording/approval';
import { approvalState, OrderApprovalNote } from '@/components/approvals/OrderApprovalNote';

export const metadata: Metadata = { title: 'Payment' };

type Props = { params: Promise<{ id: string }> };

/**
 * The payment page of one order: its details, every line (part number, name, quantity, unit
 * price, line total) and the total, 'Please pay: $price', the time it must be paid by (its own
 * `payBy`), the card entry; for an order that expired unpaid, a note saying so instead of the
 * card entry; and the bank transfer, for any order (the only way for one above the largest card
 * payment): its account and reference once chosen, with what is still to send. Headed "Pay for"
 * only while it is to be paid: an order awaiting its company's approval is headed so and says,
 * instead of the payment, why it waits, who can approve it (named to the company's members
 * only), until when its parts are held and that its buyer is emailed the decision, with a link
 * to the order's page; one its company did not approve says so.
 */
export default async function PaymentPage({ params }: Props) {
  const { id } = await params;
  const user = await requirePageUser(`/dashboard/payment/${id}`);
  // Someone else's order is as unknown as a missing one.
  const order = await orderForPaymentPage(user, id);
  if (!order) notFound();
  // Chosen before: the transfer's instructions as Stripe shows them now (what is left to send).
  const transfer = order.status === 'unpaid' ? await bankTransferInstructions(order) : null;
  // A company order's approval: who can approve it (named to the company's members only).
  const approval = await approvalForViewer(user, order);
  const state = approval ? approvalState(order) : null;
  const notApproved = state === 'rejected' || state === 'expired';

  return (
    <section aria-labelledby="payment-heading" className="max-w-xl">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <p className="text-sm text-slate-500">Hello, {order.userName}</p>
        <h1 id="payment-heading" className="mt-1 text-2xl font-bold text-slate-900">
          {approvalWording.payHeading({
            name: order.name,
            state:
              state === 'waiting'
                ? 'waiting'
                : notApproved
                  ? 'not_approved'
                  : order.status === 'unpaid'
                    ? 'to_pay'
                    : 'other',
          })}
        </h1>
        {state === 'approved' ? (
          <div className="mt-2">
            <OrderApprovalNote
              order={order}
              approval={approval}
              on="payment"
              testId="payment-approved"
            />
          </div>
        ) : null}
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <DetailRows
            termClassName="text-slate-500"
            rows={[
              {
                term: 'Email',
                value: order.email,
                className: 'break-all',
                testId: 'payment-email',
              },
              { term: 'Name', value: order.name, testId: 'payment-name' },
              { term: 'Quantity', value: order.quantity },
            ]}
          />
        </dl>
        <p className="mt-3 text-sm text-slate-600" data-testid="payment-description">
          {order.description}
        </p>
        <OrderLinesTable
          lines={order.lines}
          totalCents={order.totalCents}
          caption={`The order's ${order.lines.length === 1 ? 'line' : `${order.lines.length} lines`}`}
          className="mt-4"
        />
        <p className="mt-4 text-lg font-semibold text-slate-900" data-testid="payment-amount">
          {order.status === 'unpaid' && !order.account ? 'Please pay' : 'Order total'}:{' '}
          {formatMoney(toCents(order.price))}
        </p>
        {order.status === 'unpaid' ? (
          <p className="mt-1 text-sm text-slate-600" data-testid="payment-pay-by">
            Pay by <time dateTime={order.payBy}>{formatDateTime(order.payBy)}</time>: an order still
            unpaid then is cancelled and its stock released.
          </p>
        ) : null}
      </div>
      <div className="mt-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        {order.paid ? (
          <div role="status">
            <p className="font-semibold text-green-700">PAID</p>
            <p className="mt-1 text-sm break-all">Transaction Id: {order.transactionId}</p>
          </div>
        ) : notApproved ? (
          <OrderApprovalNote
            order={order}
            approval={approval}
            on="payment"
            testId="payment-not-approved"
          />
        ) : order.status === 'cancelled' ? (
          <p role="status" data-testid="payment-expired">
            {orderCancelledMessage(order)}
          </p>
        ) : order.account && order.status !== 'awaiting_approval' ? (
          <div role="status" data-testid="payment-on-account" className="text-sm text-slate-800">
            <p className="font-semibold text-slate-900">
              This order is on your company’s account (Net {order.account.netDays}).
            </p>
            <p className="mt-1">
              There is nothing to pay here: it is paid by its invoice,{' '}
              {order.account.invoiceId
                ? 'which your company’s accounts team has under Invoices.'
                : order.account.invoiceOn === 'shipment'
                  ? 'sent when the order ships.'
                  : 'sent now.'}
            </p>
          </div>
        ) : order.status === 'awaiting_approval' ? (
          <OrderApprovalNote
            order={order}
            approval={approval}
            on="payment"
            testId="payment-awaiting-approval"
          />
        ) : order.totalCents > MAX_CARD_AMOUNT_CENTS ? (
          paymentsConfigured() ? (
            <BankTransferPanel orderId={order._id} initial={transfer} required />
          ) : (
            <div role="status" data-testid="payment-card-limit" className="text-sm text-slate-800">
              <p className="font-semibold text-slate-900">
                This order is larger than a single card payment allows (
                {formatMoney(MAX_CARD_AMOUNT_CENTS)}).
              </p>
              <p className="mt-1">
                Request a quote for these parts instead: we answer with prices and how to pay.{' '}
                {order.lines.length === 1 ? (
                  <Link
                    href={`/product/${order.productId}`}
                    className="font-medium text-brand-700 underline underline-offset-2"
                  >
                    Request a quote on the part&rsquo;s page
                  </Link>
                ) : (
                  <Link
                    href="/dashboard/quotes"
                    className="font-medium text-brand-700 underline underline-offset-2"
                  >
                    Your quotes
                  </Link>
                )}
              </p>
            </div>
          )
        ) : transfer ? (
          <BankTransferPanel orderId={order._id} initial={transfer} required={false} />
        ) : cardPaymentsAvailable() ? (
          <>
            <CheckoutForm
              order={{
                _id: order._id,
                price: order.price,
                userName: order.userName,
                email: order.email,
              }}
            />
            <div className="mt-6 border-t border-slate-200 pt-4">
              <BankTransferPanel orderId={order._id} initial={null} required={false} />
            </div>
          </>
        ) : (
          <p role="status">{messages.payment.notConfigured}</p>
        )}
      </div>
    </section>
  );
}
