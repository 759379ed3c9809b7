import Link from 'next/link';
import { RowHeader, Table, Td } from '@/components/ui/Table';
import type { QuickOrderCartResult } from '@/lib/orders';
import { lineLabel } from './line-label';
import { QuickOrderFailed } from './QuickOrderPlaced';

/**
 * What "Add to order list" did (POST /api/quick-order/cart): the lines put in the order list,
 * the lines that were not and why, and the way to the list, where they are priced and checked
 * out as one order.
 */
export function QuickOrderAdded({
  idPrefix,
  result,
}: {
  idPrefix: string;
  result: Pick<QuickOrderCartResult, 'added' | 'failed'> & { lineCount: number };
}) {
  const { added } = result;
  return (
    <section
      aria-labelledby={`${idPrefix}-added`}
      className="space-y-4"
      data-testid="quick-order-added"
    >
      <h2
        id={`${idPrefix}-added`}
        tabIndex={-1}
        className="text-xl font-semibold text-slate-900 focus:outline-none"
      >
        {added.length} line{added.length === 1 ? '' : 's'} added to your order list
      </h2>
      {added.length ? (
        <Table columns={['Line', 'Product', 'Quantity added']} headings="plain">
          {added.map((line) => (
            <tr key={line.productId}>
              <RowHeader className="whitespace-nowrap">{lineLabel(line.lines)}</RowHeader>
              <Td>
                {line.productName}
                <span className="block font-mono text-xs text-slate-600">{line.partNumber}</span>
              </Td>
              <Td className="tabular-nums">{line.quantity}</Td>
            </tr>
          ))}
        </Table>
      ) : null}
      <QuickOrderFailed failed={result.failed} verb="added" />
      <p className="text-sm text-slate-600">
        Your order list has {result.lineCount} line{result.lineCount === 1 ? '' : 's'}. Where a part
        was already in it, the quantity was added to its line.
      </p>
      <p>
        <Link href="/dashboard/cart" className="btn-primary">
          Open the order list
        </Link>
      </p>
    </section>
  );
}
