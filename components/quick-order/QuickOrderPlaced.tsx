import Link from 'next/link';
import { RowHeader, Table, Td } from '@/components/ui/Table';
import { formatMoney, toCents } from '@/lib/core/money';
import type { QuickOrderResult } from '@/lib/orders';
import { OrderLink } from '@/components/order/OrderLink';
import { lineLabel } from './line-label';

/**
 * What a placed quick order did (POST /api/quick-order): the orders placed, each with links to
 * the order and its payment page, the lines not ordered and why, and the way to My Orders.
 */
export function QuickOrderPlaced({
  idPrefix,
  result,
}: {
  idPrefix: string;
  result: QuickOrderResult;
}) {
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
        {result.placed.length} order{result.placed.length === 1 ? '' : 's'} placed
      </h2>
      {result.placed.length ? (
        <Table columns={['Line', 'Product', 'Quantity', 'Price/payment']} headings="plain">
          {result.placed.map((line) => (
            <tr key={line.orderId} data-order-id={line.orderId}>
              <RowHeader className="whitespace-nowrap">{lineLabel(line.lines)}</RowHeader>
              <Td>
                <OrderLink orderId={line.orderId}>{line.productName}</OrderLink>
                <span className="block font-mono text-xs text-slate-600">{line.partNumber}</span>
              </Td>
              <Td className="tabular-nums">{line.quantity}</Td>
              <Td>
                <span className="font-semibold text-slate-900">
                  {formatMoney(toCents(line.price))}
                </span>
                <Link
                  href={`/dashboard/payment/${line.orderId}`}
                  className="btn-primary mt-1 ml-2 px-3 py-1"
                  aria-label={`Payment: ${line.productName}`}
                >
                  Payment
                </Link>
              </Td>
            </tr>
          ))}
        </Table>
      ) : null}
      {result.failed.length ? (
        <div>
          <h3 className="font-semibold text-slate-900">
            {result.failed.length} line{result.failed.length === 1 ? '' : 's'} not ordered
          </h3>
          <ul className="mt-2 space-y-1 text-sm">
            {result.failed.map((line) => (
              <li key={line.lines.join('-')}>
                <span className="font-medium text-slate-900">{lineLabel(line.lines)}</span>{' '}
                <span className="font-mono break-all text-slate-700">{line.text}</span>:{' '}
                <span className="text-red-700">{line.message}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <p>
        <Link href="/dashboard/order" className="btn-secondary">
          Go to My Orders
        </Link>
      </p>
    </section>
  );
}
