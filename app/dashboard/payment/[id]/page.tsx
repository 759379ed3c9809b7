import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { CheckoutForm } from '@/components/order/CheckoutForm';
import { DetailRows } from '@/components/ui/DetailRows';
import { formatDateTime } from '@/lib/core/dates';
import { requirePageUser } from '@/lib/accounts';
import { formatMoney, toCents } from '@/lib/core/money';
import { orderCancelledMessage, orderForPaymentPage } from '@/lib/orders';
import { cardPaymentsAvailable } from '@/lib/orders';
import { messages } from '@/lib/core/messages';

export const metadata: Metadata = { title: 'Payment' };

type Props = { params: Promise<{ id: string }> };

/**
 * The payment page of one order: its details, 'Please pay: $price', the time it must be paid by
 * (its own `payBy`), the card entry; for an order that expired unpaid, a note saying so instead
 * of the card entry.
 */
export default async function PaymentPage({ params }: Props) {
  const { id } = await params;
  const user = await requirePageUser(`/dashboard/payment/${id}`);
  // Someone else's order is as unknown as a missing one.
  const order = await orderForPaymentPage(user, id);
  if (!order) notFound();

  return (
    <section aria-labelledby="payment-heading" className="max-w-xl">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <p className="text-sm text-slate-500">Hello, {order.userName}</p>
        <h1 id="payment-heading" className="mt-1 text-2xl font-bold text-slate-900">
          Pay for {order.name}
        </h1>
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
        <p className="mt-4 text-lg font-semibold text-slate-900" data-testid="payment-amount">
          Please pay: {formatMoney(toCents(order.price))}
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
        ) : order.status === 'cancelled' ? (
          <p role="status" data-testid="payment-expired">
            {orderCancelledMessage(order)}
          </p>
        ) : cardPaymentsAvailable() ? (
          <CheckoutForm
            order={{
              _id: order._id,
              price: order.price,
              userName: order.userName,
              email: order.email,
            }}
          />
        ) : (
          <p role="status">{messages.payment.notConfigured}</p>
        )}
      </div>
    </section>
  );
}
