import Link from 'next/link';
import { RowHeader, Table, Td } from '@/components/ui/Table';
import { formatMoney, toCents } from '@/lib/core/money';
import type { FailedLine, QuickOrderResult } from '@/lib/orders';
import { OrderLink } from '@/components/order/OrderLink';
import { lineLabel } from './line-label';

/** The lines a quick order could not order (or put in the order list), each with why. */
export function QuickOrderFailed({ failed, verb }: { failed: FailedLine[]; verb: string }) {
  if (!failed.length) return null;
  return (
    <div>
      <h3 className="font-semibold text-slate-900">
        {failed.length} line{failed.length === 1 ? '' : 's'} not {verb}
      </h3>
      <ul className="mt-2 space-y-1 text-sm">
        {failed.map((line) => (
          <li key={line.lines.join('-')}>
            <span className="font-medium text-slate-900">{lineLabel(line.lines)}</span>{' '}
            <span className="font-mono break-all text-slate-700">{line.text}</span>:{' '}
            <span className="text-red-700">{line.message}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * What a placed quick order did (POST /api/quick-order): its one order with every line, the
 * order's total and its payment link, the lines not ordered and why, and the way to My Orders.
 */
export function QuickOrderPlaced({
  idPrefix,
  result,
}: {
  idPrefix: string;
  result: QuickOrderResult;
}) {
  const { order, placed } = result;
  return (
    <section
      aria-labelledby={`${idPrefix}-result`}
      className="space-y-4"
      data-testid="quick-order-result"
    >
      <h2
        id={`${idPrefix}-result`}
        tabIndex={-1}
        className="text-xl font-semibold text-slate-900 focus:outline-none"
      >
        {order
          ? `One order placed with ${placed.length} line${placed.length === 1 ? '' : 's'}`
          : 'No order placed'}
      </h2>
      {order ? (
        <>
          <Table columns={['Line', 'Product', 'Quantity', 'Line total']} headings="plain">
            {placed.map((line) => (
              <tr key={line.productId} data-order-id={line.orderId}>
                <RowHeader className="whitespace-nowrap">{lineLabel(line.lines)}</RowHeader>
                <Td>
                  <OrderLink orderId={line.orderId}>{line.productName}</OrderLink>
                  <span className="block font-mono text-xs text-slate-600">{line.partNumber}</span>
                </Td>
                <Td className="tabular-nums">{line.quantity}</Td>
                <Td className="tabular-nums">{formatMoney(toCents(line.price))}</Td>
              </tr>
            ))}
          </Table>
          <p className="flex flex-wrap items-center gap-3">
            <span className="text-slate-700">
              Order total:{' '}
              <span className="font-semibold text-slate-900">
                {formatMoney(toCents(order.price))}
              </span>
            </span>
            <Link
              href={`/dashboard/payment/${order._id}`}
              className="btn-primary px-3 py-1"
              aria-label={`Payment: ${order.name}`}
            >
              Payment
            </Link>
          </p>
        </>
      ) : null}
      <QuickOrderFailed failed={result.failed} verb="ordered" />
      <p>
        <Link href="/dashboard/order" className="btn-secondary">
          Go to My Orders
        </Link>
      </p>
    </section>
  );
}
